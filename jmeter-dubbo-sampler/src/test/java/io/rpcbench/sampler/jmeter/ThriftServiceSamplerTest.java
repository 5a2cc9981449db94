package io.rpcbench.sampler.jmeter;

import static io.rpcbench.sampler.thrift.InventoryJson.FULL_ITEM;
import static io.rpcbench.sampler.thrift.InventoryJson.tree;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.sampler.thrift.InventoryServers;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** ThriftServiceSampler run as JMeter runs a Java Request, against the example InventoryService over loopback. */
class ThriftServiceSamplerTest {

    private static Map<String, String> parameters(InventoryServers.Running server, String method, String arguments,
            String... more) {
        Map<String, String> parameters = new HashMap<>(Map.of("port", Integer.toString(server.port()),
                "service", "io.rpcbench.example.thrift.InventoryService", "method", method, "arguments", arguments,
                "multiplexed_service", server.multiplexedService()));
        for (int i = 0; i < more.length; i += 2) {
            parameters.put(more[i], more[i + 1]);
        }
        return parameters;
    }

    @ParameterizedTest(name = "multiplexed={0} over {1}+{2}")
    @CsvSource({"false, buffered, binary", "true, framed, compact"})
    void theResponseDataIsTheResultAsJson(boolean multiplexed, String transport, String protocol) throws Exception {
        try (InventoryServers.Running server = InventoryServers.start(multiplexed, transport, protocol)) {
            List<SampleResult> results = SamplerRun.run(new ThriftServiceSampler(), parameters(server, "store",
                    "[" + FULL_ITEM + "]", "transport", transport, "protocol", protocol), 3);

            assertThat(results).allSatisfy(r -> {
                assertThat(r.isSuccessful()).as(r.getResponseMessage()).isTrue();
                assertThat(r.getResponseCode()).isEqualTo("OK");
                assertThat(tree(r.getResponseDataAsString())).isEqualTo(tree(FULL_ITEM));
                assertThat(r.getSamplerData()).isEqualTo("thrift InventoryService.store");
                assertThat(r.getSentBytes()).isGreaterThan(FULL_ITEM.length() / 2);
                assertThat(r.getBytesAsLong()).isGreaterThan(FULL_ITEM.length() / 2);
            });
        }
    }

    @Test
    void aDeclaredExceptionIsARemoteExceptionCarryingItsFields() throws Exception {
        try (InventoryServers.Running server = InventoryServers.start(true, "buffered", "binary")) {
            SampleResult result = SamplerRun.runOnce(new ThriftServiceSampler(), parameters(server, "find", "[-4]"));

            assertThat(result.isSuccessful()).isFalse();
            assertThat(result.getResponseCode()).isEqualTo("remote-exception");
            assertThat(result.getResponseMessage())
                    .contains("InventoryService.find threw notFound: io.rpcbench.example.thrift.ItemNotFound"
                            + " {\"id\":-4,\"reason\":\"no item -4: ids start at 0\"}");
        }
    }

    @Test
    void aMethodTheProviderLacksNamesTheApplicationExceptionType() throws Exception {
        // The multiplexed endpoint's plain calls reach the echo, which has no method find.
        try (InventoryServers.Running server = InventoryServers.start(true, "buffered", "binary")) {
            SampleResult result = SamplerRun.runOnce(new ThriftServiceSampler(),
                    parameters(server, "find", "[7]", "multiplexed_service", ""));

            assertThat(result.getResponseCode()).isEqualTo("remote-exception");
            assertThat(result.getResponseMessage()).contains("UNKNOWN_METHOD: Invalid method name: 'find'");
        }
    }

