package io.rpcbench.benchmark.seeds.seed004;

import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.CellSetup;
import io.rpcbench.benchmark.scenario.Figure;
import io.rpcbench.benchmark.scenario.Length;
import io.rpcbench.benchmark.scenario.Scenario;
import io.rpcbench.benchmark.scenario.ScenarioTable;
import io.rpcbench.benchmark.scenario.Stop;
import io.rpcbench.benchmark.seeds.extra.Dubbo27ProviderExtra;
import io.rpcbench.benchmark.seeds.extra.GrpcProviderExtra;
import io.rpcbench.reports.figures.DashboardData;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Seed 004, Dubbo's own benchmark of Dubbo 3 (apache/dubbo-benchmark's user service): three calls of
 * {@code io.rpcbench.user.UserService} (module {@code user-api}) - the no-argument method {@code ping}, the POJO
 * return {@code getUser}, the POJO list return {@code listUser} (a page of 15 users) - over the seed's five stacks,
 * 32 JMeter threads over one connection, each cell one stack and one call of plan {@code seed-004-user-service}
 * (its property {@code user.stack} picks the stack's thread group, {@code user.method} and {@code user.arguments}
 * the call). The stacks, in the seed's order:
 * <ul>
 * <li>Dubbo + Hessian2 2.7: the Dubbo 2.7.23 provider ({@link Dubbo27ProviderExtra}, its dubbo protocol only),
 * called by the sampler's Dubbo 3.3 consumer (the seed's consumer was 2.7 too; ours is not);</li>
 * <li>the seed's four Dubbo 3.0 stacks on the Dubbo 3.3 of the project: the provider app with
 * {@code --user-service}, which serves each stack on a port of its own under the group of the stack's name, and
 * announces each in its ready line ({@code user-dubbo-hessian2=dubbo://127.0.0.1:P ...}): Dubbo + Hessian2, Dubbo +
 * Protobuf (serialization protobuf, the .proto's interface), Triple + Protobuf (Dubbo's generated stub), Triple +
 * Protobuf(Hessian) (triple wrapping hessian2, the Java interface).</li>
 * </ul>
 * Every call goes through {@code DubboServiceSampler} with {@code invocation=typed} (the user-api jar is in the laid
 * out JMeter's {@code lib/ext}) by the stack's direct URL, which the site hands the plan as
 * {@code <stack>.address} (the 2.7 provider's as {@code dubbo.address}); the protobuf stacks take the request
 * message as JSON.
 *
 * <p>The table is the seed's: a row per call, a column per stack, ours beside the seed's ops/s and P99 (ours in ms
 * with microsecond resolution, from the samplers' own timing), with the provider JVM's CPU and GC pauses in each
 * cell's window (the agent reads the 2.7 provider's in its column). A cell whose plan fails is empty with the measured
 * reason; a cell whose calls fail says so in a note with the first failure's message.
 *
 * <p>Beside the seed's: a sixth column, gRPC ({@link GrpcProviderExtra}: a plain grpc-java server of the same
 * {@code .proto}, called by grpc-java's own client), and three rows of the {@code .proto}'s streams (server, client,
 * bidirectional ping-pong) over the two stacks that stream, Triple + Protobuf and gRPC, with their per-message
 * figures ({@link #MESSAGES_PER_SECOND}, {@link #MESSAGE_P99_MS}).
 *
 * <p>{@link Length#SHORT}: {@value #SHORT_WARMUP_SECONDS} s warm-up, {@value #SHORT_MEASURED_SECONDS} s measured (the
 * seed's 15 cells in about 10 minutes on 2 vCPUs, the 24 with gRPC and the streams in about 15);
 * {@link Length#FULL}: {@value #FULL_WARMUP_SECONDS} s warm-up, {@value #FULL_MEASURED_SECONDS} s measured (the seed gives no duration, only "under sustained load").
 */
public final class Seed004Scenario implements Scenario {

    static final String NAME = "seed-004";
    static final String PLAN = "seed-004-user-service";

    /** The seed's load: 32 consumer threads ("the concurrency where qps and rt balance on this machine"). */
    static final int THREADS = 32;
    /** The seed's single connection: the sampler's consumer opens one, which the threads of a cell share. */
    static final int CONNECTIONS = 1;

    /**
     * Short: the Dubbo consumer's set-up takes 1 to 5 s of the warm-up on 2 vCPUs, and JMeter's start and report
     * about 12 s a cell: the 15 cells of 10 + 15 s took 9 min 10 s. Not steady (measured: 14 of 15 windows still
     * rising, a fresh JMeter JVM per cell): what the scenario prints; figures need {@link Length#FULL}.
     */
    static final int SHORT_WARMUP_SECONDS = 10;
    static final int SHORT_MEASURED_SECONDS = 15;
    static final int FULL_WARMUP_SECONDS = 60;
    static final int FULL_MEASURED_SECONDS = 180;

    /** The most of a failed sample's message a note quotes. */
    static final int MESSAGE_CHARS = 240;

    /** The plan's properties a cell sets. */
    static final String STACK_PROPERTY = "user.stack";
    static final String METHOD_PROPERTY = "user.method";
    static final String ARGUMENTS_PROPERTY = "user.arguments";
    static final String CONNECTIONS_PROPERTY = "connections";
    static final String LABEL_PROPERTY = "label";

    /** The seed's throughput: every sample of the window per second (a stream's sample is the whole stream). */
    static final Figure OPS = Figure.number("ops/s", 0, r -> r.figures().map(f -> f.total().tps()).orElse(null));

    /** A stream cell's messages received per second of the window (every stream's added); none for a call. */
    static final Figure MESSAGES_PER_SECOND = Figure.number("msgs/s received", 0, r -> streams(r)
            .map(DashboardData.Streams::receivedPerSecond).orElse(null));

    /**
     * A stream cell's per-message latency p99: a ping-pong's round trip, else the gap between two messages received;
     * a client stream (one answer) has neither.
     */
    static final Figure MESSAGE_P99_MS = Figure.number("msg p99 ms", 3, r -> streams(r).map(streams ->
            streams.roundTrips() != null ? streams.roundTrips() : streams.gaps()).map(DashboardData.Percentiles::p99Ms)
            .orElse(null));

    static final List<Figure> FIGURES = List.of(OPS, Figure.P99_MS, MESSAGES_PER_SECOND, MESSAGE_P99_MS,
            Figure.ERROR_PERCENT, Figure.RECEIVED_BYTES, Figure.PROVIDER_CPU, Figure.GC_COLLECTIONS,
            Figure.GC_PAUSE_MS);

    /** The Dubbo 2.7 provider, dubbo protocol only, beside the provider app (which its cells do not call). */
    static final CellSetup DUBBO27 = CellSetup.provider().with(Dubbo27ProviderExtra.of("--protocols", "dubbo"));
    /** The provider app serving the user service's four Dubbo 3.3 stacks, each on a free port. */
    static final CellSetup USER_SERVICE = CellSetup.provider("--user-service", "--user-service-port", "0");
    /**
     * The plain grpc-java server of the same .proto beside the provider app (which its cells do not call): the user
     * service's set-up with the server added, so that it starts beside the provider the cells before left running.
     */
    static final CellSetup GRPC = USER_SERVICE.with(GrpcProviderExtra.of());

    /**
     * A stack: its column, its name (the plan's {@code user.stack}, the provider's ready-line key), the seed's index
     * of it (-1: not the seed's), whether its calls take protobuf messages, whether it streams (the .proto's streams
     * over HTTP/2), and what it needs running.
     */
    record Stack(String column, String key, int seedIndex, boolean protobuf, boolean streams, CellSetup setup) {}

    /**
     * A call: its row, the seed's index of it, the method, its arguments for the Java interface (hessian2) and for
     * the .proto's (a request message as JSON), and the nominal bytes of its answer: its protobuf encoding, the
     * smallest of the stacks' (measured: UserProtoDesk's user 7 is 206 bytes, page 1 3,155).
     */
    record Call(String row, int seedIndex, String method, String javaArguments, String protobufArguments,
            int answerBytes, String streamSend) {

        /** A call of the seed's, over every stack. */
        Call(String row, int seedIndex, String method, String javaArguments, String protobufArguments,
                int answerBytes) {
            this(row, seedIndex, method, javaArguments, protobufArguments, answerBytes, "");
        }

        /** One of the .proto's streams, not the seed's: over the stacks that stream only. */
        boolean stream() {
            return seedIndex < 0;
        }
    }

    /** The stacks in the seed's order (the table's columns). */
    static final List<Stack> STACKS = List.of(
            new Stack("Dubbo + Hessian2 2.7.23", "dubbo27", 0, false, false, DUBBO27),
            new Stack("Dubbo + Hessian2 3.3", "user-dubbo-hessian2", 1, false, false, USER_SERVICE),
            new Stack("Dubbo + Protobuf 3.3", "user-dubbo-protobuf", 2, true, false, USER_SERVICE),
            new Stack("Triple + Protobuf 3.3", "user-tri-protobuf", 3, true, true, USER_SERVICE),
            new Stack("Triple + Protobuf(Hessian) 3.3", "user-tri-hessian2", 4, false, false, USER_SERVICE),
            new Stack("gRPC (grpc-java 1.85)", "grpc", -1, true, true, GRPC));

    /** The user asked for, and the page listed (users 15 to 29). */
    static final long USER_ID = 7;
    static final int PAGE_NO = 1;
    /** The messages a client stream sends: five UserRequests, ids 1 to 5. */
    static final String FIVE_IDS = "[{\"id\": 1}, {\"id\": 2}, {\"id\": 3}, {\"id\": 4}, {\"id\": 5}]";
    /** The plan's property that paces a client's stream ({@code stream_send}). */
    static final String STREAM_SEND_PROPERTY = "stream_send";

    /** The calls in the seed's order (the table's rows). */
    static final List<Call> CALLS = List.of(
            new Call("no-argument method", 0, "ping", "[]", "[{}]", 0),
            new Call("POJO return", 1, "getUser", "[" + USER_ID + "]", "[{\"id\": " + USER_ID + "}]", 206),
            new Call("POJO list return", 2, "listUser", "[" + PAGE_NO + "]", "[{\"pageNo\": " + PAGE_NO + "}]",
                    3155),
            new Call("server stream (15 users)", -1, "streamUsers", "", "[{\"pageNo\": " + PAGE_NO + "}]", 3090,
                    ""),
            new Call("client stream (5 ids)", -1, "collectUsers", "", FIVE_IDS, 1040, ""),
            new Call("bidirectional stream, ping-pong (5 ids)", -1, "chatUsers", "", FIVE_IDS, 1030, "after each answer"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "Dubbo 2.7 and 3.3 (hessian2, protobuf), triple (protobuf, hessian2) and plain gRPC: ping, getUser, "
                + "listUser, and the .proto's three streams over triple and gRPC, 32 threads over one connection "
                + "(24 cells)";
    }

    /** Grouped by set-up (the Dubbo 2.7 provider's first, the seed's first column), each stack's calls in turn. */
    @Override
    public List<Cell> cells(Length length) {
        Stop stop = length.choose(Stop.timed(SHORT_WARMUP_SECONDS, SHORT_MEASURED_SECONDS),
                Stop.timed(FULL_WARMUP_SECONDS, FULL_MEASURED_SECONDS));
        Set<CellSetup> setups = new LinkedHashSet<>();
        STACKS.forEach(stack -> setups.add(stack.setup()));
        List<Cell> cells = new ArrayList<>();
        for (CellSetup setup : setups) {
            for (Stack stack : STACKS) {
                if (stack.setup().equals(setup)) {
                    CALLS.stream().filter(call -> !call.stream() || stack.streams())
                            .forEach(call -> cells.add(cell(stack, call, stop)));
                }
            }
        }
        return cells;
    }

    private static Cell cell(Stack stack, Call call, Stop stop) {
        String name = stack.key() + "-" + call.method();
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(STACK_PROPERTY, stack.key());
        properties.put(METHOD_PROPERTY, call.method());
        properties.put(ARGUMENTS_PROPERTY, stack.protobuf() ? call.protobufArguments() : call.javaArguments());
        properties.put(CONNECTIONS_PROPERTY, Integer.toString(CONNECTIONS));
        properties.put(LABEL_PROPERTY, name);
        properties.put(STREAM_SEND_PROPERTY, call.streamSend());
        Cell cell = Cell.of(call.row(), stack.column(), PLAN).named(name).properties(properties).threads(THREADS)
                .stop(stop).setup(stack.setup()).payloadBytes(call.answerBytes());
        return stack.seedIndex() < 0 || call.stream() ? cell
                : cell.seed(Seed004Published.column(stack.seedIndex(), call.seedIndex(), OPS, Figure.P99_MS));
    }

    /** The per-message figures of a stream cell's window; empty for a call's cell. */
    private static Optional<DashboardData.Streams> streams(CellResult result) {
        return result.figures().map(f -> f.total().streams());
    }

    /** The seed's layout whatever order the cells ran in: its calls as rows, its stacks as columns. */
    @Override
    public ScenarioTable table(List<CellResult> results) {
        List<String> rows = CALLS.stream().map(Call::row).toList();
        List<String> columns = STACKS.stream().map(Stack::column).toList();
        List<CellResult> inSeedOrder = results.stream()
                .sorted(Comparator.comparingInt((CellResult r) -> order(rows, r.cell().row()))
                        .thenComparingInt(r -> order(columns, r.cell().column())))
                .toList();
        ScenarioTable table = ScenarioTable.of(NAME, "Dubbo 3's protocols and serializations: three calls of the "
                + "user service over five stacks, 32 threads over one connection (seed 004, section 3.2; ours "
                + "beside the seed's)", FIGURES, inSeedOrder)
                .withNote("columns: the seed's 'Dubbo + Hessian2 2.7' is our Dubbo 2.7.23 provider called by the "
                        + "Dubbo 3.3 JMeter consumer (the seed's consumer was 2.7 too); its four '3.0' columns are "
                        + "Dubbo 3.3.6, the project's; Triple + Protobuf(Hessian): triple wrapping hessian2 (the Java "
                        + "interface, no IDL); Dubbo + Protobuf: the dubbo protocol with serialization protobuf")
                .withNote("calls: ping(), getUser(" + USER_ID + "), listUser(" + PAGE_NO + ") (a page of 15 users) "
                        + "by DubboServiceSampler with invocation=typed (the user-api jar in JMeter's lib/ext), by "
                        + "each stack's direct URL; the protobuf stacks' request messages are given as JSON")
                .withNote("one connection: connections=" + CONNECTIONS + ", and a cell's threads share one Dubbo "
                        + "consumer, so one connection to the provider (Dubbo shares one connection per provider "
                        + "address); triple carries the concurrent calls as HTTP/2 streams over it")
                .withNote("gRPC (grpc-java 1.85): not the seed's; the same .proto served by a plain grpc-java server "
                        + "(module grpc-provider, protoc-gen-grpc-java's stub) and called by grpc-java's own client "
                        + "(GrpcServiceSampler, its types from the server's reflection), no Dubbo on either side: the "
                        + "baseline beside Triple + Protobuf, one HTTP/2 connection (one channel) for the threads")
                .withNote("streams (not the seed's rows): over the two stacks of the .proto on HTTP/2, one sample a "
                        + "whole stream (ops/s: streams a second, p99 ms: a stream's time from open to close); "
                        + "server stream: page " + PAGE_NO + "'s 15 users, one message each; client stream: 5 ids "
                        + "sent at once, one page back; bidirectional: 5 ids, each sent when the answer to the one "
                        + "before came (a ping-pong); msgs/s received: every stream's messages a second; msg p99 ms: "
                        + "a ping-pong's round trip, else the gap between two messages received (the stream_figures "
                        + "of every sample, added; a client stream's one answer has neither)")
                .withNote("ops/s counts every sample of the window (the seed's successes; error % says how many "
                        + "failed); p99 ms from the samplers' own microsecond timing (elapsed_us)")
                .withNote("recv B/sample: over the dubbo protocol the answer's bytes as Dubbo's codec counts them "
                        + "(its header included); over triple, which counts none, a protobuf answer's own bytes (its "
                        + "serialized size, without gRPC's 5-byte frame header; ping's empty message shows the 2 bytes "
                        + "of its JSON {}, as JMeter counts the response data of a sample of 0 bytes) and a hessian2 "
                        + "answer's JSON text as the sampler shows it")
                .withNote("provider CPU: the provider JVM's, % of one core; GC collections and pause ms: its "
                        + "stop-the-world pauses in the window (young collections, and full ones or G1's remark and "
                        + "cleanup if any), read by the agent from the JVM's own counters; the 2.7 column measures "
                        + "the Dubbo 2.7 provider");
        for (CellResult result : inSeedOrder) {
            Optional<String> failures = failures(result);
            if (failures.isPresent()) {
                table = table.withNote(failures.get());
            }
        }
        return table;
    }

    /**
     * "row, column (cell): N of M samples failed, e.g. code: message" for a measured cell with failed samples: the
     * measured reason a stack could not serve a call, which its figures alone would hide.
     */
    static Optional<String> failures(CellResult result) {
        if (result.isEmpty() || result.errors() == 0) {
            return Optional.empty();
        }
        Cell cell = result.cell();
        String example = result.figures().map(DashboardData.RunData::errors).filter(errors -> !errors.isEmpty())
                .map(errors -> ", e.g. " + errors.get(0).code() + ": " + abbreviate(errors.get(0).exampleMessage()))
                .orElse("");
        return Optional.of(String.format(Locale.ROOT, "%s, %s (%s): %,d of %,d samples failed%s",
                cell.row(), cell.column(), cell.name(), result.errors(), result.samples(), example));
    }

    /** At most {@value #MESSAGE_CHARS} characters of a failure's message: its first lines say what failed. */
    private static String abbreviate(String message) {
        String oneLine = message == null ? "" : message.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= MESSAGE_CHARS ? oneLine : oneLine.substring(0, MESSAGE_CHARS) + " ...";
    }

    /** Its place in {@code order}; names not there (cells of another scenario) last, in their own order. */
    private static int order(List<String> order, String name) {
        int index = order.indexOf(name);
        return index < 0 ? order.size() : index;
    }
}
