package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rpcbench.sampler.dubbo.triple.ServerReflection;
import io.rpcbench.sampler.json.ExactJson;
import io.rpcbench.seconds.StreamFigures;
import io.rpcbench.testing.JarProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.regex.Pattern;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.protocol.java.sampler.JavaSampler;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jorphan.collections.HashTree;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Any gRPC server, not only Dubbo's: seed 004's user service served by a plain grpc-java server (the grpc-provider
 * module's jar in a JVM of its own, protoc-gen-grpc-java's stub, no Dubbo on its side) called through
 * {@link DubboServiceSampler} by its {@code .proto} service name over h2c, and through {@link GrpcServiceSampler} with
 * grpc-java's own client, in JMeter's engine: unary, server streaming, client streaming and bidirectional (at once and as
 * a ping-pong), every message checked.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class GrpcServerIT {

    private static final String SERVICE = "rpcbench.user.UserService";
    private static final Pattern READY = Pattern.compile("grpc-user-server ready port=(\\d+)");
    private static final String DESCRIPTOR_SET = System.getProperty("rpcbench.user.protoset",
            "target/rpcbench-user.protoset");
    private static final int THREADS = 2;
    private static final int LOOPS = 3;

    @TempDir
    static Path home;

    private static JarProcess server;

    @BeforeAll
    static void start() throws Exception {
        JMeterTestHome.use(home);
        server = JarProcess.start(JarProcess.jar("rpcbench.grpc-provider.jar",
                "../targets/grpc-provider/target/rpcbench-grpc-provider.jar"), READY, "--port", "0");
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    /**
     * @param client {@code dubbo}: Dubbo's triple client ({@link DubboServiceSampler}, {@code proto-descriptor});
     *               {@code grpc-java}: grpc-java's own ({@link GrpcServiceSampler}), no Dubbo in the call's path
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"dubbo", "grpc-java"})
    void everyKindOfMethodOfAPlainGrpcServerInJMetersEngine(String client) throws Exception {
        boolean grpc = client.equals("grpc-java");
        String ids = "[{\"id\": 7}, {\"id\": 8}, {\"id\": 9}]";
        Map<String, String> pingPong = grpc ? grpcCall("chatUsers", ids) : call("chatUsers", ids);
        pingPong.put("stream_send", "after each answer");
        CollectedSamples samples = new CollectedSamples();
        BiFunction<String, String, Map<String, String>> call = grpc ? this::grpcCall : this::call;
        BiFunction<String, Map<String, String>, JavaSampler> sampler = grpc ? GrpcServerIT::grpcSampler
                : GrpcServerIT::sampler;
        HashTree plan = EnginePlans.of("plain gRPC server", LoadThreadGroup.of(THREADS, LOOPS), samples, List.of(
                sampler.apply("getUser", call.apply("getUser", "[{\"id\": 7}]")),
                sampler.apply("streamUsers", call.apply("streamUsers", "[{\"pageNo\": 2}]")),
                sampler.apply("collectUsers", call.apply("collectUsers", ids)),
                sampler.apply("chatUsers", call.apply("chatUsers", ids)),
                sampler.apply("chatUsers ping-pong", pingPong)));

        EnginePlans.runWithSampleVariables(plan, StreamFigures.VARIABLE);

        List<SampleResult> results = samples.results();
        assertThat(results).hasSize(THREADS * LOOPS * 5);
        assertThat(results).allSatisfy(r -> assertThat(r.isSuccessful()).as(r.getSampleLabel() + ": "
                + r.getResponseMessage()).isTrue());
        for (SampleResult result : results) {
            JsonNode json = ExactJson.MAPPER.readTree(result.getResponseDataAsString());
            String figures = samples.variable(result, StreamFigures.VARIABLE);
            switch (result.getSampleLabel()) {
                case "getUser" -> {
                    assertThat(json.path("name").asText()).isEqualTo("User 7");
                    assertThat(figures).as("not a stream").isEmpty();
                }
                case "streamUsers" -> {
                    assertThat(result.getResponseMessage()).isEqualTo("OK: 15 messages");
                    for (int i = 0; i < 15; i++) {
                        assertThat(json.get(i).path("name").asText()).isEqualTo("User " + (30 + i));
                    }
                    assertThat(StreamFigures.parse(figures).received()).isEqualTo(15);
                }
                case "collectUsers" -> {
                    assertThat(result.getResponseMessage()).isEqualTo("OK: 3 messages sent");
                    assertThat(json.path("users")).extracting(user -> user.path("name").asText())
                            .containsExactly("User 7", "User 8", "User 9");
                }
                default -> { // chatUsers, at once and as a ping-pong
                    assertThat(result.getResponseMessage()).isEqualTo("OK: 3 messages sent, 3 received");
                    assertThat(json).extracting(user -> user.path("name").asText())
                            .containsExactly("User 7", "User 8", "User 9");
                    StreamFigures stream = StreamFigures.parse(figures);
                    assertThat(stream.rttP50Us() >= 0).isEqualTo(result.getSampleLabel().endsWith("ping-pong"));
                }
            }
        }
    }

    /** grpc-java's client: a wrong address, method or message each fails with its category and what to change. */
    @Test
    void grpcJavasClientNamesEachBadInput() {
        Map<String, String> address = grpcCall("getUser", "[{\"id\": 7}]");
        address.put("address", "127.0.0.1:" + server.ready().group(1));
        Map<String, String> method = grpcCall("getUsers", "[{\"id\": 7}]");
        Map<String, String> message = grpcCall("getUser", "[{\"idd\": 7}]");
        Map<String, String> pace = grpcCall("collectUsers", "[{\"id\": 7}]");
        pace.put("stream_send", "after each answer");

        List<SampleResult> results = List.of(SamplerRun.runOnce(new GrpcServiceSampler(), address),
                SamplerRun.runOnce(new GrpcServiceSampler(), method),
                SamplerRun.runOnce(new GrpcServiceSampler(), message),
                SamplerRun.runOnce(new GrpcServiceSampler(), pace));

        assertThat(results).extracting(SampleResult::getResponseCode).containsOnly("bad-parameter");
        assertThat(results.get(0).getResponseMessage()).isEqualTo("address '127.0.0.1:" + server.ready().group(1)
                + "' is not a gRPC server's address; expected grpc://host:port (plaintext HTTP/2, as grpc-java's "
                + "usePlaintext)");
        assertThat(results.get(1).getResponseMessage()).startsWith("method 'getUsers' is not a method of "
                + "rpcbench.user.UserService; expected one of its methods: rpc ping(rpcbench.user.Empty)");
        assertThat(results.get(2).getResponseMessage()).startsWith("arguments[0] '{\"idd\":7}' does not fit the "
                + "protobuf message rpcbench.user.UserRequest");
        assertThat(results.get(3).getResponseMessage()).startsWith("stream_send 'after each answer' waits for an "
                + "answer to each message, and the method rpc collectUsers(stream rpcbench.user.UserRequest) returns "
                + "(rpcbench.user.Page) answers once");
    }

    /** No descriptor set: the server's reflection service describes the service, by proto name. */
    @Test
    void withoutADescriptorSetTheServersReflectionDescribesTheService() throws Exception {
        Map<String, String> parameters = call("getUser", "[{\"id\": 7}]");
        parameters.remove("proto_descriptor_set");
        Map<String, String> stream = call("chatUsers", "[{\"id\": 8}, {\"id\": 9}]");
        stream.remove("proto_descriptor_set");

        SampleResult user = SamplerRun.runOnce(new DubboServiceSampler(), parameters);
        SampleResult chat = SamplerRun.runOnce(new DubboServiceSampler(), stream);

        assertThat(user.isSuccessful()).as(user.getResponseMessage()).isTrue();
        assertThat(ExactJson.MAPPER.readTree(user.getResponseDataAsString()).path("name").asText()).isEqualTo("User 7");
        assertThat(chat.getResponseMessage()).isEqualTo("OK: 2 messages sent, 2 received");
    }

    /**
     * The interop trap of a Java name where the server knows the proto name (apache/dubbo #9199, #11977): the one
     * service of that simple name is used; a service the server lacks is named beside the services it has.
     */
    @Test
    void aJavaNameFindsTheProtoNameAndAnUnknownServiceNamesTheKnownOnes() throws Exception {
        Map<String, String> javaName = call("getUser", "[{\"id\": 7}]");
        javaName.remove("proto_descriptor_set");
        javaName.put("interface", "io.rpcbench.user.proto.UserService");
        Map<String, String> unknown = call("getUser", "[{\"id\": 7}]");
        unknown.remove("proto_descriptor_set");
        unknown.put("interface", "rpcbench.user.Nobody");

        SampleResult found = SamplerRun.runOnce(new DubboServiceSampler(), javaName);
        SampleResult notFound = SamplerRun.runOnce(new DubboServiceSampler(), unknown);

        assertThat(found.isSuccessful()).as(found.getResponseMessage()).isTrue();
        assertThat(notFound.getResponseCode()).isEqualTo("bad-parameter");
        assertThat(notFound.getResponseMessage()).startsWith("proto_descriptor_set '' is empty, and the server at "
                + "tri://127.0.0.1:" + server.ready().group(1) + " does not describe rpcbench.user.Nobody "
                + "(grpc.reflection.v1.ServerReflection: error 5: ")
                .contains("the services it knows: ").contains("rpcbench.user.UserService");
    }

    /** Everything the server's reflection describes: its service with every method and its kind, not reflection. */
    @Test
    void theServersReflectionDescribesItsServicesAndTheirMethods() {
        ServerReflection.Described described = ServerReflection.describe("tri://127.0.0.1:" + server.ready().group(1),
                10_000);

        assertThat(described.reflection()).isEqualTo("grpc.reflection.v1.ServerReflection");
        assertThat(described.methods()).containsOnlyKeys(SERVICE);
        assertThat(described.methods().get(SERVICE)).containsExactly(
                "rpc ping(rpcbench.user.Empty) returns (rpcbench.user.Empty)",
                "rpc getUser(rpcbench.user.UserRequest) returns (rpcbench.user.User)",
                "rpc listUser(rpcbench.user.PageRequest) returns (rpcbench.user.Page)",
                "rpc streamUsers(rpcbench.user.PageRequest) returns (stream rpcbench.user.User)",
                "rpc collectUsers(stream rpcbench.user.UserRequest) returns (rpcbench.user.Page)",
                "rpc chatUsers(stream rpcbench.user.UserRequest) returns (stream rpcbench.user.User)");
        assertThat(described.services().get(0).methods()).as("each method's first arguments: its request at defaults")
                .extracting(ServerReflection.ReflectedMethod::arguments)
                .containsExactly("[{}]", "[{\"id\":\"0\"}]", "[{\"pageNo\":0}]", "[{\"pageNo\":0}]",
                        "[{\"id\":\"0\"}]", "[{\"id\":\"0\"}]");
    }

    /** A server without reflection, and no descriptor set: the message names both reflection services tried. */
    @Test
    void aServerWithoutReflectionAndNoDescriptorSetSaysWhatWasTried() throws Exception {
        try (JarProcess bare = JarProcess.start(JarProcess.jar("rpcbench.grpc-provider.jar",
                "../targets/grpc-provider/target/rpcbench-grpc-provider.jar"), READY, "--port", "0", "--no-reflection")) {
            String address = "tri://127.0.0.1:" + bare.ready().group(1);
            Map<String, String> parameters = call("getUser", "[{\"id\": 7}]");
            parameters.remove("proto_descriptor_set");
            parameters.put("address", address);

            SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters);

            assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
            assertThat(result.getResponseMessage()).startsWith("proto_descriptor_set '' is empty, and the server at "
                    + address + " answered no gRPC reflection (grpc.reflection.v1.ServerReflection: ")
                    .contains("; grpc.reflection.v1alpha.ServerReflection: ")
                    .endsWith("expected the path of a descriptor set of the service's .proto (protoc "
                            + "--include_imports --descriptor_set_out=FILE), or a server with reflection on (Dubbo: "
                            + "dubbo.tri.builtin.service.init=true; grpc-java: ProtoReflectionServiceV1)");
        }
    }

    /**
     * JMeter's Stop in the middle of two long bidirectional streams (100 messages 200 ms apart): each is cancelled at
     * once (the server sees an RST_STREAM: its call cancelled), each sample fails as {@code stopped}, and once the run's
     * consumer is gone the server has no call and no connection open.
     */
    @Test
    void streamsInFlightWhenJMeterStopsAreCancelledAndNothingStaysOpen() throws Exception {
        try (JarProcess counted = JarProcess.start(JarProcess.jar("rpcbench.grpc-provider.jar",
                "../targets/grpc-provider/target/rpcbench-grpc-provider.jar"), READY, "--port", "0", "--report-calls")) {
            StringBuilder ids = new StringBuilder("[");
            for (int id = 1; id <= 100; id++) {
                ids.append(id == 1 ? "" : ", ").append("{\"id\": ").append(id).append('}');
            }
            Map<String, String> chat = call("chatUsers", ids.append(']').toString());
            chat.put("address", "tri://127.0.0.1:" + counted.ready().group(1));
            chat.put("stream_send", "every 200 ms");
            chat.put("timeout_ms", "60000");
            CollectedSamples samples = new CollectedSamples();
            HashTree plan = EnginePlans.of("stopped mid-stream", LoadThreadGroup.of(THREADS, -1), samples,
                    List.of(sampler("chatUsers", chat)));
            StandardJMeterEngine engine = new StandardJMeterEngine();
            engine.configure(plan);
            engine.runTest();
            try {
                awaitLine(counted, "open calls=" + THREADS + " ");
                engine.stopTest(true);
                long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (engine.isActive() && System.nanoTime() < end) {
                    Thread.sleep(50); // polling the engine's end, with a deadline
                }
                assertThat(engine.isActive()).as("the engine, 30 s after Stop").isFalse();
            } finally {
                engine.stopTest(true);
            }

            assertThat(samples.results()).hasSize(THREADS).allSatisfy(result -> {
                assertThat(result.getResponseCode()).as(result.getResponseMessage()).isEqualTo("stopped");
                assertThat(result.getTime()).as("ms: cut short, not 20 s of messages").isLessThan(15_000);
            });
            String last = awaitLine(counted, "open calls=0 connections=0");
            assertThat(last).endsWith("cancelled=" + THREADS);
        }
    }

    /** The first line of {@code process}'s output that starts with {@code start}, within 30 s. */
    private static String awaitLine(JarProcess process, String start) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            String line = process.nextLine(Duration.ofNanos(Math.max(1, end - System.nanoTime())));
            if (line.startsWith(start)) {
                return line;
            }
        }
    }

    private Map<String, String> call(String method, String arguments) {
        return new HashMap<>(Map.of("address", "tri://127.0.0.1:" + server.ready().group(1), "protocol", "tri",
                "interface", SERVICE, "method", method, "arguments", arguments, "invocation", "proto-descriptor",
                "proto_descriptor_set", DESCRIPTOR_SET));
    }

    private static JavaSampler sampler(String name, Map<String, String> parameters) {
        return EnginePlans.javaRequest(name, new DubboServiceSampler(), parameters);
    }

    /** A call by grpc-java's own client, the service from the server's reflection (no descriptor set given). */
    private Map<String, String> grpcCall(String method, String arguments) {
        return new HashMap<>(Map.of("address", "grpc://127.0.0.1:" + server.ready().group(1), "service", SERVICE,
                "method", method, "arguments", arguments));
    }

    private static JavaSampler grpcSampler(String name, Map<String, String> parameters) {
        return EnginePlans.javaRequest(name, new GrpcServiceSampler(), parameters);
    }
}
