package io.rpcbench.benchmark.seeds.extra;

import io.rpcbench.benchmark.process.Dubbo27ProviderProcess;
import io.rpcbench.benchmark.scenario.ExtraProcess;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Dubbo 2.7 provider ({@link Dubbo27ProviderProcess}: the echo service over dubbo, rmi, hessian and http) as the
 * extra process of the cells that call it: every protocol on a free loopback port, no registry (the plans call its
 * direct endpoints), ready on its ready line. Its plan properties point seed 000's plans at it ({@code dubbo.address},
 * {@code rmi.port}, {@code hessian.port}, {@code http.port}) and name it as the provider the agent measures
 * ({@code provider.pid}), so that such a cell's provider CPU, RSS, GC and threads are the 2.7 provider's, not those
 * of the provider app, which the cell does not call.
 *
 * <pre>{@code
 * CellSetup legacy = CellSetup.provider().with(Dubbo27ProviderExtra.of());
 * }</pre>
 */
public final class Dubbo27ProviderExtra {

    static final String NAME = "dubbo27-provider";

    private Dubbo27ProviderExtra() {}

    /** The provider with {@code options} beyond its ports, e.g. {@code --protocols dubbo,rmi}. */
    public static ExtraProcess of(String... options) {
        return new ExtraProcess(NAME, List.of(options), Dubbo27ProviderExtra::start);
    }

    private static ExtraProcess.Running start(ExtraProcess.Context context) throws IOException {
        Dubbo27ProviderProcess process = Dubbo27ProviderProcess.start(context.layout(), context.options(),
                context.log());
        Map<String, String> properties = new LinkedHashMap<>(process.planProperties());
        properties.put("provider.pid", Long.toString(process.pid()));
        Map<String, String> planProperties = Map.copyOf(properties);
        return new ExtraProcess.Running() {
            @Override
            public long pid() {
                return process.pid();
            }

            @Override
            public Map<String, String> planProperties() {
                return planProperties;
            }

            @Override
            public void close() {
                process.close();
            }
        };
    }
}
