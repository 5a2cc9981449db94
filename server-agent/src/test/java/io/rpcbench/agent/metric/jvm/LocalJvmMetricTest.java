package io.rpcbench.agent.metric.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.rpcbench.agent.FakeHost;
import io.rpcbench.agent.MetricCatalog;
import io.rpcbench.agent.jvm.JvmCountersException;
import io.rpcbench.agent.jvm.PerfDataFiles;
import io.rpcbench.agent.jvm.PerfDataImage;
import io.rpcbench.agent.metric.Metric;
import io.rpcbench.agent.metric.MetricSpec;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jmx:pid=...} specs against a JVM's counters written to a fake {@code /proc/<pid>/root/tmp}: the values a
 * PerfMon client gets as the JVM's counters change between two readings.
 */
class LocalJvmMetricTest {
    private static final long PID = 4711;

    @TempDir
    Path dir;
    private final FakeHost host = new FakeHost();
    private MetricCatalog catalog;
    private PerfDataImage jvm;
    private Path file;

    @BeforeEach
    void aG1JvmWithSomeCollectionsBehindIt() throws IOException {
        Path proc = dir.resolve("proc");
        Path processDir = Files.createDirectories(proc.resolve(Long.toString(PID)));
        Files.write(processDir.resolve("status"), "NSpid:\t4711\n".getBytes(StandardCharsets.UTF_8));
        jvm = new PerfDataImage(ByteOrder.nativeOrder())
                .longCounter("sun.os.hrt.frequency", 1_000_000_000L)
                .collector(0, "G1 young collection pauses", 10, 500_000_000L)
                .collector(1, "G1 full collection pauses", 1, 100_000_000L)
                .collector(2, "G1 concurrent cycle pauses", 2, 4_000_000L)
                .longCounter("sun.gc.generation.0.space.0.used", 3L << 20)
                .longCounter("sun.gc.generation.1.space.0.used", 5L << 20);
        file = jvm.writeTo(processDir.resolve("root/tmp/hsperfdata_app/4711"));
        catalog = new MetricCatalog(host, JmxConnections.REMOTE, false, false,
                new PerfDataFiles(proc, dir.resolve("tmp"), dir.resolve("java-tmp")));
    }

    private Metric metric(String spec) throws IOException {
        return catalog.createOrThrow(MetricSpec.parse(spec));
    }

    @Test
    void gcTimeIsThePauseMillisecondsSinceThePreviousReading() throws Exception {
        Metric gcTime = metric("jmx:pid=4711:gc-time:label=provider");
        assertThat(gcTime.read()).as("first reading").isEqualTo(0.0);

        jvm.set("sun.gc.collector.0.time", 512_500_000L);  // +12.5 ms young
        jvm.set("sun.gc.collector.2.time", 5_000_000L);    // +1 ms remark and cleanup

        assertThat(gcTime.read()).isCloseTo(13.5, within(1e-9));
        assertThat(gcTime.read()).as("nothing since").isEqualTo(0.0);
    }

    @Test
    void gcCountIsThePausesSinceThePreviousReading() throws Exception {
        Metric gcCount = metric("jmx:pid=4711:gc-count");
        assertThat(gcCount.read()).isEqualTo(0.0);

        jvm.set("sun.gc.collector.0.invocations", 13);
        jvm.set("sun.gc.collector.1.invocations", 2);

        assertThat(gcCount.read()).isEqualTo(4.0);
    }

    @Test
    void heapIsTheDefaultFieldAndHonoursUnit() throws Exception {
        assertThat(metric("jmx:pid=4711").read()).isEqualTo(8.0 * 1024 * 1024);
        assertThat(metric("jmx:pid=4711:heap:unit=mb:label=provider").read()).isEqualTo(8.0);
    }

    @Test
    void aJvmNamedByExecutableIsReadLikeByPid() throws Exception {
        host.names.put("java", Collections.singletonList(PID));
        assertThat(metric("jmx:name=java:heap:unit=kb").read()).isEqualTo(8.0 * 1024);
    }

    @Test
    void aJvmThatHasExitedFailsEveryReading() throws Exception {
        Metric gcTime = catalog.create("jmx:pid=4711:gc-time");
        assertThat(gcTime.read()).isEqualTo(0.0);

        Files.delete(file);

        for (int reading = 0; reading < 2; reading++) {
            assertThatThrownBy(gcTime::read).isInstanceOf(JvmCountersException.class)
                    .hasMessage("JVM pid 4711 has exited: its performance data file " + file + " is gone");
        }
    }

    @Test
    void aJvmThatCannotBeReadIsAnEmptyFieldFromTheStart() throws Exception {
        assertThatThrownBy(() -> metric("jmx:pid=4712:gc-time")).isInstanceOf(JvmCountersException.class)
                .hasMessageStartingWith("there is no process with pid 4712");
        assertThat(catalog.create("jmx:pid=4712:gc-time").read()).isNaN();
    }
}
