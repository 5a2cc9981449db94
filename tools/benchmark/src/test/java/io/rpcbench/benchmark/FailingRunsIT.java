package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.reports.jtl.JtlSample;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plans run to the end and explain every failure when the provider is down or a parameter is bad. */
class FailingRunsIT {

    @TempDir
    Path dir;

    @Test
    void thriftSamplesFailAsConnectionErrorsWhenTheProviderIsDown() throws Exception {
        int closedPort = closedLoopbackPort();
        List<JtlSample> samples = run("thrift-echo-1k", Map.of("thrift.host", "127.0.0.1",
                "thrift.port", Integer.toString(closedPort)));

        assertThat(samples).isNotEmpty().allSatisfy(sample -> {
            assertThat(sample.success()).isFalse();
            assertThat(sample.responseCode()).isEqualTo("connection");
            assertThat(sample.responseMessage()).contains("127.0.0.1:" + closedPort);
        });
    }

    @Test
    void dubboSamplesFailAsConnectionErrorsWhenTheProviderIsDown() throws Exception {
        int closedPort = closedLoopbackPort();
        List<JtlSample> samples = run("dubbo-echo-1k", Map.of("dubbo.address", "dubbo://127.0.0.1:" + closedPort));

        assertThat(samples).isNotEmpty().allSatisfy(sample -> {
            assertThat(sample.success()).isFalse();
            assertThat(sample.responseCode()).isEqualTo("connection");
            assertThat(sample.responseMessage()).contains(Integer.toString(closedPort));
        });
    }

    @Test
    void aBadParameterFailsEverySampleNamingTheParameter() throws Exception {
        List<JtlSample> samples = run("thrift-echo-1k", Map.of("size_bytes", "abc",
                "thrift.port", Integer.toString(closedLoopbackPort())));

        assertThat(samples).isNotEmpty().allSatisfy(sample -> {
            assertThat(sample.success()).isFalse();
            assertThat(sample.responseCode()).isEqualTo("bad-parameter");
            assertThat(sample.responseMessage()).contains("size_bytes").contains("abc");
        });
    }

    private List<JtlSample> run(String plan, Map<String, String> properties) throws IOException {
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, plan, dir.resolve(plan)).dashboard(false)
                .properties(Map.of(JMeterRun.THINK_TIME, TestVolume.THINK_TIME_MS, "threads", "2", "rampup", "0", "duration", "2"))
                .properties(properties);
        run.run(Duration.ofMinutes(2));
        return Plans.samples(run.jtl());
    }

    /** A loopback port nothing listens on: bound to learn a free one, then closed. */
    private static int closedLoopbackPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
