package io.rpcbench.benchmark.seeds.seed000;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellSetup;
import io.rpcbench.benchmark.scenario.ExtraProcess;
import io.rpcbench.benchmark.scenario.Figure;
import io.rpcbench.benchmark.scenario.Length;
import io.rpcbench.benchmark.scenario.RecordedCells;
import io.rpcbench.benchmark.scenario.ScenarioTable;
import io.rpcbench.benchmark.scenario.Stop;
import io.rpcbench.benchmark.seeds.GoldenTables;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 000's payload scenario: its cells (every system times every payload, grouped so that the Dubbo 2.7 provider
 * starts once), its published figures and comparison rows, and its table sealed by a golden file from fixed runs.
 */
class Seed000PayloadsScenarioTest {

    private static final String JMETER_FAILED = "JMeter exited with code 1 running seed-000-dubbo.jmx";

    private final Seed000PayloadsScenario scenario = new Seed000PayloadsScenario();

    @TempDir
    Path dir;

    @Test
    void cellsAreEverySystemWithEveryPayloadAtTenThreadsEachNamingItsPayload() {
        List<Cell> cells = scenario.cells(Length.SHORT);

        assertThat(cells).hasSize(28).allSatisfy(cell -> assertThat(cell.threads()).isEqualTo(10));
        assertThat(cells.stream().map(Cell::row).distinct()).hasSize(7);
        assertThat(cells.stream().map(Cell::column).distinct())
                .containsExactlyInAnyOrder("POJO (person ~1 KiB)", "1k string", "50k string", "200k string");
        assertThat(cells).allSatisfy(cell -> {
            assertThat(cell.name()).matches("[a-z0-9_]+-(pojo|1k|50k|200k)")
                    .isEqualTo(cell.properties().get("label"));
            assertThat(cell.payloadBytes().getAsInt()).hasToString(cell.properties().get("size_bytes"));
        });
        Cell pojo = cell(cells, "dubbo33_fastjson2-pojo");
        assertThat(pojo.plan()).isEqualTo("seed-000-dubbo");
        assertThat(pojo.properties()).containsEntry("payload", "person").containsEntry("size_bytes", "1024")
                .containsEntry("dubbo.serialization", "fastjson2");
        assertThat(cell(cells, "dubbo27_hessian2-200k").properties()).containsEntry("payload", "string")
                .containsEntry("size_bytes", "204800").containsEntry("dubbo.serialization", "hessian2");
        assertThat(cells.stream().collect(Collectors.groupingBy(Cell::plan, Collectors.counting())))
                .containsOnly(Map.entry("seed-000-dubbo", 12L), Map.entry("seed-000-rmi", 4L),
                        Map.entry("seed-000-hessian", 4L), Map.entry("seed-000-http-json", 4L),
                        Map.entry("seed-000-thrift", 4L));
    }

    @Test
    void theDubbo27CellsRunTogetherSoThatItsProviderStartsOnceAndTheSetUpChangesOnce() {
        List<Cell> cells = scenario.cells(Length.SHORT);

        List<CellSetup> runs = new ArrayList<>();
        cells.forEach(cell -> {
            if (runs.isEmpty() || !runs.get(runs.size() - 1).equals(cell.setup())) {
                runs.add(cell.setup());
            }
        });

        assertThat(runs).containsExactly(Seed000PayloadsScenario.DUBBO27, Seed000PayloadsScenario.PROVIDER_APP);
        assertThat(Seed000PayloadsScenario.DUBBO27.extras()).extracting(ExtraProcess::name)
                .containsExactly("dubbo27-provider");
        assertThat(Seed000PayloadsScenario.PROVIDER_APP.providerOptions())
                .containsExactly("--serialization", "fastjson2");
        assertThat(cells.stream().filter(c -> c.setup().equals(Seed000PayloadsScenario.DUBBO27)).map(Cell::row)
                .distinct()).allMatch(row -> row.startsWith("Dubbo 2.7.23"));
    }

