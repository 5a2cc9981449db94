package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.reports.figures.DashboardData;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Seed 004's matrix shortened through {@code --scenario} (2 threads, a few seconds per cell): every call over every
 * stack filled without a failed sample, the list's answer a page of users (5 to 20 times the size of one user's on
 * the same stack: hessian2 writes the user's class once a page), the provider JVM's CPU and GC read in every cell, and
 * the table printed in the seed's layout with the seed's figures beside ours, the gRPC column and the stream rows
 * beside them (every stream's messages counted, its per-message latency present). The answers' contents are checked by
 * {@link Seed004PlanAnswersIT}. {@code ./run-tests} runs one cell of each stack (its provider and serialization), the
 * three calls spread over them, Triple + Protobuf's cell a ping-pong and gRPC's a server stream, and checks each
 * answer's size against its call's; {@code ./run-tests --full} runs all 24 and compares the calls' answers stack by stack. The table's layout
 * with every cell is sealed by {@code Seed004ScenarioTest} on recorded results.
 */
class Seed004ScenarioIT {

    /**
     * Bytes of a ping's answer at most, on any stack: a header, and an empty or null result (measured: 31 B over dubbo
     * with hessian2, 222 B with protobuf, whose serialization names the Empty message's class; "{}" and "null" as
     * JSON over triple).
     */
    private static final int EMPTY_ANSWER_BYTES = 512;

    private static final List<String> FAST_CELLS = List.of("dubbo27-listUser", "user-dubbo-hessian2-getUser",
            "user-dubbo-protobuf-ping", "user-tri-protobuf-chatUsers", "user-tri-hessian2-getUser", "grpc-streamUsers");

    @Test
    void everyCallOverEveryStackIsFilledAndTheTableIsTheSeeds() throws Exception {
        ScenarioShortRun.Result run = ScenarioShortRun.runCells("seed-004", FAST_CELLS);

        assertThat(run.exit()).as("exit code; output:%n%s", run.output()).isZero();
        ScenarioShortRun.assertRanCells(run, 24, FAST_CELLS);
        for (CellResult cell : run.cells()) {
            String name = cell.cell().name();
            assertThat(cell.emptyReason()).as("%s is empty; output:%n%s", name, run.output()).isEmpty();
            assertThat(cell.samples()).as("%s samples", name).isPositive();
            assertThat(cell.errors()).as("%s failed samples (see %s); output:%n%s", name, cell.folder(), run.output())
                    .isZero();
            DashboardData.ServerFigures server = cell.figures().orElseThrow().server();
            assertThat(server.providerCpuPercent()).as("%s provider CPU", name).isNotNull();
            assertThat(server.gcCollections()).as("%s provider GC collections", name).isNotNull();
        }
        Map<String, CellResult> byName = run.cells().stream()
                .collect(Collectors.toMap(c -> c.cell().name(), Function.identity()));
        // The streams: every message of every stream counted, with its per-message latency (stream_figures).
        for (CellResult cell : run.cells()) {
            String name = cell.cell().name();
            DashboardData.Streams streams = cell.figures().orElseThrow().total().streams();
            if (!cell.cell().row().contains("stream")) {
                assertThat(streams).as("%s: a call, not a stream", name).isNull();
                continue;
            }
            assertThat(streams.streams()).as("%s streams", name).isEqualTo(cell.samples());
            long perStream = name.endsWith("-streamUsers") ? 15 : name.endsWith("-collectUsers") ? 1 : 5;
            assertThat(streams.received()).as("%s messages received", name).isEqualTo(perStream * streams.streams());
            // a ping-pong's round trips; a server stream's gaps; a client stream's one answer: its time to come
            assertThat(name.endsWith("-chatUsers") ? streams.roundTrips()
                    : name.endsWith("-collectUsers") ? streams.firstMessage() : streams.gaps())
                    .as("%s per-message latency", name).isNotNull();
        }
        assertThat(run.output()).containsPattern("(?m)^server stream \\(15 users\\) +ops/s ")
                .containsPattern("(?m)^ +msgs/s received ")
                .contains("gRPC (grpc-java 1.85)");
        assertThat(run.output()).contains("seed-004: ")
                .contains("seed 004, section 3.2 (apache/dubbo-benchmark, Dubbo 2.7 and 3.0): provider and consumer each 4 "
                        + "cores");
        if (!TestVolume.full()) {
            // One call per stack: each answer against its call's nominal size (protobuf's encoding, the smallest).
            assertThat(bytes(byName, "user-dubbo-protobuf-ping")).as("ping's answer bytes")
                    .isLessThanOrEqualTo(EMPTY_ANSWER_BYTES);
            for (String getUser : List.of("user-dubbo-hessian2-getUser", "user-tri-hessian2-getUser")) {
                assertThat(bytes(byName, getUser)).as("%s answer bytes", getUser).isBetween(206.0, 20 * 206.0);
            }
            assertThat(bytes(byName, "dubbo27-listUser")).as("dubbo27-listUser answer bytes: a page of 15 users")
                    .isBetween(3155.0, 20 * 3155.0);
            // A stream's sample receives all its messages: 15 users of about 206 bytes, 5 of them.
            assertThat(bytes(byName, "grpc-streamUsers")).as("grpc-streamUsers bytes: 15 users")
                    .isBetween(15 * 150.0, 15 * 400.0);
            assertThat(bytes(byName, "user-tri-protobuf-chatUsers")).as("user-tri-protobuf-chatUsers bytes: 5 users")
                    .isBetween(5 * 150.0, 5 * 400.0);
            // The one ping ran on Dubbo + Protobuf 3.3: ours beside the seed's, the other stacks' columns blank.
            assertThat(run.output()).containsPattern("(?m)^no-argument method +ops/s +[0-9]+ +24123$");
            return;
        }
        for (String stack : List.of("dubbo27", "user-dubbo-hessian2", "user-dubbo-protobuf", "user-tri-protobuf",
                "user-tri-hessian2", "grpc")) {
            double ping = bytes(byName, stack + "-ping");
            double user = bytes(byName, stack + "-getUser");
            double page = bytes(byName, stack + "-listUser");
            assertThat(ping).as("%s ping's answer bytes", stack).isLessThanOrEqualTo(EMPTY_ANSWER_BYTES);
            assertThat(user).as("%s getUser's answer bytes", stack).isGreaterThan(ping);
            assertThat(page).as("%s listUser's answer bytes: a page of 15 users, getUser's %s", stack, user)
                    .isBetween(5 * user, 20 * user);
        }
        assertThat(run.output())
                .containsPattern("(?m)^no-argument method +ops/s +[0-9]+ +30333 +[0-9]+ +30414 +[0-9]+ +24123 "
                        + "+[0-9]+ +7016 +[0-9]+ +6635 +[0-9]+$") // then gRPC's, which the seed has not
                .containsPattern("(?m)^ +p99 ms +[0-9]+\\.[0-9]{3} +2\\.5 ")
                .containsPattern("(?m)^POJO list return +ops/s +[0-9]+ +1916 ");
    }

    private static double bytes(Map<String, CellResult> cells, String name) {
        assertThat(cells).as("cells").containsKey(name);
        return cells.get(name).receivedBytesPerSample().orElseThrow();
    }
}
