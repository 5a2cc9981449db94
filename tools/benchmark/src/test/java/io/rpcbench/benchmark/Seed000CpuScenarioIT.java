package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.scenario.CellResult;
import org.junit.jupiter.api.Test;

/**
 * Seed 000's CPU scenario shortened through {@code --scenario}: its cell filled (the provider's int answer), and the
 * provider host's CPU read per core from the agent, which the table prints beside the total. Every sample of the plan
 * sent the 1 KiB string and got the built length (an int) back, checked by the plan.
 */
class Seed000CpuScenarioIT {

    @Test
    void theCellIsFilledAndTheProviderHostsCpuIsReadPerCore() throws Exception {
        ScenarioShortRun.Result run = ScenarioShortRun.run("seed-000-cpu");

        ScenarioShortRun.assertEveryCellFilled(run);
        CellResult cell = run.cells().get(0);
        assertThat(cell.providerCoreCpuPercent()).as("per core; output:%n%s", run.output()).isNotEmpty()
                .hasSizeLessThanOrEqualTo(16)
                .allSatisfy(percent -> assertThat(percent).isBetween(0.0, 100.0));
        assertThat(cell.figures().orElseThrow().server().providerCpuPercent()).isNotNull();
        assertThat(ScenarioShortRun.samples(cell)).isNotEmpty().allSatisfy(sample -> {
            assertThat(sample.success()).as("success of %s", sample).isTrue();
            assertThat(sample.sentBytes()).isGreaterThanOrEqualTo(1024);
            assertThat(sample.bytes()).isPositive().isLessThan(512);
        });
        assertThat(run.output()).containsPattern("(?m)^ +provider host CPU per core % +[0-9.]+( / [0-9.]+)* +-$")
                .containsPattern("(?m)^ +provider host cores min / max % +[0-9.]+ / [0-9.]+ +passed$");
    }
}
