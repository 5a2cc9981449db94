package io.rpcbench.benchmark.soak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SoakSamplerTest {

    @TempDir
    Path dir;

    @Test
    void writesEverySampleToTheCsvAndStopsOnClose() throws Exception {
        AtomicInteger reads = new AtomicInteger();
        CountDownLatch threeTaken = new CountDownLatch(3);
        ProcessReadings fake = (pid, second) -> {
            int n = reads.getAndIncrement();
            threeTaken.countDown();
            return new SoakSample(n, 1000 + n, 900, n, 20, 10, n == 0 ? -1 : 50_000);
        };
        Path csv = dir.resolve("soak.csv");

        SoakSampler sampler = SoakSampler.start(ProcessHandle.current().pid(), Duration.ofMillis(5), fake, csv);
        assertThat(threeTaken.await(10, TimeUnit.SECONDS)).as("three samples taken").isTrue();
        sampler.close();
        int taken = reads.get();

        assertThat(sampler.samples()).hasSize(taken);
        assertThat(Files.readAllLines(csv)).hasSize(taken + 1).startsWith(
                "second,heap_after_gc_kib,old_gen_after_gc_kib,full_gcs,threads,fds,rss_kib",
                "0,1000,900,0,20,10,",
                "1,1001,900,1,20,10,50000",
                "2,1002,900,2,20,10,50000");
        assertThat(sampler.samples()).hasSize(reads.get()); // close joined the thread: no reading was left behind
    }

    @Test
    void figuresJudgeTheWindowAfterTheWarmUpOnly() throws Exception {
        ProcessReadings fake = (pid, second) -> new SoakSample(second, 1000, 900, 0, 20, 10, 1);
        SoakSampler sampler = SoakSampler.start(ProcessHandle.current().pid(), Duration.ofMillis(5), fake,
                dir.resolve("soak.csv"));
        sampler.close();

        assertThat(sampler.figures(Duration.ZERO, Duration.ofSeconds(10)).samples()).isEqualTo(sampler.samples().size());
        assertThatThrownBy(() -> sampler.figures(Duration.ofSeconds(60), Duration.ofSeconds(10)))
                .hasMessageStartingWith("no soak sample of pid " + ProcessHandle.current().pid() + " between 60 s and 70 s");
    }

    @Test
    void aReadingThatFailsWhileTheProcessLivesIsReported() throws Exception {
        ProcessReadings broken = (pid, second) -> {
            throw new IllegalStateException("jcmd said no");
        };
        SoakSampler sampler = SoakSampler.start(ProcessHandle.current().pid(), Duration.ofMillis(5), broken,
                dir.resolve("soak.csv"));
        sampler.close();

        assertThatThrownBy(() -> sampler.figures(Duration.ZERO, Duration.ofSeconds(1)))
                .hasMessageContaining("jcmd said no");
    }

    @Test
    void anIntervalOfNothingIsRefused() {
        assertThatThrownBy(() -> SoakSampler.start(1, Duration.ZERO, (pid, s) -> null, dir.resolve("x.csv")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not positive");
    }
}
