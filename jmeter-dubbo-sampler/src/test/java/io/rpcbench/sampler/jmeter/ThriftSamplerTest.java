package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.provider.DelayedEcho;
import io.rpcbench.provider.thrift.ThriftEndpoint;
import io.rpcbench.sampler.LoopbackProviders;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ThriftSamplerTest {

    @ParameterizedTest(name = "{0} over {1}+{2}")
    @CsvSource({
        "string, buffered, binary", "person, buffered, binary", "map, buffered, binary", "list, buffered, binary",
        "none, buffered, binary", "cpu, buffered, binary", "built, buffered, binary",
        "string, framed, compact", "person, framed, compact", "map, framed, compact", "list, framed, compact",
        "none, framed, compact", "cpu, framed, compact", "built, framed, compact"})
    void echoesEveryPayloadKind(String payload, String transport, String protocol) throws Exception {
        try (ThriftEndpoint server = LoopbackProviders.thrift(transport, protocol, new DelayedEcho(0))) {
            List<SampleResult> results = SamplerRun.run(new ThriftSampler(), Map.of(
                    "port", Integer.toString(server.port()), "transport", transport, "protocol", protocol,
                    "payload", payload, "size_bytes", "2048", "list_count", "3"), 3);

            assertThat(results).allSatisfy(r -> {
                assertThat(r.isSuccessful()).as(r.getResponseMessage()).isTrue();
                assertThat(r.getResponseCode()).isEqualTo("OK");
                assertThat(r.getSentBytes()).isPositive();
                assertThat(r.getBytesAsLong()).isGreaterThanOrEqualTo(PayloadBytes.atLeast(payload, 2048, 3));
            });
        }
    }
}
