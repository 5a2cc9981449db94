package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.reports.dashboard.RunSummary;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 25's figures, in {@code ./run-tests --full} only: the open-model 1k plans at 2,000 arrivals a second for 30 s
 * (after a 30 s warm-up). Checked: as many samples as arrivals, none failed after the warm-up (a dropped arrival is
 * not a failure), JMeter's threads in the hundreds at most, the run ends on time ({@link OpenWorkloadIT#checkArrivals}),
 * and the p99 after the first 10 s of the window at most {@value #P99_MS} ms (issue 25). Printed: that p99, the
 * window's and the whole run's (the warm-up's arrivals, which wait for the consumer's set-up, included). Alone
 * ({@link Isolated}: no other IT class beside it), since a rate held is a claim about the machine: beside two other
 * ITs dubbo-echo-1k-open dropped 4,973 arrivals of its window; alone, 145 in one run. Until the samplers stopped
 * declaring JMeter's teardownTest (see RpcJavaSampler#closeClient), Dubbo's p99 here was 19-56 ms: JMeter kept every
 * arrival's sampler to the end of the test, and the heap's collections paused for tens of ms.
 */
@Isolated("a rate held is a claim about the machine: no other IT beside it")
class OpenWorkloadAtTwoThousandIT {

    private static final int RATE = 2_000;
    /**
     * A fresh provider and a fresh JMeter at 2,000 arrivals a second compile for about 30 s on 2 vCPUs (p99 per 5 s
     * still falling from 9 to 2-3 ms between 15 and 30 s): after a 15 s warm-up the p99 of the window's last 20 s was
     * 2.8-6.4 ms from run to run.
     */
    private static final int WARMUP_SECONDS = 30;
    private static final int MEASURED_SECONDS = 30;
    private static final double P99_MS = 5;

    @TempDir
    static Path dir;

    static ProviderProcess provider;

    @BeforeAll
    static void startProvider() throws Exception {
        assumeThat(TestVolume.full()).as("./run-tests --full only").isTrue();
        // Not the tests' C1-only provider (rpcbench.child.jvm.options): a rate held is a claim about the provider as
        // ./run-benchmark runs it, with its full JIT. With C1 only, dubbo-echo-1k-open's p99 here was 8-12 ms.
        String testOptions = System.getProperty(ProjectLayout.CHILD_JVM_OPTIONS);
        System.clearProperty(ProjectLayout.CHILD_JVM_OPTIONS);
        try {
            provider = ProviderProcess.start(Plans.LAYOUT, List.of(), dir.resolve("provider.log"));
        } finally {
            if (testOptions != null) {
                System.setProperty(ProjectLayout.CHILD_JVM_OPTIONS, testOptions);
            }
        }
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            provider.close();
        }
    }

    @ParameterizedTest(name = "{0} at 2,000/s")
    @ValueSource(strings = {"dubbo-echo-1k-open", "thrift-echo-1k-open"})
    void everyArrivalAfterTheWarmupIsACallThatPassed(String plan) throws Exception {
        Path jtl = OpenWorkloadIT.checkArrivals(provider, dir, plan, RATE, WARMUP_SECONDS, MEASURED_SECONDS, false);

        RunSummary window = RunSummary.of(jtl, Duration.ofSeconds(WARMUP_SECONDS),
                Optional.of(Duration.ofSeconds(MEASURED_SECONDS)));
        RunSummary steady = RunSummary.of(jtl, Duration.ofSeconds(WARMUP_SECONDS + 10), Optional.empty());
        double p99 = steady.label(plan).percentileMs(99);
        System.out.printf("%s at %d/s: p99 after the first 10 s of the window %.3f ms, p99 of the window %.3f ms, "
                + "of the whole run %.3f ms%n", plan, RATE, p99, window.label(plan).percentileMs(99),
                RunSummary.of(jtl).label(plan).percentileMs(99));
        assertThat(p99).as("%s's p99 after the first 10 s of the window, ms", plan).isLessThanOrEqualTo(P99_MS);
    }
}
