package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Percentage.withPercentage;

import io.rpcbench.benchmark.ab.AbLoad;
import io.rpcbench.benchmark.ab.AbReport;
import io.rpcbench.benchmark.ab.ApacheBench;
import io.rpcbench.benchmark.process.ProviderProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real ApacheBench, as seed 003 ran it ({@code ab -c 10 -n N}, no keep-alive), against the provider app's echo over
 * HTTP ({@code --rest-port 0}) for a few thousand requests. Skipped, saying what to install, when ab is not on the
 * PATH ({@code ./run-tests} installs it).
 */
class ApacheBenchIT {

    private static final int REQUESTS = 3000;
    private static final String FOUR_BYTES = "abcd";

    @Test
    void seed003LoadEchoesEveryRequestAndReportsTheSeedsFigures(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(ApacheBench.find(System.getenv().getOrDefault("PATH", "")).isPresent(),
                "ApacheBench (ab) is not on the PATH; install Debian's apache2-utils (apt-get install -y apache2-utils)");
        try (ProviderProcess provider = ProviderProcess.start(Plans.LAYOUT,
                List.of("--rest-port", "0", "--no-thrift", "--no-dubbo", "--threads", "20"), dir.resolve("provider.log"))) {
            String echoUrl = provider.endpoints().rest().orElseThrow() + "/io.rpcbench.echo.EchoService/echo";

            AbReport report = ApacheBench.onPath().run(AbLoad.seed003(echoUrl, REQUESTS, FOUR_BYTES),
                    Duration.ofMinutes(3), dir.resolve("ab"));

            assertThat(report.concurrency()).isEqualTo(10);
            assertThat(report.completeRequests()).isEqualTo(REQUESTS);
            assertThat(report.failedRequests()).isZero();
            assertThat(report.non2xxResponses()).isZero();
            assertThat(report.keepAliveRequests()).as("no -k, as the seed ran it").isZero();
            // Every body is the 4-byte echo, and every response the same size with its headers (109 bytes with a
            // five-digit port, which Dubbo's alt-svc header names; 109 in the seed's report too).
            assertThat(report.htmlTransferredBytes()).isEqualTo(REQUESTS * 4L);
            assertThat(report.totalTransferredBytes() % REQUESTS).isZero();
            assertThat(report.totalTransferredBytes() / REQUESTS).isBetween(4L + 50, 4L + 200);
            assertThat(report.requestsPerSecond()).isPositive();
            assertThat(report.timePerRequestMs())
                    .isCloseTo(report.timePerRequestAcrossAllMs() * 10, withPercentage(1));
            assertThat(report.servedWithinMs()).containsKeys(50, 66, 75, 80, 90, 95, 98, 99, 100);
            assertThat(report.servedWithinMs().get(100)).isGreaterThanOrEqualTo(report.servedWithinMs().get(50));
        }
    }
}
