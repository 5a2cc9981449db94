package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rpcbench.provider.DelayedEcho;
import io.rpcbench.provider.dubbo.DubboEndpoint;
import io.rpcbench.sampler.AttachmentEcho;
import io.rpcbench.sampler.DubboReferences;
import io.rpcbench.sampler.ExactJson;
import io.rpcbench.sampler.LoopbackProviders;
import io.rpcbench.sampler.ResponseText;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link DubboServiceSampler} against the echo service in-process, by a direct URL, generic and typed. */
class DubboServiceSamplerTest {

    private static final String PERSON = "{\"id\": 9007199254740993, \"name\": \"Ada\", \"age\": 36,"
            + " \"phones\": [\"1\"], \"tags\": {\"k\": \"v\"}}";

    private static DubboEndpoint provider;

    @BeforeAll
    static void startProvider() {
        provider = LoopbackProviders.dubbo("dubbo", new DelayedEcho(0));
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            provider.close();
        }
    }

    @Test
    void genericCallWithExplicitTypesEchoesAPojo() throws Exception {
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(),
                echo("echoPerson", "io.rpcbench.echo.Person", "[" + PERSON + "]"));

        assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();
        JsonNode person = ExactJson.MAPPER.readTree(result.getResponseDataAsString());
        assertThat(person.path("class").asText()).isEqualTo("io.rpcbench.echo.Person");
        assertThat(person.path("id").asLong()).isEqualTo(9007199254740993L);
        assertThat(person.path("tags").path("k").asText()).isEqualTo("v");
        assertThat(result.getBytesAsLong()).isPositive();
    }

    @Test
    void typedCallGoesThroughTheInterfaceOnTheClassPath() throws Exception {
        Map<String, String> parameters = echo("echoPerson", "", "[" + PERSON + "]");
        parameters.put("invocation", "typed");
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters);

        assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();
        JsonNode person = ExactJson.MAPPER.readTree(result.getResponseDataAsString());
        assertThat(person.has("class")).isFalse(); // the real Person, written by Jackson
        assertThat(person.path("id").asLong()).isEqualTo(9007199254740993L);
        assertThat(person.path("name").asText()).isEqualTo("Ada");
    }

    @Test
    void argumentsAreReadPerSampleSoVariablesWork() {
        DubboServiceSampler sampler = new DubboServiceSampler();
        Map<String, String> parameters = echo("echo", "java.lang.String", "[\"first\"]");
        JavaSamplerContext first = SamplerRun.context(sampler, parameters);
        sampler.setupTest(first);
        try {
            SampleResult one = sampler.runTest(first);
            parameters.put("arguments", "[\"second\"]"); // what ${var} does between two samples
            SampleResult two = sampler.runTest(SamplerRun.context(sampler, parameters));
            parameters.put("arguments", "[\"third\""); // a variable that broke the JSON: this sample only
            SampleResult three = sampler.runTest(SamplerRun.context(sampler, parameters));

            assertThat(one.getResponseDataAsString()).isEqualTo("\"first\"");
            assertThat(two.getResponseDataAsString()).isEqualTo("\"second\"");
            assertThat(three.getResponseCode()).isEqualTo("bad-parameter");
            assertThat(three.getResponseMessage()).startsWith("arguments '[\"third\"' is not JSON");
        } finally {
            sampler.teardownTest(first);
        }
    }

    @Test
    void badInputsAreBadParameterSamplesNamingTheParameter() {
        Map<String, String> attachments = echo("echo", "java.lang.String", "[\"x\"]");
        attachments.put("attachments", "trace");
        Map<String, String> arity = echo("echo", "java.lang.String", "[\"x\", \"y\"]");
        Map<String, String> noTypes = echo("echo", "", "[\"x\"]");
        Map<String, String> iface = echo("echo", "", "[]");
        iface.put("interface", "not a name");

        List<SampleResult> results = List.of(SamplerRun.runOnce(new DubboServiceSampler(), attachments),
                SamplerRun.runOnce(new DubboServiceSampler(), arity),
                SamplerRun.runOnce(new DubboServiceSampler(), noTypes),
                SamplerRun.runOnce(new DubboServiceSampler(), iface));

        assertThat(results).allSatisfy(r -> assertThat(r.getResponseCode()).isEqualTo("bad-parameter"));
        assertThat(results).extracting(SampleResult::getResponseMessage).satisfiesExactly(
                m -> assertThat(m).startsWith("attachments 'trace' has 'trace', which is not key=value"),
                m -> assertThat(m).startsWith("arguments '[\"x\",\"y\"]' has 2 values for echo(java.lang.String)"),
                m -> assertThat(m).startsWith("parameter_types '' is empty, and the direct address"),
                m -> assertThat(m).startsWith("interface 'not a name' is not a Java interface name"));
    }

    @Test
    void aLongResponseIsCutAtResponseMaxBytes() {
        Map<String, String> parameters = echo("echo", "java.lang.String", "[\"" + "x".repeat(5000) + "\"]");
        parameters.put("response_max_bytes", "100");
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters);

        assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();
        assertThat(result.getResponseDataAsString()).startsWith("\"xxx")
                .endsWith(ResponseText.CUT_MARK + "100 of 5002 bytes shown]");
        assertThat(result.getBytesAsLong()).isGreaterThan(5000); // the whole response was received all the same
    }

    @Test
    void consumersAreKeyedByTheWholeConfigurationInterfaceAndInvocationIncluded() {
        int before = DubboReferences.liveConsumers();
        Map<String, String> generic = echo("echo", "java.lang.String", "[\"x\"]");
        Map<String, String> typed = new HashMap<>(generic);
        typed.put("invocation", "typed");
        Map<String, String> retrying = new HashMap<>(generic);
        retrying.put("retries", "2");
        DubboServiceSampler[] samplers = {new DubboServiceSampler(), new DubboServiceSampler(),
            new DubboServiceSampler(), new DubboServiceSampler()};
        DubboSampler echoSampler = new DubboSampler();
        JavaSamplerContext[] contexts = {SamplerRun.context(samplers[0], generic),
            SamplerRun.context(samplers[1], generic), SamplerRun.context(samplers[2], typed),
            SamplerRun.context(samplers[3], retrying)};
        JavaSamplerContext echoContext = SamplerRun.context(echoSampler, Map.of("address", provider.endpoint()));
        for (int i = 0; i < samplers.length; i++) {
            samplers[i].setupTest(contexts[i]);
        }
        echoSampler.setupTest(echoContext);
        int whileRunning = DubboReferences.liveConsumers();
        for (int i = 0; i < samplers.length; i++) {
            samplers[i].teardownTest(contexts[i]);
        }
        echoSampler.teardownTest(echoContext);

        // generic (shared by two threads), retries 2, and typed: the echo sampler's configuration exactly, so shared
        assertThat(whileRunning - before).isEqualTo(3);
        assertThat(DubboReferences.liveConsumers()).isEqualTo(before);
    }

    @Test
    void attachmentsReachTheProviderWithEveryCallAndFollowTheSamplesVariables() {
        try (DubboEndpoint attachments = LoopbackProviders.dubbo("dubbo", new AttachmentEcho())) {
            DubboServiceSampler sampler = new DubboServiceSampler();
            Map<String, String> parameters = echo("echo", "java.lang.String", "[\"traceId\"]");
            parameters.put("address", attachments.endpoint());
            parameters.put("attachments", "traceId=t-1;tenant=blue");
            JavaSamplerContext first = SamplerRun.context(sampler, parameters);
            sampler.setupTest(first);
            try {
                SampleResult one = sampler.runTest(first);
                parameters.put("attachments", "traceId=t-2;tenant=blue"); // what ${var} does between two samples
                SampleResult two = sampler.runTest(SamplerRun.context(sampler, parameters));
                parameters.put("arguments", "[\"tenant\"]");
                SampleResult three = sampler.runTest(SamplerRun.context(sampler, parameters));
                parameters.put("attachments", "");
                SampleResult four = sampler.runTest(SamplerRun.context(sampler, parameters));

                assertThat(List.of(one, two, three, four)).allSatisfy(result ->
                        assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue());
                assertThat(one.getResponseDataAsString()).isEqualTo("\"t-1\"");
                assertThat(two.getResponseDataAsString()).isEqualTo("\"t-2\"");
                assertThat(three.getResponseDataAsString()).isEqualTo("\"blue\"");
                assertThat(four.getResponseDataAsString()).isEqualTo("\"" + AttachmentEcho.NONE + "\"");
            } finally {
                sampler.teardownTest(first);
            }
        }
    }

    private static Map<String, String> echo(String method, String types, String arguments) {
        Map<String, String> parameters = new HashMap<>();
        parameters.put("address", provider.endpoint());
        parameters.put("interface", "io.rpcbench.echo.EchoService");
        parameters.put("method", method);
        parameters.put("parameter_types", types);
        parameters.put("arguments", arguments);
        return parameters;
    }
}
