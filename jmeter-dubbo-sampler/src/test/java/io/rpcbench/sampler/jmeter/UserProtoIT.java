package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.DescriptorProtos.MethodDescriptorProto;
import com.google.protobuf.DescriptorProtos.ServiceDescriptorProto;
import io.rpcbench.sampler.json.ExactJson;
import io.rpcbench.seconds.StreamFigures;
import io.rpcbench.testing.ProviderApp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
 * Acceptance 2 of issue 15: seed 004's triple + protobuf user service ({@code rpcbench/user.proto}, served by
 * Dubbo's generated stub in a provider JVM of its own) called through {@link DubboServiceSampler} with JSON
 * arguments and no generated class on this class path (asserted): from the descriptor set alone
 * ({@code invocation=proto-descriptor}), unary and server-streaming, in JMeter's own engine; and by Dubbo's
 * {@code protobuf-json} generic invocation, over triple and over the dubbo protocol, with what it needs measured.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class UserProtoIT {

    private static final String USERS = "io.rpcbench.user.proto.UserService";
    private static final int THREADS = 2;
    private static final int LOOPS = 3;
    /** Written by the build with protoc from user-api's .proto, as a user writes it (see the module's pom). */
    private static final String DESCRIPTOR_SET = System.getProperty("rpcbench.user.protoset",
            "target/rpcbench-user.protoset");

    @TempDir
    static Path home;

    private static ProtoChildProvider provider;
    private static ProtoChildProvider providerWithoutExtension;
    private static ProviderApp zooKeeper;
    private static ProtoChildProvider registered;

    @BeforeAll
    static void start(@TempDir Path providerDir, @TempDir Path bareProviderDir, @TempDir Path registeredDir)
            throws Exception {
        JMeterTestHome.use(home);
        provider = ProtoChildProvider.start(providerDir, true);
        providerWithoutExtension = ProtoChildProvider.start(bareProviderDir, false);
        zooKeeper = ProviderApp.zooKeeper();
        registered = ProtoChildProvider.registered(registeredDir, zooKeeper.registry());
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable process : new AutoCloseable[] {provider, providerWithoutExtension, registered, zooKeeper}) {
            if (process != null) {
                process.close();
            }
        }
    }

    @Test
    void noClassOfTheServiceIsLoadableFromTheSamplersClassLoader() {
        ClassLoader samplers = DubboServiceSampler.class.getClassLoader();
        for (String generated : List.of("io.rpcbench.user.proto.UserRequest", "io.rpcbench.user.proto.User",
                USERS, "io.rpcbench.user.proto.DubboUserServiceTriple", "io.rpcbench.user.proto.UserProto")) {
            assertThatThrownBy(() -> Class.forName(generated, false, samplers))
                    .as(generated).isInstanceOf(ClassNotFoundException.class);
        }
    }

    @Test
    void getUserAndStreamUsersFromTheDescriptorSetInJMetersEngine() throws Exception {
        CollectedSamples samples = new CollectedSamples();
        HashTree plan = plan(samples, List.of(
                sampler("getUser", descriptorCall("getUser", "[{\"id\": 7}]")),
                sampler("streamUsers", descriptorCall("streamUsers", "[{\"pageNo\": 2}]"))));

        StandardJMeterEngine engine = new StandardJMeterEngine();
        engine.configure(plan);
        engine.run(); // in this thread: returns once every thread ended

        List<SampleResult> results = samples.results();
        assertThat(results).hasSize(THREADS * LOOPS * 2);
        assertThat(results).allSatisfy(r -> assertThat(r.isSuccessful()).as(r.getSampleLabel() + ": "
                + r.getResponseMessage()).isTrue());
        for (SampleResult result : results) {
            JsonNode json = ExactJson.MAPPER.readTree(result.getResponseDataAsString());
            if (result.getSampleLabel().equals("getUser")) {
                assertUser7(json);
                assertThat(result.getResponseMessage()).isEqualTo("OK");
            } else {
                assertThat(result.getResponseMessage()).isEqualTo("OK: 15 messages");
                assertThat(json).hasSize(15);
                for (int i = 0; i < 15; i++) {
                    assertThat(json.get(i).path("id").asText()).isEqualTo(Integer.toString(30 + i));
                    assertThat(json.get(i).path("name").asText()).isEqualTo("User " + (30 + i));
                }
                assertThat(result.getBytesAsLong()).as("the messages' bytes").isGreaterThan(15L * 100);
            }
        }
    }

    /** From a descriptor set too, an answer is printed as JSON only when read, a message as a stream. */
    @Test
    void aDescriptorAnswerIsPrintedOnlyWhenRead() throws Exception {
        RpcSampleResult user = (RpcSampleResult) SamplerRun.runOnce(new DubboServiceSampler(),
                descriptorCall("getUser", "[{\"id\": 7}]"));
        RpcSampleResult stream = (RpcSampleResult) SamplerRun.runOnce(new DubboServiceSampler(),
                descriptorCall("streamUsers", "[{\"pageNo\": 2}]"));

        assertThat(user.isSuccessful()).as(user.getResponseMessage()).isTrue();
        assertThat(stream.isSuccessful()).as(stream.getResponseMessage()).isTrue();
        assertThat(user.responseDataPending()).isTrue();
        assertThat(stream.responseDataPending()).isTrue();
        assertUser7(ExactJson.MAPPER.readTree(user.getResponseDataAsString()));
        assertThat(ExactJson.MAPPER.readTree(stream.getResponseData())).hasSize(15);
        assertThat(user.responseDataPending()).isFalse();
        assertThat(stream.responseDataPending()).isFalse();
    }

    /**
     * A stream the provider ends with an error: a method the descriptor set has and the provider does not (a newer
     * .proto than the provider's), which the provider answers with gRPC's UNIMPLEMENTED.
     */
    /** Through the registry, as a plan of the seed-004 scenario calls it: the providers registered by Dubbo's stub. */
    @Test
    void getUserAndStreamUsersThroughTheRegistry() throws Exception {
        Map<String, String> getUser = descriptorCall("getUser", "[{\"id\": 7}]");
        Map<String, String> streamUsers = descriptorCall("streamUsers", "[{\"pageNo\": 2}]");
        for (Map<String, String> call : List.of(getUser, streamUsers)) {
            call.put("address", zooKeeper.registry());
        }

        SampleResult user = SamplerRun.runOnce(new DubboServiceSampler(), getUser);
        SampleResult stream = SamplerRun.runOnce(new DubboServiceSampler(), streamUsers);

        assertThat(user.isSuccessful()).as(user.getResponseMessage()).isTrue();
        assertUser7(ExactJson.MAPPER.readTree(user.getResponseDataAsString()));
        assertThat(user.getUrlAsString()).isEqualTo(registered.tri());
        assertThat(stream.isSuccessful()).as(stream.getResponseMessage()).isTrue();
        assertThat(stream.getResponseMessage()).isEqualTo("OK: 15 messages");
    }

    @Test
    void aStreamThatErrorsFailsItsSample(@TempDir Path dir) throws Exception {
        Map<String, String> parameters = descriptorCall("streamGhosts", "[{\"pageNo\": 2}]");
        parameters.put("proto_descriptor_set", withGhostMethod(dir.resolve("newer.protoset")).toString());

        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters);

        assertThat(result.isSuccessful()).isFalse();
        assertThat(result.getResponseCode()).isEqualTo("remote-exception");
        assertThat(result.getResponseMessage()).startsWith("remote-exception calling " + provider.tri()
                + " rpcbench.user.UserService/streamGhosts: org.apache.dubbo.rpc.StatusRpcException: ");
    }

    @Test
    void anUnknownMethodNamesTheMethodsOfTheDescriptorSet() {
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), descriptorCall("getUsers", "[{}]"));

        assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
        assertThat(result.getResponseMessage()).isEqualTo("method 'getUsers' is not a method of "
                + "rpcbench.user.UserService in " + DESCRIPTOR_SET + "; expected one of its methods: "
                + "rpc ping(rpcbench.user.Empty) returns (rpcbench.user.Empty); "
                + "rpc getUser(rpcbench.user.UserRequest) returns (rpcbench.user.User); "
                + "rpc listUser(rpcbench.user.PageRequest) returns (rpcbench.user.Page); "
                + "rpc streamUsers(rpcbench.user.PageRequest) returns (stream rpcbench.user.User); "
                + "rpc collectUsers(stream rpcbench.user.UserRequest) returns (rpcbench.user.Page); "
                + "rpc chatUsers(stream rpcbench.user.UserRequest) returns (stream rpcbench.user.User)");
    }

    @Test
    void anArgumentThatDoesNotFitTheRequestMessageNamesIt() {
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), descriptorCall("streamUsers",
                "[{\"page\": 2}]"));

        assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
        assertThat(result.getResponseMessage()).startsWith("arguments[0] '{\"page\":2}' does not fit the protobuf "
                + "message rpcbench.user.PageRequest (").endsWith("; expected a JSON object of rpcbench.user.PageRequest "
                + "in protobuf's JSON mapping, with fields among pageNo");
    }

    /** Measured: Dubbo's generic filter looks for the method's java.lang.reflect.Method, which a stub method lacks. */
    @ParameterizedTest
    @ValueSource(strings = {"tri", "dubbo"})
    void protobufJsonCannotCallAServiceExportedAsDubbosGeneratedStub(String protocol) {
        String address = protocol.equals("tri") ? provider.tri() : provider.dubbo() + "/rpcbench.user.UserService";

        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), protobufJsonCall(address));

        assertThat(result.getResponseCode()).isEqualTo("remote-exception");
        assertThat(result.getResponseMessage()).startsWith("remote-exception calling " + address
                + " io.rpcbench.user.proto.UserService.getUser: ").contains("java.lang.NullPointerException");
    }

    /** Measured: over the dubbo protocol a stub service is exported under its proto name only. */
    @Test
    void overDubboAStubServiceIsKnownByItsProtoNameNotItsJavaName() {
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), protobufJsonCall(provider.dubbo()));

        assertThat(result.getResponseCode()).isEqualTo("connection");
        assertThat(result.getResponseMessage()).endsWith(": the provider does not export "
                + "io.rpcbench.user.proto.UserService version (none) group (none) (it is unexporting, or serves another "
                + "version or group); it exports rpcbench.user.UserService version (none) group (none)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"tri", "dubbo"})
    void protobufJsonCallsAPlainImplementationOfTheGeneratedInterface(String protocol) throws Exception {
        String address = protocol.equals("tri") ? provider.plainTri() : provider.plainDubbo();

        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), protobufJsonCall(address));

        assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();
        assertUser7(ExactJson.MAPPER.readTree(result.getResponseDataAsString()));
    }

    /**
     * The two kinds that stream requests, from the descriptor set alone in JMeter's engine: a client stream of five
     * ids sent every 2 ms answered with their page, a bidirectional stream of five ids answered one user each, at once
     * and as a ping-pong; every message checked, and each sample's per-message figures in its stream_figures.
     */
    @Test
    void clientAndBidirectionalStreamsFromTheDescriptorSetInJMetersEngine() throws Exception {
        String ids = "[{\"id\": 7}, {\"id\": 8}, {\"id\": 9}, {\"id\": 10}, {\"id\": 11}]";
        Map<String, String> collect = descriptorCall("collectUsers", ids);
        collect.put("stream_send", "every 2 ms");
        Map<String, String> chat = descriptorCall("chatUsers", ids);
        Map<String, String> pingPong = descriptorCall("chatUsers", ids);
        pingPong.put("stream_send", "after each answer");
        CollectedSamples samples = new CollectedSamples();
        HashTree plan = plan(samples, List.of(sampler("collectUsers", collect), sampler("chatUsers", chat),
                sampler("chatUsers ping-pong", pingPong)));

        EnginePlans.runWithSampleVariables(plan, StreamFigures.VARIABLE);

        List<SampleResult> results = samples.results();
        assertThat(results).hasSize(THREADS * LOOPS * 3);
        assertThat(results).allSatisfy(r -> assertThat(r.isSuccessful()).as(r.getSampleLabel() + ": "
                + r.getResponseMessage()).isTrue());
        for (SampleResult result : results) {
            JsonNode json = ExactJson.MAPPER.readTree(result.getResponseDataAsString());
            StreamFigures figures = StreamFigures.parse(samples.variable(result, StreamFigures.VARIABLE));
            System.out.printf("UserProtoIT: %s, %d ms: %s%n", result.getSampleLabel(), result.getTime(),
                    figures.text());
            assertThat(figures.sent()).isEqualTo(5);
            if (result.getSampleLabel().equals("collectUsers")) {
                assertThat(result.getResponseMessage()).isEqualTo("OK: 5 messages sent");
                assertThat(json.path("total").asInt()).isEqualTo(5);
                for (int i = 0; i < 5; i++) {
                    assertThat(json.path("users").get(i).path("name").asText()).isEqualTo("User " + (7 + i));
                }
                assertThat(figures.received()).isEqualTo(1);
                assertThat(figures.firstUs()).as("the page comes after the 4 intervals of 2 ms")
                        .isGreaterThanOrEqualTo(8_000);
            } else {
                assertThat(result.getResponseMessage()).isEqualTo("OK: 5 messages sent, 5 received");
                assertThat(json).hasSize(5);
                for (int i = 0; i < 5; i++) {
                    assertThat(json.get(i).path("id").asText()).isEqualTo(Integer.toString(7 + i));
                    assertThat(json.get(i).path("name").asText()).isEqualTo("User " + (7 + i));
                }
                assertThat(figures.received()).isEqualTo(5);
                assertThat(figures.firstUs()).isPositive();
                assertThat(figures.gapMaxUs()).isGreaterThanOrEqualTo(figures.gapP99Us())
                        .isGreaterThanOrEqualTo(figures.gapP50Us()).isNotNegative();
                boolean pingPongSample = result.getSampleLabel().endsWith("ping-pong");
                assertThat(figures.rttP50Us() >= 0).as("round trips of a ping-pong only").isEqualTo(pingPongSample);
                if (pingPongSample) {
                    assertThat(figures.rttMaxUs()).isGreaterThanOrEqualTo(figures.rttP50Us()).isPositive()
                            .isLessThanOrEqualTo(result.getTime() * 1000 + 1000);
                }
            }
        }
    }

    /**
     * No descriptor set, against Dubbo's own provider: its built-in reflection service describes the service, asked by
     * the Java name the provider registers it under (the server knows the proto name; the one service of that simple
     * name is asked for instead).
     */
    @Test
    void withoutADescriptorSetDubbosReflectionDescribesTheService() throws Exception {
        Map<String, String> parameters = descriptorCall("getUser", "[{\"id\": 7}]");
        parameters.remove("proto_descriptor_set");

        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters);

        assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();
        assertUser7(ExactJson.MAPPER.readTree(result.getResponseDataAsString()));
    }

    /** Bad inputs of a stream each fail with their own message, naming what to change. */
    @Test
    void aPaceThatDoesNotFitTheMethodNamesWhatFits() {
        Map<String, String> unary = descriptorCall("getUser", "[{\"id\": 7}]");
        unary.put("stream_send", "every 5 ms");
        Map<String, String> clientPingPong = descriptorCall("collectUsers", "[{\"id\": 7}]");
        clientPingPong.put("stream_send", "after each answer");
        Map<String, String> unknown = descriptorCall("chatUsers", "[{\"id\": 7}]");
        unknown.put("stream_send", "quickly");

        Map<String, String> tooSlow = descriptorCall("collectUsers", "[{\"id\": 7}, {\"id\": 8}, {\"id\": 9}]");
        tooSlow.put("stream_send", "every 3000 ms");
        tooSlow.put("timeout_ms", "5000");
        Map<String, String> empty = descriptorCall("collectUsers", "[]");

        SampleResult onUnary = SamplerRun.runOnce(new DubboServiceSampler(), unary);
        SampleResult onClientStream = SamplerRun.runOnce(new DubboServiceSampler(), clientPingPong);
        SampleResult notAPace = SamplerRun.runOnce(new DubboServiceSampler(), unknown);
        SampleResult pastTheTimeout = SamplerRun.runOnce(new DubboServiceSampler(), tooSlow);
        SampleResult noMessage = SamplerRun.runOnce(new DubboServiceSampler(), empty);

        assertThat(List.of(onUnary, onClientStream, notAPace, pastTheTimeout, noMessage))
                .extracting(SampleResult::getResponseCode).containsOnly("bad-parameter");
        assertThat(pastTheTimeout.getResponseMessage()).isEqualTo("stream_send 'every 3000 ms' sends the last of its "
                + "3 messages 6000 ms after the first, and timeout_ms is 5000; expected a timeout_ms above 6000, "
                + "fewer messages, or a shorter interval");
        assertThat(noMessage.getResponseMessage()).isEqualTo("arguments '[]' has no message for rpc collectUsers("
                + "stream rpcbench.user.UserRequest) returns (rpcbench.user.Page); expected a JSON array of at least "
                + "one rpcbench.user.UserRequest, e.g. [{}]");
        assertThat(onUnary.getResponseMessage()).startsWith("stream_send 'every 5 ms' paces the messages of a stream "
                + "the client sends, and rpc getUser(rpcbench.user.UserRequest) returns (rpcbench.user.User) takes one "
                + "request");
        assertThat(onClientStream.getResponseMessage()).startsWith("stream_send 'after each answer' waits for an "
                + "answer to each message, and rpc collectUsers(stream rpcbench.user.UserRequest) returns "
                + "(rpcbench.user.Page) answers once");
        assertThat(notAPace.getResponseMessage()).startsWith("stream_send 'quickly' is not a way to send a stream's "
                + "messages; expected 'at once'");
    }

    @Test
    void protobufJsonNeedsTheExtensionOnTheProvider() {
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(),
                protobufJsonCall(providerWithoutExtension.plainTri()));

        assertThat(result.getResponseCode()).isEqualTo("remote-exception");
        assertThat(result.getResponseMessage()).contains("Deserialize argument failed. (cause "
                + "java.lang.IllegalStateException: No such extension org.apache.dubbo.common.serialize.Serialization by "
                + "name protobuf-json");
    }

    /** The provider's descriptor set with one more server-streaming method, which the provider does not serve. */
    private static Path withGhostMethod(Path file) throws Exception {
        FileDescriptorSet set = FileDescriptorSet.parseFrom(Files.readAllBytes(Path.of(DESCRIPTOR_SET)));
        FileDescriptorSet.Builder newer = set.toBuilder();
        for (FileDescriptorProto.Builder proto : newer.getFileBuilderList()) {
            for (ServiceDescriptorProto.Builder service : proto.getServiceBuilderList()) {
                service.addMethod(MethodDescriptorProto.newBuilder().setName("streamGhosts")
                        .setInputType(".rpcbench.user.PageRequest").setOutputType(".rpcbench.user.User")
                        .setServerStreaming(true));
            }
        }
        return Files.write(file, newer.build().toByteArray());
    }

    private static void assertUser7(JsonNode user) {
        assertThat(user.path("id").asText()).isEqualTo("7");
        assertThat(user.path("name").asText()).isEqualTo("User 7");
        assertThat(user.path("email").asText()).isEqualTo("user7@example.com");
        assertThat(user.path("birthday").asText()).isEqualTo("1990-05-17T00:00:00Z");
        assertThat(user.path("permissions")).hasSize(15);
    }

    private static Map<String, String> descriptorCall(String method, String arguments) {
        return new HashMap<>(Map.of("address", provider.tri(), "protocol", "tri", "interface", USERS,
                "method", method, "arguments", arguments, "invocation", "proto-descriptor",
                "proto_descriptor_set", DESCRIPTOR_SET));
    }

    private static Map<String, String> protobufJsonCall(String address) {
        return new HashMap<>(Map.of("address", address, "protocol", address.substring(0, address.indexOf(':')),
                "interface", USERS, "method", "getUser", "parameter_types", "io.rpcbench.user.proto.UserRequest",
                "arguments", "[{\"id\": 7}]", "invocation", "protobuf-json"));
    }

    private static HashTree plan(CollectedSamples samples, List<JavaSampler> samplers) {
        return EnginePlans.of("user.proto without classes", LoadThreadGroup.of(THREADS, LOOPS), samples, samplers);
    }

    private static JavaSampler sampler(String name, Map<String, String> parameters) {
        return EnginePlans.javaRequest(name, new DubboServiceSampler(), parameters);
    }
}