    @Test
    void shortRunsFifteenSecondsACellAndFullTheSeedsTenMinutesAfterAMinuteOfWarmUp() {
        assertThat(scenario.cells(Length.SHORT)).extracting(Cell::stop).containsOnly(Stop.timed(5, 10));
        assertThat(scenario.cells(Length.FULL)).extracting(Cell::stop).containsOnly(Stop.timed(60, 600));
    }

    @Test
    void theSeedsPercentagesFollowFromItsOwnFiguresByTheFormulaWeApplyToOurs() {
        for (int payload = 0; payload < 4; payload++) {
            for (String figure : List.of(Figure.TPS.name(), Figure.AVERAGE_MS.name())) {
                assertThat(percent(Seed000PublishedPayloads.DUBBO2_HESSIAN2, Seed000PublishedPayloads.DUBBO1_HESSIAN2,
                        payload, figure)).as("payload %d, %s", payload, figure).isEqualTo(published(
                                Seed000PublishedPayloads.DUBBO2_VS_DUBBO1, payload, figure));
                assertThat(percent(Seed000PublishedPayloads.DUBBO2_DUBBO_SERIALIZATION,
                        Seed000PublishedPayloads.DUBBO2_HESSIAN2, payload, figure)).as("payload %d, %s", payload,
                                figure).isEqualTo(published(Seed000PublishedPayloads.DUBBO_VS_HESSIAN2_SERIALIZATION,
                                        payload, figure));
            }
        }
    }

    @Test
    void aPublishedRowOrPayloadTheSeedDoesNotHaveIsRefusedNamingIt() {
        assertThatThrownBy(() -> Seed000PublishedPayloads.column("dubbo3", 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("seed 000 has no payload row "
                        + "'dubbo3'; expected one of [");
        assertThatThrownBy(() -> Seed000PublishedPayloads.column(Seed000PublishedPayloads.RMI, 4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("seed 000 has no payload 4; expected 0 (POJO) to 3 (200k string)");
    }

    @Test
    void tableMatchesTheGoldenTextInAnyLocaleWhateverOrderTheCellsRanIn() throws IOException {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY); // decimal commas, if anything read the default locale
        try {
            assertThat(table().text().lines().toList()).isEqualTo(GoldenTables.golden("seed-000-payloads-table.txt"));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void aComparisonWithAnEmptyCellShowsADashAndTheSeedsFigureStill() throws IOException {
        List<List<String>> rows = table().rows();
        int row = indexOf(rows, "fastjson2 vs hessian2, %");
        int column200k = 2 + 2 * 3;

        assertThat(rows.get(row).subList(1, 4)).containsExactly("TPS", "0.00", "13.56");
        assertThat(rows.get(row + 1).get(1)).isEqualTo("average ms");
        assertThat(rows.get(row + 1).subList(column200k, column200k + 2)).containsExactly("-", "-36.30");
    }

    /** Every cell measured (bytes as the clients count them), but Dubbo 3.3 fastjson2's 200k, in the run's order. */
    private ScenarioTable table() throws IOException {
        List<Cell> cells = scenario.cells(Length.SHORT);
        long[] bytes = new long[cells.size()];
        for (int i = 0; i < cells.size(); i++) {
            Cell cell = cells.get(i);
            bytes[i] = cell.name().equals("dubbo33_fastjson2-200k") ? -1 : cell.payloadBytes().getAsInt() + 10L * i;
        }
        return scenario.table(RecordedCells.of(dir, cells, bytes, JMETER_FAILED))
                .withNote("ours: a test machine, 2 vCPUs");
    }

    private static String percent(String compared, String base, int payload, String figure) {
        return PercentRow.format(PercentRow.percent(number(compared, payload, figure), number(base, payload, figure)));
    }

    private static double number(String row, int payload, String figure) {
        return Double.parseDouble(published(row, payload, figure));
    }

    private static String published(String row, int payload, String figure) {
        return Seed000PublishedPayloads.column(row, payload).figures().get(figure);
    }

    private static Cell cell(List<Cell> cells, String name) {
        return cells.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    private static int indexOf(List<List<String>> rows, String row) {
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).get(0).equals(row)) {
                return i;
            }
        }
        throw new AssertionError("no row '" + row + "' in " + rows);
    }
}
