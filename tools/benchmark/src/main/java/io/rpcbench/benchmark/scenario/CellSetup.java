package io.rpcbench.benchmark.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * What a cell needs running: the provider app with its options (e.g. {@code --threads 600}), as one process or as
 * several serving the same registry (seed 000's pressure test had two providers), and any {@link ExtraProcess}es
 * beside it. The runner restarts the processes only when the next cell's set-up is not equal
 * to the running one, so cells with the same set-up share one provider (and its warm JIT); a set-up that only
 * {@linkplain #adds adds} extra processes to the running one keeps what runs and starts the extras.
 *
 * <pre>{@code
 * CellSetup pool600 = CellSetup.provider("--threads", "600");
 * CellSetup withDubbo27 = CellSetup.provider().with(dubbo27);
 * CellSetup twoProviders = CellSetup.provider().providers(2);
 * }</pre>
 *
 * @param providerOptions the provider app's options beyond its ports
 * @param extras          further processes, started after the provider in this order
 * @param providers       provider apps, each with {@code providerOptions}: the first holds the embedded ZooKeeper,
 *                        the others register in it, so the plans' consumers find them all through one registry
 */
public record CellSetup(List<String> providerOptions, List<ExtraProcess> extras, int providers) {

    /** The provider app with its defaults and nothing else: the set-up of seed 003's plans. */
    public static final CellSetup DEFAULT = provider();

    public CellSetup {
        providerOptions = List.copyOf(providerOptions);
        extras = List.copyOf(extras);
        if (providers < 1) {
            throw new IllegalArgumentException("a cell's set-up has " + providers + " providers; expected 1 or more");
        }
    }

    /** The provider app with {@code options}, no extra process. */
    public static CellSetup provider(String... options) {
        return new CellSetup(List.of(options), List.of(), 1);
    }

    /** This set-up with {@code process} started too. */
    public CellSetup with(ExtraProcess process) {
        List<ExtraProcess> more = new ArrayList<>(extras);
        more.add(process);
        return new CellSetup(providerOptions, more, providers);
    }

    /** This set-up with {@code count} provider apps serving one registry. */
    public CellSetup providers(int count) {
        return new CellSetup(providerOptions, extras, count);
    }

    /**
     * The extra processes this set-up has beyond {@code running}'s, when it is {@code running} with more extras
     * started after its own (same providers, same options, {@code running}'s extras first); empty when it differs
     * otherwise, or adds nothing.
     */
    public List<ExtraProcess> adds(CellSetup running) {
        if (running == null || !running.providerOptions.equals(providerOptions) || running.providers != providers
                || running.extras.size() >= extras.size()
                || !extras.subList(0, running.extras.size()).equals(running.extras)) {
            return List.of();
        }
        return extras.subList(running.extras.size(), extras.size());
    }

    /** In words, e.g. "provider app --threads 600, dubbo27-provider --protocol rmi". */
    public String describe() {
        StringBuilder out = new StringBuilder(providers == 1 ? "provider app"
                : providers + " provider apps (one registry)");
        if (!providerOptions.isEmpty()) {
            out.append(' ').append(String.join(" ", providerOptions));
        }
        extras.forEach(extra -> out.append(", ").append(extra));
        return out.toString();
    }
}
