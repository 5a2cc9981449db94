package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BadParameterTest {

    private static final String ADDRESS = "zookeeper://host:port or nacos://host:port (its namespace, registry group and credentials as the sampler's parameters) for a "
            + "registry, or dubbo://host:port or tri://host:port for a direct connection";

    @ParameterizedTest(name = "{0} {1}={2}")
    @CsvSource(delimiter = '|', value = {
        "thrift | size_bytes   | abc          | size_bytes 'abc' is not a number; expected an integer from 0 to 67108864",
        "thrift | size_bytes   | -1           | size_bytes '-1' is out of range; expected an integer from 0 to 67108864",
        "thrift | size_bytes   | 67108865     | size_bytes '67108865' is out of range; expected an integer from 0 to 67108864",
        "thrift | payload      | xml          | payload 'xml' is not a payload kind; expected one of string, person, map, list, none, cpu, built",
        "thrift | transport    | http         | transport 'http' is not supported; expected one of buffered, framed",
        "thrift | protocol     | json         | protocol 'json' is not supported; expected one of binary, compact",
        "thrift | port         | 70000        | port '70000' is out of range; expected an integer from 1 to 65535",
        "thrift | host         | a b          | host 'a b' is not a host name; expected a host name or IP address such as 127.0.0.1",
        "thrift | timeout_ms   | 0            | timeout_ms '0' is out of range; expected an integer from 1 to 3600000",
        "thrift | list_count   | many         | list_count 'many' is not a number; expected an integer from 0 to 100000",
        "thrift | rounds       | -1           | rounds '-1' is out of range; expected an integer from 0 to 1000000",
        "dubbo  | rounds       | lots         | rounds 'lots' is not a number; expected an integer from 0 to 1000000",
        "thrift | delay_ms     | -10          | delay_ms '-10' is out of range; expected an integer from 0 to 3600000",
        "dubbo  | delay_ms     | 10ms         | delay_ms '10ms' is not a number; expected an integer from 0 to 3600000",
        "dubbo  | address      | localhost    | address 'localhost' has no supported scheme; expected ADDRESS",
        "dubbo  | address      | http://h:1   | address 'http://h:1' has no supported scheme; expected ADDRESS",
        "dubbo  | address      | etcd://127.0.0.1:2379 | address 'etcd://127.0.0.1:2379' has no supported scheme; expected ADDRESS",
        "dubbo  | address      | zookeeper://127.0.0.1 | address 'zookeeper://127.0.0.1' has no host and port; expected ADDRESS",
        "dubbo  | address      | zookeeper://:2181 | address 'zookeeper://:2181' has no host and port; expected ADDRESS",
        "dubbo  | address      | zookeeper://127.0.0.1:2181 x | address 'zookeeper://127.0.0.1:2181 x' is not a URL; expected ADDRESS",
        "dubbo  | address      | dubbo://127.0.0.1 | address 'dubbo://127.0.0.1' has no host and port; expected ADDRESS",
        "dubbo  | protocol     | rmi          | protocol 'rmi' is not supported; expected one of dubbo, tri",
        "dubbo  | serialization | kryo        | serialization 'kryo' is not supported; expected one of hessian2, fastjson2",
        "dubbo  | size_bytes   | 1e3          | size_bytes '1e3' is not a number; expected an integer from 0 to 67108864",
        "dubbo  | size_bytes   | -5           | size_bytes '-5' is out of range; expected an integer from 0 to 67108864",
        "dubbo  | size_bytes   | 99999999999  | size_bytes '99999999999' is out of range; expected an integer from 0 to 67108864",
        "dubbo  | payload      | bytes        | payload 'bytes' is not a payload kind; expected one of string, person, map, list, none, cpu, built",
    })
    void everySampleFailsNamingTheParameter(String sampler, String name, String value, String message) {
        List<SampleResult> results = SamplerRun.run(sampler(sampler), Map.of(name, value), 2);

        assertThat(results).allSatisfy(r -> {
            assertThat(r.isSuccessful()).isFalse();
            assertThat(r.getResponseCode()).isEqualTo("bad-parameter");
            assertThat(r.getResponseMessage()).isEqualTo(message.replace("ADDRESS", ADDRESS));
            assertThat(r.getStartTime()).isPositive();
        });
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"dubbo", "thrift"})
    void builtPayloadRefusesADelayThatTheTimeoutWouldCutShort(String sampler) {
        SampleResult result = SamplerRun.runOnce(sampler(sampler),
                Map.of("payload", "built", "delay_ms", "5000", "timeout_ms", "5000"));

        assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
        assertThat(result.getResponseMessage()).isEqualTo("delay_ms '5000' is not below timeout_ms 5000; "
                + "expected a delay shorter than the call's timeout, or a longer timeout_ms");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"dubbo", "thrift"})
    void cpuPayloadRefusesRoundsThatWouldOutgrowTheLargestText(String sampler) {
        SampleResult result = SamplerRun.runOnce(sampler(sampler),
                Map.of("payload", "cpu", "size_bytes", "67000000", "rounds", "100000"));

        assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
        assertThat(result.getResponseMessage()).isEqualTo("rounds '100000' with size_bytes 67000000 would build "
                + "more than 67108864 chars; expected at most 10886");
    }

    @ParameterizedTest
    @CsvSource({"tri://127.0.0.1:50051, dubbo", "dubbo://127.0.0.1:20880, tri"})
    void protocolMustMatchADirectAddress(String address, String protocol) {
        SampleResult result = SamplerRun.runOnce(new DubboSampler(), Map.of("address", address, "protocol", protocol));

        assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
        assertThat(result.getResponseMessage()).startsWith("protocol '" + protocol + "' does not match the direct address");
    }

    private static RpcJavaSampler<?> sampler(String kind) {
        return kind.equals("dubbo") ? new DubboSampler() : new ThriftSampler();
    }
}
