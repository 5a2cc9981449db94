package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rpcbench.benchmark.ab.ApacheBench;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Seed 003's REST test shortened through {@code --scenario}: JMeter's cell filled with the 4-byte echo, then ab
 * against the same provider for 2,000 requests per measured second ({@link #AB_REQUESTS} in all), its report lines
 * printed beside the seed's three ab outputs and JMeter's equivalents. Every JMeter sample is a POST of the 4-byte
 * string to the provider's echo URL on loopback, through JMeter's stock HTTP Request, whose answer the plan's Response
 * Assertion found to be that string (that the assertion is what passes a sample: {@link ShippedPlansIT}). Skipped,
 * saying what to install, without ab.
 */
class Seed003RestScenarioIT {

    /** ab's requests: 2,000 per second of the cell's measured window (the scenario's cap on its short run). */
    private static final int AB_REQUESTS = 2_000 * ScenarioShortRun.DURATION_SECONDS;

    @Test
    void jmeterAndAbLoadTheSameEchoAndTheirLinesArePrintedBesideTheSeeds() throws Exception {
        Optional<?> ab = ApacheBench.find(System.getenv().getOrDefault("PATH", ""));
        assumeTrue(ab.isPresent(), "ApacheBench (ab) is not installed: apt-get install -y "
                + ApacheBench.DEBIAN_PACKAGE);

        // The plan opens a connection per request, as the seed's ab (-Jkeepalive=true keeps them: Dubbo 3.3.6's
        // keep-alive race is worked around in RestEndpoint, docs/upstream/dubbo-http1-keepalive.md).
        ScenarioShortRun.Result run = ScenarioShortRun.run("seed-003-rest");

        ScenarioShortRun.assertEveryCellFilled(run);
        assertThat(ScenarioShortRun.samples(run.cells().get(0))).isNotEmpty().allSatisfy(sample -> {
            assertThat(sample.label()).isEqualTo("seed-003-rest");
            assertThat(sample.url()).matches("http://127\\.0\\.0\\.1:[0-9]+/io\\.rpcbench\\.echo\\.EchoService/echo");
            assertThat(sample.success()).as("success of %s", sample).isTrue();
            // The body and the HTTP headers.
            assertThat(sample.bytes()).isBetween(4 + 50L, 4 + 300L);
            assertThat(sample.sentBytes()).isGreaterThanOrEqualTo(4);
        });
        assertThat(run.output())
                .containsPattern("(?m)^echo of 4 bytes over HTTP, 10 at a time +complete requests +" + AB_REQUESTS
                        + " +1000000 / 1000000 / 402175 +[1-9][0-9]* *$")
                .containsPattern("(?m)^ +requests/s +[0-9]+\\.[0-9]{2} +3258\\.85 / 3455\\.78 / 876\\.50 +[0-9]+\\.[0-9]{2}"
                        + " *$")
                .containsPattern("(?m)^ +99% ms +[0-9]+ +8 / 7 / 18 +[0-9]+\\.[0-9]{3} *$")
                .containsPattern("(?m)^ +failed +0 +0 / 0 / 0 +0 *$");
    }
}
