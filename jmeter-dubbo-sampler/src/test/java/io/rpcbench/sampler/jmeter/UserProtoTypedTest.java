package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rpcbench.sampler.json.ExactJson;
import io.rpcbench.sampler.protobuf.UserProtoDescriptors;
import io.rpcbench.sampler.protobuf.ProtobufJson;
import io.rpcbench.user.UserDesk;
import io.rpcbench.user.proto.Page;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code invocation=typed} of the protobuf user service (its generated classes on this class path): message
 * parameters take protobuf JSON, message results come back as protobuf JSON, over triple (Dubbo's IDL stub) and
 * over the dubbo protocol with {@code serialization=protobuf}. The provider runs in a JVM of its own: a triple
 * provider in this JVM stops accepting connections once the samplers' last consumer is destroyed (measured: the
 * second sampler run was refused), and over the dubbo protocol the consumer must register the result messages with
 * the protobuf serialization itself, which a provider in this JVM would have done for it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UserProtoTypedTest {

    private static final String USERS = "io.rpcbench.user.proto.UserService";

    private static ProtoChildProvider provider;
    private static String tri;
    private static String dubbo;

    @BeforeAll
    static void startProvider(@TempDir Path dir) throws Exception {
        provider = ProtoChildProvider.start(dir, true);
        tri = provider.tri();
        dubbo = provider.dubbo();
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            provider.close();
        }
    }

    @Test
    void getUserOverTriTakesAndShowsProtobufJson() throws Exception {
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters(tri, "getUser", "[{\"id\": 7}]"));

        assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();
        assertUser7(ExactJson.MAPPER.readTree(result.getResponseDataAsString()));
    }

    @Test
    void getUserOverDubboWithProtobufSerialization() throws Exception {
        Map<String, String> parameters = parameters(dubbo, "getUser", "[{\"id\": 7}]");
        parameters.put("serialization", "protobuf");

        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters);

        assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();
        assertUser7(ExactJson.MAPPER.readTree(result.getResponseDataAsString()));
    }

    @Test
    void listUserOfPage2HoldsUsers30To44OverBothProtocols() throws Exception {
        Map<String, String> overDubbo = parameters(dubbo, "listUser", "[{\"pageNo\": 2}]");
        overDubbo.put("serialization", "protobuf");
        for (Map<String, String> parameters : List.of(parameters(tri, "listUser", "[{\"pageNo\": 2}]"), overDubbo)) {
            SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters);

            assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();
            JsonNode page = ExactJson.MAPPER.readTree(result.getResponseDataAsString());
            assertThat(page.path("pageNo").asInt()).isEqualTo(2);
            assertThat(page.path("total").asInt()).isEqualTo(UserDesk.TOTAL);
            assertThat(page.path("users")).hasSize(UserDesk.PAGE_SIZE);
            for (int i = 0; i < UserDesk.PAGE_SIZE; i++) {
                assertThat(page.path("users").get(i).path("id").asText()).isEqualTo(Integer.toString(30 + i));
            }
        }
    }

    /** The page is printed as JSON only when read; its bytes, over triple, are the message's own. */
    @Test
    void aPageIsPrintedOnlyWhenReadAndCountsItsProtobufBytes() {
        RpcSampleResult result = (RpcSampleResult) SamplerRun.runOnce(new DubboServiceSampler(),
                parameters(tri, "listUser", "[{\"pageNo\": 2}]"));

        assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();
        assertThat(result.responseDataPending()).isTrue();
        Page page = (Page) ProtobufJson.parse(result.getResponseDataAsString(), Page.newBuilder(), "the answer");
        assertThat(result.responseDataPending()).isFalse();
        assertThat(page.getUsersCount()).isEqualTo(UserDesk.PAGE_SIZE);
        assertThat(page.getUsers(0).getId()).isEqualTo(30);
        assertThat(result.getBytesAsLong()).isEqualTo(page.getSerializedSize());
    }

    @Test
    void pingTakesAnEmptyObjectAndAnswersOne() {
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters(tri, "ping", "[{}]"));

        assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();
        assertThat(result.getResponseDataAsString()).isEqualTo("{}");
    }

    @Test
    void anArgumentThatDoesNotFitItsMessageIsABadParameterNamingBoth() {
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters(tri, "getUser",
                "[{\"idd\": 7}]"));

        assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
        assertThat(result.getResponseMessage()).startsWith("arguments[0] '{\"idd\":7}' does not fit the protobuf "
                + "message rpcbench.user.UserRequest (").endsWith("; expected a JSON object of "
                + "rpcbench.user.UserRequest in protobuf's JSON mapping, with fields among id");
    }

    /**
     * Both ways of calling one .proto service in one JMeter JVM, side by side: the typed sampler's generated stub and
     * the proto-descriptor sampler's stub built from the descriptor set go by the same service names in Dubbo, yet
     * each consumer keeps calling through its own, in the order a test plan's thread groups start them and the other.
     */
    @ParameterizedTest(name = "typed first: {0}")
    @ValueSource(booleans = {true, false})
    void typedAndProtoDescriptorCallsOfOneServiceWorkSideBySide(boolean typedFirst, @TempDir Path dir)
            throws Exception {
        Map<String, String> descriptor = parameters(tri, "getUser", "[{\"id\": 7}]");
        descriptor.put("invocation", "proto-descriptor");
        descriptor.put("proto_descriptor_set", UserProtoDescriptors.write(dir.resolve("user.protoset"), true).toString());
        DubboServiceSampler typedSampler = new DubboServiceSampler();
        DubboServiceSampler descriptorSampler = new DubboServiceSampler();
        JavaSamplerContext typed = SamplerRun.context(typedSampler, parameters(tri, "getUser", "[{\"id\": 7}]"));
        JavaSamplerContext byDescriptor = SamplerRun.context(descriptorSampler, descriptor);
        List<SampleResult> results = new ArrayList<>();
        try {
            if (typedFirst) {
                typedSampler.setupTest(typed);
                results.add(typedSampler.runTest(typed));
                descriptorSampler.setupTest(byDescriptor);
            } else {
                descriptorSampler.setupTest(byDescriptor);
                results.add(descriptorSampler.runTest(byDescriptor));
                typedSampler.setupTest(typed);
            }
            results.add(typedSampler.runTest(typed));
            results.add(descriptorSampler.runTest(byDescriptor));
        } finally {
            typedSampler.closeClient();
            descriptorSampler.closeClient();
        }

        assertThat(results).hasSize(3).allSatisfy(result -> {
            assertThat(result.isSuccessful()).as(result.getResponseCode() + " " + result.getResponseMessage()).isTrue();
            assertUser7(ExactJson.MAPPER.readTree(result.getResponseDataAsString()));
        });
    }

    private static void assertUser7(JsonNode user) {
        assertThat(user.path("id").asText()).isEqualTo("7"); // int64: text in protobuf's JSON mapping
        assertThat(user.path("name").asText()).isEqualTo(UserDesk.name(7));
        assertThat(user.path("email").asText()).isEqualTo(UserDesk.email(7));
        assertThat(user.path("mobile").asText()).isEqualTo(UserDesk.mobile(7));
        assertThat(user.path("address").asText()).isEqualTo(UserDesk.ADDRESS);
        assertThat(user.path("birthday").asText()).isEqualTo("1990-05-17T00:00:00Z");
        assertThat(user.path("permissions")).hasSize(UserDesk.PERMISSIONS.size());
    }

    private static Map<String, String> parameters(String address, String method, String arguments) {
        return new HashMap<>(Map.of("address", address, "protocol", address.substring(0, address.indexOf(':')),
                "interface", USERS, "method", method, "arguments", arguments, "invocation", "typed"));
    }
}
