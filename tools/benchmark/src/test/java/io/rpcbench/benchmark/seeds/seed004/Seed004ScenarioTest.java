package io.rpcbench.benchmark.seeds.seed004;

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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 004's matrix: 15 cells in the seed's places, and the gRPC column and the stream rows beside them (a row per call, a column per stack), each naming its stack, call
 * and arguments to the one plan at 32 threads over one connection, the Dubbo 2.7 provider's cells together; the seed's
 * figures quoted beside ours; and the table sealed by a golden file from recorded runs, with an empty cell and a cell
 * whose calls failed.
 */
class Seed004ScenarioTest {

    private static final String JMETER_FAILED = "JMeter exited with code 1 running seed-004-user-service.jmx";

    private final Seed004Scenario scenario = new Seed004Scenario();

    @TempDir
    Path dir;

    @Test
    void cellsAreEveryCallOverEveryStackAndTheStreamsOverTheStacksThatStreamAt32ThreadsOverOneConnection() {
        List<Cell> cells = scenario.cells(Length.SHORT);

        assertThat(cells).hasSize(6 * 3 + 2 * 3).allSatisfy(cell -> {
            assertThat(cell.plan()).isEqualTo("seed-004-user-service");
            assertThat(cell.threads()).isEqualTo(32);
            assertThat(cell.properties()).containsEntry("connections", "1")
                    .containsEntry("label", cell.name())
                    .containsKeys("user.stack", "user.method", "user.arguments", "stream_send");
            assertThat(cell.name()).isEqualTo(cell.properties().get("user.stack") + "-"
                    + cell.properties().get("user.method"));
        });
        assertThat(cells).extracting(Cell::row).containsOnly("no-argument method", "POJO return", "POJO list return",
                "server stream (15 users)", "client stream (5 ids)", "bidirectional stream, ping-pong (5 ids)");
        assertThat(cells.stream().map(Cell::column).distinct()).containsExactly("Dubbo + Hessian2 2.7.23",
                "Dubbo + Hessian2 3.3", "Dubbo + Protobuf 3.3", "Triple + Protobuf 3.3",
                "Triple + Protobuf(Hessian) 3.3", "gRPC (grpc-java 1.85)");
        assertThat(cells.stream().map(c -> c.properties().get("user.stack")).distinct()).containsExactly("dubbo27",
                "user-dubbo-hessian2", "user-dubbo-protobuf", "user-tri-protobuf", "user-tri-hessian2", "grpc");
        assertThat(cells).filteredOn(cell -> cell.row().contains("stream")).extracting(Cell::name)
                .containsExactlyInAnyOrder("user-tri-protobuf-streamUsers", "user-tri-protobuf-collectUsers",
                        "user-tri-protobuf-chatUsers", "grpc-streamUsers", "grpc-collectUsers", "grpc-chatUsers");
    }

    @Test
    void theProtobufStacksTakeTheRequestMessageAsJsonAndTheOthersTheJavaArguments() {
        List<Cell> cells = scenario.cells(Length.SHORT);

        assertThat(cell(cells, "dubbo27-ping").properties()).containsEntry("user.method", "ping")
                .containsEntry("user.arguments", "[]");
        assertThat(cell(cells, "user-tri-hessian2-getUser").properties()).containsEntry("user.arguments", "[7]");
        assertThat(cell(cells, "user-dubbo-hessian2-listUser").properties()).containsEntry("user.arguments", "[1]");
        assertThat(cell(cells, "user-dubbo-protobuf-ping").properties()).containsEntry("user.arguments", "[{}]");
        assertThat(cell(cells, "user-tri-protobuf-getUser").properties())
                .containsEntry("user.arguments", "[{\"id\": 7}]");
        assertThat(cell(cells, "user-tri-protobuf-listUser").properties())
                .containsEntry("user.arguments", "[{\"pageNo\": 1}]");
        assertThat(cell(cells, "grpc-getUser").properties()).containsEntry("user.arguments", "[{\"id\": 7}]")
                .containsEntry("stream_send", "");
        assertThat(cell(cells, "grpc-chatUsers").properties()).containsEntry("user.arguments", Seed004Scenario.FIVE_IDS)
                .containsEntry("stream_send", "after each answer");
        assertThat(cell(cells, "user-tri-protobuf-collectUsers").properties()).containsEntry("stream_send", "");
    }

    @Test
    void theDubbo27CellsRunFirstAndTogetherSoThatTheSetUpChangesOnce() {
        List<Cell> cells = scenario.cells(Length.SHORT);

        List<CellSetup> runs = new ArrayList<>();
        cells.forEach(cell -> {
            if (runs.isEmpty() || !runs.get(runs.size() - 1).equals(cell.setup())) {
                runs.add(cell.setup());
            }
        });

        assertThat(runs).containsExactly(Seed004Scenario.DUBBO27, Seed004Scenario.USER_SERVICE,
                Seed004Scenario.GRPC);
        assertThat(Seed004Scenario.GRPC.extras()).extracting(ExtraProcess::name).containsExactly("grpc-provider");
        assertThat(cells.subList(0, 3)).extracting(Cell::name).containsExactly("dubbo27-ping", "dubbo27-getUser",
                "dubbo27-listUser");
        assertThat(Seed004Scenario.DUBBO27.extras()).extracting(ExtraProcess::name).containsExactly("dubbo27-provider");
        assertThat(Seed004Scenario.DUBBO27.extras().get(0).options()).containsExactly("--protocols", "dubbo");
        assertThat(Seed004Scenario.USER_SERVICE.providerOptions())
                .containsExactly("--user-service", "--user-service-port", "0");
    }

