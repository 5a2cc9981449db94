package io.rpcbench.benchmark.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * What a cell needs running: the provider app with its options (e.g. {@code --threads 600}) and any
 * {@link ExtraProcess}es beside it. The runner restarts the processes only when the next cell's set-up is not equal
 * to the running one, so cells with the same set-up share one provider (and its warm JIT).
 *
 * <pre>{@code
 * CellSetup pool600 = CellSetup.provider("--threads", "600");
 * CellSetup withDubbo27 = CellSetup.provider().with(dubbo27);
 * }</pre>
 *
 * @param providerOptions the provider app's options beyond its ports
 * @param extras          further processes, started after the provider in this order
 */
public record CellSetup(List<String> providerOptions, List<ExtraProcess> extras) {

    /** The provider app with its defaults and nothing else: the set-up of seed 003's plans. */
    public static final CellSetup DEFAULT = provider();

    public CellSetup {
        providerOptions = List.copyOf(providerOptions);
        extras = List.copyOf(extras);
    }

    /** The provider app with {@code options}, no extra process. */
    public static CellSetup provider(String... options) {
        return new CellSetup(List.of(options), List.of());
    }

    /** This set-up with {@code process} started too. */
    public CellSetup with(ExtraProcess process) {
        List<ExtraProcess> more = new ArrayList<>(extras);
        more.add(process);
        return new CellSetup(providerOptions, more);
    }

    /** In words, e.g. "provider app --threads 600, dubbo27-provider --protocol rmi". */
    public String describe() {
        StringBuilder out = new StringBuilder("provider app");
        if (!providerOptions.isEmpty()) {
            out.append(' ').append(String.join(" ", providerOptions));
        }
        extras.forEach(extra -> out.append(", ").append(extra));
        return out.toString();
    }
}
