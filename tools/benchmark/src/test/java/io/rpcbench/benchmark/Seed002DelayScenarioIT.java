package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.scenario.CellResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seed 002's delay matrix shortened through {@code --scenario} (2 threads, a few seconds per cell): every cell filled
 * with the text size it names, each call at least as slow as the provider's sleep, the provider's threads read at each
 * cell's end, and the matrix printed a row per delay with the seed's "image" beside ours. {@code ./run-tests} runs one
 * cell of each system (its plan and provider set-up), at two delays and two sizes; {@code ./run-tests --full} all 40.
 * The table's layout with every cell is sealed by {@code Seed002DelayScenarioTest} on recorded results.
 */
class Seed002DelayScenarioIT {

    private static final List<String> FAST_CELLS = List.of("dubbo-100ms-10000", "thrift-50ms-1000");

    @Test
    void everyCellIsFilledWithItsSizeAndTakesAtLeastItsDelay() throws Exception {
        ScenarioShortRun.Result run = ScenarioShortRun.runCells("seed-002-delay", FAST_CELLS);

        ScenarioShortRun.assertEveryCellFilled(run);
        ScenarioShortRun.assertRanCells(run, 40, FAST_CELLS);
        for (CellResult cell : run.cells()) {
            int delayMs = Integer.parseInt(cell.cell().properties().get("delay_ms"));
            assertThat(cell.figures().orElseThrow().total().averageMs()).as("%s mean ms", cell.cell().name())
                    .isGreaterThanOrEqualTo(delayMs);
            assertThat(cell.providerThreads()).as("%s provider threads", cell.cell().name()).isPresent();
        }
        assertThat(run.output()).contains("seed-002-delay: ")
                .contains("mac-rpc 1.0.1 (boarsoft.com) has no public artefact");
        if (TestVolume.full()) {
            assertThat(run.output()).containsPattern("(?m)^delay 0 ms +samples ")
                    .containsPattern("(?m)^delay 100 ms +samples ")
                    .containsPattern("(?m)^ +TPS( +[0-9.]+ +image){8}$");
        } else {
            // Two columns (Dubbo 10000, Thrift 1000), each filled in its own delay's row only, the seed's "image"
            // beside ours.
            assertThat(run.output()).containsPattern("(?m)^delay 100 ms +samples +[1-9][0-9]* +-$")
                    .containsPattern("(?m)^delay 50 ms +samples +[1-9][0-9]* +-$");
            assertThat(run.output().lines().filter(line -> line.matches(" +TPS +[0-9.]+ +image"))).hasSize(2);
        }
    }
}
