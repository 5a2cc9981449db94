package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rpcbench.provider.DelayedEcho;
import io.rpcbench.provider.dubbo.DubboEndpoint;
import io.rpcbench.sampler.LoopbackProviders;
import io.rpcbench.sampler.dubbo.DubboReferences;
import io.rpcbench.sampler.dubbo.ResponseText;
import io.rpcbench.sampler.json.ExactJson;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
            sampler.closeClient();
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

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "interface=not a name"
                + " | bad-parameter | interface 'not a name' is not a Java interface name; expected the service's fully qualified interface, e.g. com.example.OrderService",
        "interface=com.example.Nope ~ invocation=typed"
                + " | bad-parameter | interface 'com.example.Nope' is not on JMeter's class path, which invocation=typed needs; expected the service's API jar in JMETER_HOME/lib/ext, or invocation=generic",
        "method=nosuch ~ invocation=typed"
                + " | bad-parameter | method 'nosuch' is not a method of io.rpcbench.echo.EchoService; expected one of its methods: int appendRandomNumbers(java.lang.String, int); io.rpcbench.echo.Person echoPerson(io.rpcbench.echo.Person); java.lang.String echo(java.lang.String); java.lang.String sleepAndBuildText(int, int); java.util.List<io.rpcbench.echo.Person> listPersons(int, int); java.util.Map<java.lang.String, io.rpcbench.echo.Person> echoPersons(java.util.Map<java.lang.String, io.rpcbench.echo.Person>); void ping()",
        "method="
                + " | bad-parameter | method '' is not a method name; expected a method of io.rpcbench.echo.EchoService, e.g. findOrder",
        "invocation=magic"
                + " | bad-parameter | invocation 'magic' is not supported; expected one of generic, typed, protobuf-json, proto-descriptor",
        "invocation=proto-descriptor ~ protocol=tri ~ address=zookeeper://127.0.0.1:2181"
                + " | bad-parameter | proto_descriptor_set '' is empty, and reflection is read from one server, which address 'zookeeper://127.0.0.1:2181' does not name; expected the path of a descriptor set of the service's .proto (protoc --include_imports --descriptor_set_out=FILE), or a tri://host:port address of a server that serves gRPC reflection",
        "invocation=proto-descriptor ~ protocol=dubbo ~ address=dubbo://127.0.0.1:1 ~ proto_descriptor_set=user.protoset"
                + " | bad-parameter | protocol 'dubbo' cannot carry invocation=proto-descriptor, which calls the .proto's methods as triple (gRPC) does; expected tri",
        "invocation=protobuf-json ~ serialization=protobuf"
                + " | bad-parameter | serialization 'protobuf' carries protobuf messages only, and invocation=protobuf-json sends GenericService.$invoke's strings and arrays; expected hessian2 (a provider accepts it beside its own serialization), or invocation=typed with the service's API jar",
        "cluster=roundabout"
                + " | bad-parameter | cluster 'roundabout' is not supported; expected one of failover, failfast, failsafe, failback, forking, broadcast, available, mergeable, zone-aware",
        "loadbalance=fastest"
                + " | bad-parameter | loadbalance 'fastest' is not supported; expected one of random, roundrobin, leastactive, consistenthash, shortestresponse, adaptive",
        "retries=11"
                + " | bad-parameter | retries '11' is out of range; expected an integer from 0 to 10",
        "connections=-1"
                + " | bad-parameter | connections '-1' is out of range; expected an integer from 0 to 64",
        "protocol=grpc"
                + " | bad-parameter | protocol 'grpc' is not supported; expected one of dubbo, tri",
        "serialization=kryo"
                + " | bad-parameter | serialization 'kryo' is not supported; expected one of hessian2, fastjson2, protobuf",
        "address=zookeeper://127.0.0.1"
                + " | bad-parameter | address 'zookeeper://127.0.0.1' has no host and port; expected zookeeper://host:port or nacos://host:port (its namespace, registry group and credentials as the sampler's parameters) for a registry, or dubbo://host:port or tri://host:port for a direct connection",
        "parameter_types=java.lang.String<"
                + " | bad-parameter | parameter_types 'java.lang.String<' has 'java.lang.String<', which is not a Java type (no type name at 17); expected Java type names separated by commas, e.g. long,java.util.List<com.example.OrderLine>",
        "arguments=[\"x\""
                + " | bad-parameter | arguments '[\"x\"' is not JSON (Unexpected end-of-input: expected close marker for Array at line 1, column 5); expected a JSON array of the arguments, e.g. [42, \"abc\"]",
        "arguments={\"a\": 1}"
                + " | bad-parameter | arguments '{\"a\": 1}' is not a JSON array; expected a JSON array of the arguments, e.g. [42, \"abc\"] ([] for none)",
        "arguments=[\"x\", \"y\"]"
                + " | bad-parameter | arguments '[\"x\",\"y\"]' has 2 values for echo(java.lang.String); expected a JSON array of 1 value",
        "method=echoPerson ~ invocation=typed ~ parameter_types= ~ arguments=[7]"
                + " | bad-parameter | arguments[0] '7' does not fit io.rpcbench.echo.Person (Cannot construct instance of `io.rpcbench.echo.Person` (although at least one Creator exists): no int/Int-argument constructor/factory method to deserialize from Number value (7)); expected a JSON value of io.rpcbench.echo.Person",
        "attachments=trace"
                + " | bad-parameter | attachments 'trace' has 'trace', which is not key=value; expected key=value pairs separated by ';', e.g. traceId=42;tenant=blue",
        "response_max_bytes=-1"
                + " | bad-parameter | response_max_bytes '-1' is out of range; expected an integer from 0 to 67108864",
        "invocation=typed ~ interface=io.rpcbench.sampler.jmeter.TestStreams ~ method=chat ~ parameter_types="
                + " | bad-parameter | protocol 'dubbo' cannot carry the stream of io.rpcbench.sampler.jmeter.TestStreams.chat (it takes a StreamObserver): Dubbo streams over triple only; expected tri, with the provider's triple port",
        "invocation=typed ~ stream_send=every 5 ms"
                + " | bad-parameter | stream_send 'every 5 ms' paces a triple stream's messages, and io.rpcbench.echo.EchoService.echo takes no StreamObserver; expected it empty for this method, or a method that streams its requests",
        "invocation=typed ~ interface=io.rpcbench.sampler.jmeter.TestStreams ~ method=feed ~ parameter_types= ~ protocol=tri ~ address=tri://127.0.0.1:1 ~ arguments=[3] ~ stream_send=after each answer"
                + " | bad-parameter | stream_send 'after each answer' paces the messages of a stream the client sends, and the server-streaming method void feed(int, org.apache.dubbo.common.stream.StreamObserver<java.lang.String>) takes one request; expected it empty for this method, or a method that streams its requests",
        "invocation=typed ~ interface=io.rpcbench.sampler.jmeter.TestStreams ~ method=chat ~ parameter_types= ~ protocol=tri ~ address=tri://127.0.0.1:1 ~ arguments=[\"x\"]"
                + " | bad-parameter | arguments[0] 'x' does not fit java.lang.Long (Cannot deserialize value of type `java.lang.Long` from String \"x\": not a valid `java.lang.Long` value); expected a JSON value of java.lang.Long",
    })
    void aBadInputFailsTheSampleWithItsCategoryAndAMessageNamingIt(String changes, String category, String message) {
        Map<String, String> parameters = echo("echo", "java.lang.String", "[\"x\"]");
        for (String change : changes.split(" ~ ")) {
            int equals = change.indexOf('=');
            parameters.put(change.substring(0, equals).trim(), change.substring(equals + 1).trim());
        }

        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters);

        assertThat(result.isSuccessful()).isFalse();
        assertThat(result.getResponseCode()).isEqualTo(category);
        assertThat(result.getResponseMessage()).isEqualTo(message.replace("ECHO", provider.endpoint()));
    }

    /**
     * Generic calls the provider refuses reach it and come back refused, not as a lost connection: an interface it
     * does not export (it cannot decode the request), and arguments that do not fit the real parameter types (its
     * generic filter cannot build them; a direct URL has no metadata to check them against first).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "interface=com.example.Nope | serialization | the provider could not decode the request"
                + " (an interface it does not export, or arguments that do not fit the method's parameter types):"
                + " Fail to decode request due to: RpcInvocation [methodName=$invoke, parameterTypes=null]",
        "method=echoPerson ~ parameter_types=io.rpcbench.echo.Person ~ arguments=[{\"id\": \"one\"}]"
                + " | remote-exception | the provider failed the call before the service method ran (e.g. generic"
                + " arguments it could not turn into the parameter types): java.lang.NumberFormatException:"
                + " For input string: \"one\"",
    })
    void aCallTheProviderRefusesFailsWithItsReasonNotAsAConnectionFailure(String changes, String category,
            String reason) {
        Map<String, String> parameters = echo("echo", "java.lang.String", "[\"x\"]");
        for (String change : changes.split(" ~ ")) {
            int equals = change.indexOf('=');
            parameters.put(change.substring(0, equals).trim(), change.substring(equals + 1).trim());
        }

        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters);

        assertThat(result.isSuccessful()).isFalse();
        assertThat(result.getResponseCode()).isEqualTo(category);
        assertThat(result.getResponseMessage()).startsWith(category + " calling " + provider.endpoint() + " ")
                .endsWith(": " + reason);
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
            samplers[i].closeClient();
        }
        echoSampler.closeClient();

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
                sampler.closeClient();
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
