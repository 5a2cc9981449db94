package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.scenario.CellResult;
import org.junit.jupiter.api.Test;

/**
 * Seed 002's delay matrix shortened through {@code --scenario} (2 threads, a few seconds per cell, 40 cells): every
 * cell filled with the text size it names, each call at least as slow as the provider's sleep, the provider's
 * threads read at each cell's end, and the matrix printed a row per delay with the seed's "image" beside ours.
 */
class Seed002DelayScenarioIT {

    @Test
    void everyCellIsFilledWithItsSizeAndTakesAtLeastItsDelay() throws Exception {
        ScenarioShortRun.Result run = ScenarioShortRun.run("seed-002-delay");

        ScenarioShortRun.assertEveryCellFilled(run);
        assertThat(run.cells()).hasSize(40);
        for (CellResult cell : run.cells()) {
            int delayMs = Integer.parseInt(cell.cell().properties().get("delay_ms"));
            assertThat(cell.figures().orElseThrow().total().averageMs()).as("%s mean ms", cell.cell().name())
                    .isGreaterThanOrEqualTo(delayMs);
            assertThat(cell.providerThreads()).as("%s provider threads", cell.cell().name()).isPresent();
        }
        assertThat(run.output()).contains("seed-002-delay: ")
                .containsPattern("(?m)^delay 0 ms +samples ")
                .containsPattern("(?m)^delay 100 ms +samples ")
                .containsPattern("(?m)^ +TPS( +[0-9.]+ +image){8}$")
                .contains("mac-rpc 1.0.1 (boarsoft.com) has no public artefact");
    }
}
