package io.rpcbench.benchmark.seeds.seed000;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.Length;
import io.rpcbench.benchmark.scenario.RecordedCells;
import io.rpcbench.benchmark.scenario.Stop;
import io.rpcbench.benchmark.seeds.GoldenTables;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 000's CPU scenario: its one cell asks the plan for the provider host's cores, and its table (sealed by a golden
 * file from a recorded run: cores 0 and 1 at 30.5 and 50.5 %) shows them with the idlest and busiest core.
 */
class Seed000CpuScenarioTest {

    @TempDir
    Path dir;

    @Test
    void tableMatchesTheGoldenTextInAnyLocale() throws IOException {
        Seed000CpuScenario scenario = new Seed000CpuScenario(2);
        List<CellResult> results = RecordedCells.of(dir, scenario.cells(Length.SHORT), new long[] {88}, "unused");
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY); // decimal commas, if anything read the default locale
        try {
            String text = scenario.table(results).withNote("ours: a test machine, 2 vCPUs").text();

            assertThat(text.lines().toList()).isEqualTo(GoldenTables.golden("seed-000-cpu-table.txt"));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void theCellAsksThePlanForEachCoreOfTheProviderHost() {
        Cell cell = new Seed000CpuScenario(12).cells(Length.SHORT).get(0);

        assertThat(cell.plan()).isEqualTo("seed-000-cpu");
        assertThat(cell.properties()).containsEntry("provider.cores", "12").containsEntry("rounds", "10000");
        assertThat(cell.threads()).isEqualTo(20);
        assertThat(cell.name()).isEqualTo("dubbo-cpu");
    }

    @Test
    void shortRunsAMinuteAndFullTheSeedsTenMinutes() {
        Seed000CpuScenario scenario = new Seed000CpuScenario(2);

        assertThat(scenario.cells(Length.SHORT).get(0).stop()).isEqualTo(Stop.timed(30, 60));
        assertThat(scenario.cells(Length.FULL).get(0).stop()).isEqualTo(Stop.timed(60, 600));
    }

    @Test
    void aHostWithMoreCoresThanThePlanAsksForIsNoted() throws IOException {
        Seed000CpuScenario scenario = new Seed000CpuScenario(20);
        List<CellResult> results = RecordedCells.of(dir, scenario.cells(Length.SHORT), new long[] {-1}, "failed");

        assertThat(scenario.table(results).notes())
                .contains("the provider host has 20 cores; the plan asks for the first 16 only")
                .anySatisfy(note -> assertThat(note).startsWith("per core: the provider host's cores 0 to 15 "));
    }

    @Test
    void aHostWithoutCoresIsRefused() {
        assertThatThrownBy(() -> new Seed000CpuScenario(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the provider host has 0 cores; expected 1 or more");
    }
}
