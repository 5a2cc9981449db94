package io.rpcbench.benchmark.seeds;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.Length;
import io.rpcbench.benchmark.scenario.RecordedCells;
import io.rpcbench.benchmark.scenario.Stop;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Seed 002's delay matrix: 40 cells in the seed's places (a row per delay, a column per system and size), the seed's
 * calls per thread in --full by the rule the class states, and its table sealed by a golden file from recorded runs.
 */
class Seed002DelayScenarioTest {

    private final Seed002DelayScenario scenario = new Seed002DelayScenario();

    @TempDir
    Path dir;

    @Test
    void tableMatchesTheGoldenTextInAnyLocale() throws IOException {
        List<Cell> cells = scenario.cells(Length.SHORT);
        long[] received = cells.stream().mapToLong(c -> c.payloadBytes().getAsInt() + 40L).toArray();
        received[cells.size() - 1] = -1; // the last Thrift cell failed
        List<CellResult> results = RecordedCells.of(dir, cells, received,
                "JMeter exited with code 1 running seed-002-delay-thrift.jmx");
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY); // decimal commas, if anything read the default locale
        try {
            String text = scenario.table(results).withNote("ours: a test machine, 2 vCPUs").text();

            assertThat(text.lines().toList()).isEqualTo(GoldenTables.golden("seed-002-delay-table.txt"));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void everyDelayAndSizeForEachSystemAt300ThreadsAgainstAPoolOf600() {
        List<Cell> cells = scenario.cells(Length.SHORT);

        assertThat(cells).hasSize(40);
        assertThat(cells).extracting(Cell::row).containsOnly("delay 0 ms", "delay 10 ms", "delay 20 ms",
                "delay 50 ms", "delay 100 ms");
        assertThat(cells).extracting(Cell::column).containsOnly("Dubbo 10", "Dubbo 1000", "Dubbo 5000",
                "Dubbo 10000", "Thrift 10", "Thrift 1000", "Thrift 5000", "Thrift 10000");
        assertThat(cells).allSatisfy(cell -> {
            assertThat(cell.threads()).isEqualTo(300);
            assertThat(cell.setup().providerOptions()).containsSubsequence("--threads", "600");
            assertThat(cell.properties().get("size_bytes")).isEqualTo(Integer.toString(cell.payloadBytes()
                    .getAsInt()));
            assertThat(cell.name()).startsWith(cell.plan().endsWith("dubbo") ? "dubbo-" : "thrift-");
        });
        assertThat(cells.get(7).name()).isEqualTo("dubbo-10ms-10000");
        assertThat(cells.get(7).properties()).containsEntry("delay_ms", "10").containsEntry("size_bytes", "10000");
    }

    @Test
    void theSystemsHaveTheirOwnProviderSoThatThreadsAndMemoryAreTheirs() {
        List<Cell> cells = scenario.cells(Length.SHORT);

        assertThat(cells.stream().map(Cell::setup).distinct()).hasSize(2);
        assertThat(cells.subList(0, 20)).extracting(Cell::plan).containsOnly("seed-002-delay-dubbo");
        assertThat(cells.subList(20, 40)).extracting(Cell::plan).containsOnly("seed-002-delay-thrift");
    }

    @ParameterizedTest(name = "{0} ms, {1} chars: {2} calls per thread")
    @CsvSource({"0,10,5000", "20,1000,5000", "20,5000,2000", "50,10,2000", "100,10000,2000", "10,10000,2000"})
    void fullMakesTheSeedsCallsPerThreadFewerForSlowOrLargeCells(int delay, int size, int calls) {
        Stop stop = Seed002DelayScenario.stop(Length.FULL, delay, size);

        assertThat(stop).isEqualTo(Stop.calls(10, calls, 1800));
    }

    @Test
    void shortRunsEachCellByDurationAndTheMatrixInMinutes() {
        List<Cell> cells = scenario.cells(Length.SHORT);

        assertThat(cells).extracting(Cell::stop).containsOnly(Stop.timed(3, 10));
        assertThat(cells.stream().mapToInt(c -> c.stop().runSeconds()).sum()).isEqualTo(40 * 13);
    }

    @Test
    void theSeedsColumnsSayTheMatrixWasAnImageAndQuoteItsResources() {
        List<Cell> cells = scenario.cells(Length.SHORT);

        assertThat(cells.subList(0, 20)).allSatisfy(cell -> assertThat(cell.seed().orElseThrow().figures())
                .containsEntry("TPS", "image").containsEntry("provider RSS MB", "50-200"));
        assertThat(cells.subList(20, 40)).allSatisfy(cell -> assertThat(cell.seed().orElseThrow().title())
                .contains("mac-rpc 1.0.1 (no public artefact"));
        assertThat(Seed002DelayScenario.SEED_002_MAC_RPC.figures()).containsEntry("provider RSS MB", "~50")
                .containsEntry("provider CPU (% of a core)", "25 %");
    }
}
