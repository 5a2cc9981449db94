package io.rpcbench.reports.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.jtl.LoadGeneratorName;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** What is kept per load generator: in the generators' order, bounded, the rest counted together. */
class LoadGeneratorsTest {

    @Test
    void addressesSortInNumericOrderThenNamesThenTheBracketedOnes() {
        List<String> names = new ArrayList<>(List.of(LoadGenerators.NO_PREFIX, "gen.lab", "198.18.0.21",
                "198.18.0.3", "10.0.0.1:1099", LoadGenerators.OTHER, "alpha.lab"));
        names.sort(LoadGeneratorName.ORDER);

        assertThat(names).containsExactly("10.0.0.1:1099", "198.18.0.3", "198.18.0.21", "alpha.lab", "gen.lab",
                LoadGenerators.NO_PREFIX, LoadGenerators.OTHER);
    }

    @Test
    void generatorsPastTheLimitCountTogether() {
        LoadGenerators<long[]> generators = new LoadGenerators<>(() -> new long[1]);
        IntStream.range(0, LoadGenerators.MAX_GENERATORS + 5).forEach(i -> generators.of("10.0.0." + i)[0]++);

        assertThat(generators.inOrder()).hasSize(LoadGenerators.MAX_GENERATORS + 1);
        assertThat(generators.inOrder().get(LoadGenerators.OTHER)[0]).isEqualTo(5);
        assertThat(generators.inOrder().get("10.0.0.0")[0]).isEqualTo(1);
    }
}
