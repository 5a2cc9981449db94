package io.rpcbench.benchmark.soak;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.process.ProviderProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Samples a real child JVM, the provider app, by its PID with jcmd, jstat and /proc. */
class SoakSamplerIT {

    private static final ProjectLayout LAYOUT = new ProjectLayout(Path.of(
            System.getProperty("rpcbench.project.dir", "../..")).toAbsolutePath().normalize());

    @TempDir
    Path dir;

    @Test
    void readsTheProvidersHeapOldGenerationThreadsAndDescriptors() throws Exception {
        LAYOUT.requireBuilt();
        try (ProviderProcess provider = ProviderProcess.start(LAYOUT, List.of(), dir.resolve("provider.log"))) {
            JvmReadings jvm = new JvmReadings(Path.of(ProjectLayout.javaHome()));
            CountDownLatch three = new CountDownLatch(3);
            ProcessReadings counted = (pid, second) -> {
                SoakSample sample = jvm.read(pid, second);
                three.countDown();
                return sample;
            };
            Path csv = dir.resolve("provider-soak.csv");
            SoakSampler soak = SoakSampler.start(provider.pid(), Duration.ofMillis(500), counted, csv);
            try {
                assertThat(three.await(60, TimeUnit.SECONDS)).as("three samples within 60 s").isTrue();
            } finally {
                soak.close();
            }

            List<SoakSample> samples = soak.samples();
            assertThat(samples).hasSizeGreaterThanOrEqualTo(3).allSatisfy(sample -> {
                assertThat(sample.heapAfterGcKib()).as("heap after GC of %s", sample).isBetween(1_000L, 1_000_000L);
                assertThat(sample.oldGenKib()).as("old generation of %s", sample).isPositive();
                assertThat(sample.threads()).isGreaterThan(10);
                assertThat(sample.fds()).isGreaterThan(3);
                assertThat(sample.rssKib()).isGreaterThan(sample.heapAfterGcKib());
            });
            // Each histogram is a full collection, and jstat sees it: the count rises at least once per sample.
            assertThat(samples.get(samples.size() - 1).fullGcs() - samples.get(0).fullGcs())
                    .isGreaterThanOrEqualTo(samples.size() - 1);
            assertThat(Files.readAllLines(csv)).hasSize(samples.size() + 1);
            SoakFigures figures = soak.figures(Duration.ZERO, Duration.ofMinutes(5));
            assertThat(figures.samples()).isEqualTo(samples.size());
            assertThat(figures.fullGcsNotOurs()).isZero();
        }
    }
}
