package io.rpcbench.sampler.jmeter;

import static io.rpcbench.sampler.InventoryJson.FULL_ITEM;
import static io.rpcbench.sampler.InventoryJson.tree;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.sampler.InventoryServers;
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
