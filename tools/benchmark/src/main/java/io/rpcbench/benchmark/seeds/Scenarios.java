package io.rpcbench.benchmark.seeds;

import io.rpcbench.benchmark.scenario.Scenario;
import io.rpcbench.benchmark.seeds.seed000.Seed000CpuScenario;
import io.rpcbench.benchmark.seeds.seed000.Seed000PayloadsScenario;
import io.rpcbench.benchmark.seeds.seed000.Seed000PressureScenario;
import io.rpcbench.benchmark.seeds.seed000.Seed000StabilityScenario;
import io.rpcbench.benchmark.seeds.seed004.Seed004DiscoveryScenario;
import io.rpcbench.benchmark.seeds.seed004.Seed004Scenario;
import java.util.List;
import java.util.Optional;

/**
 * Every scenario {@code ./run-benchmark --scenario NAME} knows, in the order {@code --scenarios} lists them. Adding a
 * scenario is one class implementing {@link Scenario} and one line here.
 */
public final class Scenarios {

    /** The scenario {@code ./run-benchmark} runs when none is named. */
    public static final String DEFAULT = Seed003Scenario.NAME;

    static final List<Scenario> ALL = List.of(
            new Seed003Scenario(),
            new Seed000PayloadsScenario(),
            new Seed000CpuScenario(),
            new Seed000StabilityScenario(),
            new Seed000PressureScenario(),
            new Seed002DelayScenario(),
            new Seed003RestScenario(),
            new Seed004Scenario(),
            new Seed004DiscoveryScenario());

    private Scenarios() {}

    public static List<Scenario> all() {
        return ALL;
    }

    public static Optional<Scenario> named(String name) {
        return ALL.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** The names, in order, for messages. */
    public static List<String> names() {
        return ALL.stream().map(Scenario::name).toList();
    }
}