    @Test
    void badParametersFailEverySampleNamingTheParameter() throws Exception {
        try (InventoryServers.Running server = InventoryServers.start(false, "buffered", "binary")) {
            assertThat(SamplerRun.run(new ThriftServiceSampler(),
                    parameters(server, "find", "[7]", "service", "com.example.Orders"), 2))
                    .allSatisfy(r -> {
                        assertThat(r.getResponseCode()).isEqualTo("bad-parameter");
                        assertThat(r.getResponseMessage())
                                .startsWith("service 'com.example.Orders' is not on JMeter's class path");
                    });
            assertThat(SamplerRun.runOnce(new ThriftServiceSampler(), parameters(server, "lookup", "[7]"))
                    .getResponseMessage()).isEqualTo("method 'lookup' is not a method of"
                    + " io.rpcbench.example.thrift.InventoryService; expected one of find, forget, shelve, store,"
                    + " totalStock, touch");
            SampleResult badJson = SamplerRun.runOnce(new ThriftServiceSampler(), parameters(server, "find", "[7"));
            assertThat(badJson.getResponseCode()).isEqualTo("bad-parameter");
            assertThat(badJson.getResponseMessage()).startsWith("arguments '[7' is not JSON");
            assertThat(SamplerRun.runOnce(new ThriftServiceSampler(),
                    parameters(server, "find", "[1]", "multiplexed_service", "a:b")).getResponseMessage())
                    .startsWith("multiplexed_service 'a:b' contains ':'");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "service=com.example.Orders"
                + " | service 'com.example.Orders' is not on JMeter's class path (java.lang.ClassNotFoundException: com.example.Orders); expected the generated Thrift service class, e.g. io.rpcbench.example.thrift.InventoryService, with its jar in JMeter's lib/ext or named by -Juser.classpath=",
        "service=not a name"
                + " | service 'not a name' is not on JMeter's class path (java.lang.ClassNotFoundException: not a name); expected the generated Thrift service class, e.g. io.rpcbench.example.thrift.InventoryService, with its jar in JMeter's lib/ext or named by -Juser.classpath=",
        "service="
                + " | service '' is empty; expected the generated Thrift service class, e.g. io.rpcbench.example.thrift.InventoryService, with its jar in JMeter's lib/ext or named by -Juser.classpath=",
        "method=lookup"
                + " | method 'lookup' is not a method of io.rpcbench.example.thrift.InventoryService; expected one of find, forget, shelve, store, totalStock, touch",
        "method="
                + " | method '' is not a method of io.rpcbench.example.thrift.InventoryService; expected one of find, forget, shelve, store, totalStock, touch",
        "arguments=[7"
                + " | arguments '[7' is not JSON at line 1 column 3 (Unexpected end-of-input: expected close marker for Array); expected a JSON array of the arguments of InventoryService.find (id), or an object keyed by their names",
        "arguments=[\"seven\"]"
                + " | arguments '\"seven\"' at id is not an integer; expected an integer from -9223372036854775808 to 9223372036854775807 (i64), as a number or a string",
        "arguments=[7, 8]"
                + " | arguments '[7,8]' has 2 argument(s) for InventoryService.find; expected a JSON array of the 1 argument(s) of InventoryService.find (id), or an object keyed by their names; null for an argument without value",
        "arguments=7"
                + " | arguments '7' is neither an array nor an object; expected a JSON array of the 1 argument(s) of InventoryService.find (id), or an object keyed by their names; null for an argument without value",
        "method=store ~ arguments=[{\"id\": 1, \"name\": \"washer\", \"priceMicros\": \"lots\"}]"
                + " | arguments '\"lots\"' at item.priceMicros is not an integer; expected an integer from -9223372036854775808 to 9223372036854775807 (i64), as a number or a string",
        "multiplexed_service=a:b"
                + " | multiplexed_service 'a:b' contains ':'; expected the name the provider registered the service under in its TMultiplexedProcessor, or empty",
        "transport=http"
                + " | transport 'http' is not supported; expected one of buffered, framed",
        "protocol=json"
                + " | protocol 'json' is not supported; expected one of binary, compact",
        "port=0"
                + " | port '0' is out of range; expected an integer from 1 to 65535",
        "host=a b"
                + " | host 'a b' is not a host name; expected a host name or IP address such as 127.0.0.1",
        "timeout_ms=soon"
                + " | timeout_ms 'soon' is not a number; expected an integer from 1 to 3600000",
        "response_max_bytes=-1"
                + " | response_max_bytes '-1' is out of range; expected an integer from 0 to 67108864",
    })
    void aBadInputFailsTheSampleAsABadParameterNamingIt(String changes, String message) throws Exception {
        try (InventoryServers.Running server = InventoryServers.start(false, "buffered", "binary")) {
            Map<String, String> parameters = parameters(server, "find", "[7]");
            for (String change : changes.split(" ~ ")) {
                int equals = change.indexOf('=');
                parameters.put(change.substring(0, equals).trim(), change.substring(equals + 1).trim());
            }

            SampleResult result = SamplerRun.runOnce(new ThriftServiceSampler(), parameters);

            assertThat(result.isSuccessful()).isFalse();
            assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
            assertThat(result.getResponseMessage()).isEqualTo(message);
        }
    }

    @Test
    void theResponseDataIsCutAtResponseMaxBytes() throws Exception {
        try (InventoryServers.Running server = InventoryServers.start(false, "buffered", "binary")) {
            SampleResult result = SamplerRun.runOnce(new ThriftServiceSampler(),
                    parameters(server, "store", "[" + FULL_ITEM + "]", "response_max_bytes", "10"));

            assertThat(result.isSuccessful()).isTrue();
            assertThat(result.getResponseDataAsString()).startsWith("{\"id\":9007 ... [response cut: first 10 of ");
        }
    }
}