    @Test
    void shortRunsTheMatrixInAboutFifteenMinutesAndFullAMinuteOfWarmUpAndThreeMeasured() {
        List<Cell> shortCells = scenario.cells(Length.SHORT);

        assertThat(shortCells).extracting(Cell::stop).containsOnly(Stop.timed(10, 15));
        // JMeter's start and report take about 12 s a cell on 2 vCPUs besides the plan's run.
        assertThat(shortCells.stream().mapToInt(c -> c.stop().runSeconds() + 12).sum()).isLessThanOrEqualTo(900);
        assertThat(scenario.cells(Length.FULL)).extracting(Cell::stop).containsOnly(Stop.timed(60, 180));
    }

    @Test
    void eachCellCarriesTheSeedsFiguresOfItsPlaceAsPrinted() {
        List<Cell> cells = scenario.cells(Length.SHORT);

        assertThat(cell(cells, "dubbo27-ping").seed().orElseThrow().figures())
                .containsOnly(Map.entry("ops/s", "30333"), Map.entry("p99 ms", "2.5"));
        assertThat(cell(cells, "user-dubbo-protobuf-getUser").seed().orElseThrow().figures())
                .containsEntry("ops/s", "21479").containsEntry("p99 ms", "3.0");
        assertThat(cell(cells, "user-tri-hessian2-listUser").seed().orElseThrow().figures())
                .containsEntry("ops/s", "2833").containsEntry("p99 ms", "27");
        assertThat(cells).filteredOn(c -> c.seed().isPresent()).hasSize(15)
                .extracting(c -> c.seed().orElseThrow().title()).containsOnly(Seed004Published.TITLE);
        assertThat(cells).filteredOn(c -> c.seed().isEmpty()).extracting(Cell::name).as("not the seed's")
                .allMatch(name -> name.startsWith("grpc-") || name.endsWith("Users") && !name.endsWith("listUser"));
    }

    @Test
    void aStackOrCallTheSeedDoesNotHaveIsRefusedNamingIt() {
        assertThatThrownBy(() -> Seed004Published.column(5, 0, Seed004Scenario.OPS, Figure.P99_MS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("seed 004 has no stack 5; expected 0 (Dubbo + Hessian2 2.7) to 4 (Triple + "
                        + "Protobuf(Hessian) 3.0)");
        assertThatThrownBy(() -> Seed004Published.column(0, -1, Seed004Scenario.OPS, Figure.P99_MS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("seed 004 has no call -1; expected 0 (no-argument method) to 2 (POJO list return)");
    }

    @Test
    void tableMatchesTheGoldenTextInAnyLocaleWhateverOrderTheCellsRanIn() throws IOException {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY); // decimal commas, if anything read the default locale
        try {
            String text = table().text();
            if (Boolean.getBoolean("rpcbench.golden.update")) { // to accept an intended change: review the diff
                Files.writeString(Path.of("src/test/resources/io/rpcbench/benchmark/seeds/seed-004-table.txt"), text);
            }
            assertThat(text.lines().toList()).isEqualTo(GoldenTables.golden("seed-004-table.txt"));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void aCellWhoseCallsFailedNamesHowManyAndTheFirstMessage() throws IOException {
        assertThat(table().notes()).contains("POJO return, Dubbo + Protobuf 3.3 (user-dubbo-protobuf-getUser): "
                + "5 of 20 samples failed, e.g. " + RecordedCells.FAILURE_CODE + ": " + RecordedCells.FAILURE_MESSAGE);
    }

    /**
     * Every cell measured with the provider's GC, but Triple + Protobuf's listUser (empty), and 5 of Dubbo +
     * Protobuf's getUser calls failed; in the run's order.
     */
    private ScenarioTable table() throws IOException {
        List<Cell> cells = scenario.cells(Length.SHORT);
        long[] bytes = new long[cells.size()];
        int[] failed = new int[cells.size()];
        for (int i = 0; i < cells.size(); i++) {
            Cell cell = cells.get(i);
            bytes[i] = cell.name().equals("user-tri-protobuf-listUser") ? -1 : cell.payloadBytes().getAsInt() + 40L;
            failed[i] = cell.name().equals("user-dubbo-protobuf-getUser") ? 5 : 0;
        }
        return scenario.table(RecordedCells.of(dir, cells, bytes, JMETER_FAILED, failed, true))
                .withNote("ours: a test machine, 2 vCPUs");
    }

    private static Cell cell(List<Cell> cells, String name) {
        return cells.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }
}
