package io.rpcbench.agent.metric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.rpcbench.agent.FakeHost;
import io.rpcbench.agent.MetricCatalog;
import io.rpcbench.agent.host.CpuTicks;
import io.rpcbench.agent.host.DiskReading;
import io.rpcbench.agent.host.FileSystemReading;
import io.rpcbench.agent.host.InterfaceReading;
import io.rpcbench.agent.host.MemoryReading;
import io.rpcbench.agent.host.ProcessReading;
import io.rpcbench.agent.host.SharedReadings;
import io.rpcbench.agent.metric.command.ExecMetric;
import io.rpcbench.agent.metric.jvm.JmxConnections;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import javax.management.ListenerNotFoundException;
import javax.management.MBeanServerConnection;
import javax.management.NotificationFilter;
import javax.management.NotificationListener;
import javax.management.remote.JMXConnector;
import javax.security.auth.Subject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetricsTest {
    private final FakeHost host = new FakeHost();
    private final MetricCatalog catalog = new MetricCatalog(host, new PlatformJmx(), false, false);

    private double read(String spec) throws Exception {
        return catalog.createOrThrow(MetricSpec.parse(spec)).read();
    }

    @Test
    void cpuPercentagesComeFromTheTicksSinceThePreviousReading() throws Exception {
        host.cpu = new CpuTicks(100, 0, 50, 800, 50);
        catalog.startCpuHistory();
        Metric user = catalog.create("cpu:user");
        Metric system = catalog.create("cpu:system");
        Metric idle = catalog.create("cpu:idle");
        Metric iowait = catalog.create("cpu:iowait");
        Metric combined = catalog.create("cpu");
        host.cpu = new CpuTicks(160, 0, 70, 900, 70);  // +60 user +20 system +100 idle +20 iowait = 200

        assertThat(user.read()).isCloseTo(30.0, within(1e-9));
        assertThat(system.read()).isCloseTo(10.0, within(1e-9));
        assertThat(idle.read()).isCloseTo(50.0, within(1e-9));
        assertThat(iowait.read()).isCloseTo(10.0, within(1e-9));
        assertThat(combined.read()).as("combined is everything but idle").isCloseTo(50.0, within(1e-9));
        assertThat(catalog.create("cpu:idle").read()).as("a new spec starts from the last reading").isNaN();
    }

    @Test
    void aSpecArrivingRightAfterAnotherClientsLineHasACpuValue() throws Exception {
        // As in the agent: readings shared per interval. A metrics-single arriving a few ms after a streaming
        // client's line starts from that line's ticks and must read the machine again, not be handed the same ticks.
        MetricCatalog shared = new MetricCatalog(new SharedReadings(host), new PlatformJmx(), false, false);
        host.cpu = new CpuTicks(100, 0, 50, 800, 50);
        shared.startCpuHistory();
        Metric streaming = shared.create("cpu:idle");
        host.cpu = new CpuTicks(160, 0, 70, 900, 70);
        streaming.read();
        host.cpu = new CpuTicks(190, 0, 70, 1000, 70);  // +30 user +100 idle = 130

        assertThat(shared.create("cpu:user").read()).isCloseTo(100.0 * 30 / 130, within(1e-9));
    }

    @Test
    void cpuOfOneCoreReadsThatCore() throws Exception {
        host.cores.set(1, new CpuTicks(0, 0, 0, 0));
        catalog.startCpuHistory();
        host.cores.set(1, new CpuTicks(75, 0, 0, 25));
        assertThat(read("cpu:core=1:user")).isCloseTo(75.0, within(1e-9));
    }

    @Test
    void cpuWithoutElapsedTicksIsEmptyNotZero() throws Exception {
        catalog.startCpuHistory();
        assertThat(read("cpu:idle")).isNaN();
    }

    @Test
    void aCoreThatDoesNotExistIsABadSpec() {
        assertThatThrownBy(() -> read("cpu:core=7:idle")).isInstanceOf(BadSpecException.class)
                .hasMessageContaining("core=").hasMessageContaining("0 to 1");
    }

    @Test
    void memoryUsedCountsOnlyWhatIsNotAvailable() throws Exception {
        host.memory = new MemoryReading(4L << 30, 3L << 30, 0, 0, 0, 0);
        assertThat(read("memory:usedperc")).isCloseTo(25.0, within(1e-9));
        assertThat(read("memory")).isCloseTo(25.0, within(1e-9));
        assertThat(read("memory:used:unit=mb")).isEqualTo(1024.0);
        assertThat(read("memory:free:unit=gb")).isEqualTo(3.0);
        assertThat(read("memory:total:unit=kb")).isEqualTo(4.0 * 1024 * 1024);
        assertThat(read("memory:freeperc")).isCloseTo(75.0, within(1e-9));
    }

    @Test
    void anUnknownUnitIsABadSpec() {
        assertThatThrownBy(() -> read("memory:used:unit=tb")).isInstanceOf(BadSpecException.class)
                .hasMessageContaining("unit=").hasMessageContaining("b, kb, mb or gb");
    }

    @Test
    void swapReportsBytesAndPagesSinceThePreviousReading() throws Exception {
        assertThat(read("swap:used")).isEqualTo(100.0);
        assertThat(read("swap:free")).isEqualTo(300.0);
        Metric pageIn = catalog.create("swap:pagein");
        assertThat(pageIn.read()).isEqualTo(0.0);
        host.memory = new MemoryReading(1000, 250, 400, 100, 12, 9);
        assertThat(pageIn.read()).isEqualTo(5.0);
    }

    @Test
    void diskCountersAreChangesSinceThePreviousReadingSummedOverDisks() throws Exception {
        host.disks = Arrays.asList(disk("sda", 10, 1000, 2, "/"), disk("sdb", 5, 500, 1, "/data"));
        Metric reads = catalog.create("disks:reads");
        Metric bytes = catalog.create("disks:readbytes:unit=kb");
        assertThat(reads.read()).isEqualTo(0.0);
        assertThat(bytes.read()).isEqualTo(0.0);
        host.disks = Arrays.asList(disk("sda", 13, 1000 + 2048, 0, "/"), disk("sdb", 6, 500 + 1024, 4, "/data"));
        assertThat(reads.read()).isEqualTo(4.0);
        assertThat(bytes.read()).isEqualTo(3.0);
        assertThat(read("disks:queue")).isEqualTo(4.0);
        assertThat(read("disks")).as("queue is the default").isEqualTo(4.0);
    }

    @Test
    void diskCountersOfOneFileSystemReadItsDisk() throws Exception {
        host.disks = Arrays.asList(disk("sda", 10, 0, 2, "/"), disk("sdb", 5, 0, 1, "/data"));
        assertThat(read("disks:fs=/data:queue")).isEqualTo(1.0);
        assertThat(read("disks:fs=/nowhere:queue")).isNaN();
    }

    @Test
    void fileSystemSpaceIsInBytesAndUsePercentCountsReservedSpaceAsFree() throws Exception {
        host.fileSystems = Arrays.asList(new FileSystemReading("/", 1000, 400, 300),
                new FileSystemReading("/data", 3000, 600, 600));
        assertThat(read("disks:useperc")).isCloseTo(75.0, within(1e-9));
        assertThat(read("disks:fs=/:useperc")).isCloseTo(60.0, within(1e-9));
        assertThat(read("disks:fs=/:total")).isEqualTo(1000.0);
        assertThat(read("disks:fs=/:available")).isEqualTo(300.0);
        assertThat(read("disks:used")).isEqualTo(3000.0);
    }

    @Test
    void networkCountersAreChangesSummedOverInterfacesOrOne() throws Exception {
        host.interfaces = Arrays.asList(nif("lo", 1000, 10), nif("eth0", 5000, 50));
        Metric all = catalog.create("network:bytesrecv:unit=kb");
        Metric eth0Packets = catalog.create("network:iface=eth0:rx");
        all.read();
        eth0Packets.read();
        host.interfaces = Arrays.asList(nif("lo", 1000 + 1024, 12), nif("eth0", 5000 + 2048, 57));
        assertThat(all.read()).isEqualTo(3.0);
        assertThat(eth0Packets.read()).isEqualTo(7.0);
        assertThat(read("network:iface=wlan9:rx")).isNaN();
    }

    @Test
    void tcpCountsConnectionsInOneState() throws Exception {
        host.tcp.put("ESTABLISHED", 7);
        host.tcp.put("LISTEN", 3);
        host.tcp.put("TIME_WAIT", 2);
        assertThat(read("tcp")).isEqualTo(7.0);
        assertThat(read("tcp:listen")).isEqualTo(3.0);
        assertThat(read("tcp:time_wait")).isEqualTo(2.0);
        assertThat(read("tcp:close_wait")).isEqualTo(0.0);
    }

    @Test
    void processCpuIsCpuTimeOverWallTime() throws Exception {
        host.processes.put(42L, process(42, 1000, 500, 10_000, 0));
        Metric percent = catalog.create("cpu:pid=42:percent");
        assertThat(percent.read()).as("first: average since start").isCloseTo(15.0, within(1e-9));
        host.processes.put(42L, process(42, 2500, 1000, 12_000, 0));
        assertThat(percent.read()).as("2000 ms CPU in 2000 ms").isCloseTo(100.0, within(1e-9));
    }

    @Test
    void processByNameTakesTheIndexedProcess() throws Exception {
        host.names.put("java", Arrays.asList(10L, 20L));
        host.processes.put(20L, process(20, 0, 0, 1000, 512L * 1024 * 1024));
        assertThat(read("memory:name=java#1:resident:unit=mb")).isEqualTo(512.0);
        assertThatThrownBy(() -> read("memory:name=java#2")).isInstanceOf(BadSpecException.class)
                .hasMessageContaining("no process called 'java' with index 2");
    }

    @Test
    void aProcessThatIsGoneReadsAsEmpty() throws Exception {
        assertThat(read("memory:pid=999")).isNaN();
        assertThatThrownBy(() -> read("cpu:pid=abc")).isInstanceOf(BadSpecException.class)
                .hasMessageContaining("pid=");
    }

    @Test
    void unknownFamiliesAndFieldsBecomeEmptyMetrics() throws Exception {
        assertThat(catalog.create("foo:bar").read()).isNaN();
        assertThat(catalog.create("cpu:nonsense").read()).isNaN();
        assertThatThrownBy(() -> read("cpu:nonsense")).hasMessageContaining("combined");
    }

    @Test
    void execAndTailAreRefusedByDefault() {
        assertThatThrownBy(() -> read("exec:/bin/echo:5")).isInstanceOf(RefusedException.class)
                .hasMessageContaining("--allow-exec");
        assertThatThrownBy(() -> read("tail:/etc/hostname")).isInstanceOf(RefusedException.class)
                .hasMessageContaining("--allow-tail");
    }

    @Test
    void execReportsTheLastLineOfLargeOutputWhenAllowed() throws Exception {
        MetricCatalog allowing = new MetricCatalog(host, new PlatformJmx(), true, false);
        // 200,000 lines on stderr first: the original agent hung on output like this.
        Metric exec = allowing.create("exec:/bin/sh:-c:seq 200000 1>&2; echo 42.5");
        assertThat(exec.read()).isEqualTo(42.5);
    }

    @Test
    void tailReportsTheLastNumberOfAFileWhenAllowed(@TempDir Path dir) throws Exception {
        File file = dir.resolve("queue.txt").toFile();
        Files.write(file.toPath(), "1\n2\n17\n\n".getBytes(StandardCharsets.UTF_8));
        MetricCatalog allowing = new MetricCatalog(host, new PlatformJmx(), false, true);
        assertThat(allowing.create("tail:" + file.getPath().replace(":", "\\:")).read()).isEqualTo(17.0);
    }

    @Test
    void execThatOverrunsItsTimeIsEmpty() throws Exception {
        MetricCatalog allowing = new MetricCatalog(host, new PlatformJmx(), true, false);
        Metric endless = allowing.create("exec:/bin/sh:-c:echo 1; exec sleep " + (ExecMetric.TIMEOUT_SECONDS + 20));
        long start = System.nanoTime();
        assertThat(endless.read()).isNaN();
        assertThat((System.nanoTime() - start) / 1e9).isLessThan(ExecMetric.TIMEOUT_SECONDS + 5);
    }

    @Test
    void jmxReadsHeapGcAndClassesOfAJvm() throws Exception {
        assertThat(read("jmx:url=localhost\\:4711:heap")).isPositive();
        assertThat(read("jmx:url=localhost\\:4711:class-count")).isGreaterThan(100.0);
        Metric gc = catalog.create("jmx:url=localhost\\:4711:gc-time");
        assertThat(gc.read()).isEqualTo(0.0);
        assertThat(gc.read()).isGreaterThanOrEqualTo(0.0);
    }

    @Test
    void jmxGcCountIsTheCollectionsSinceThePreviousReading() throws Exception {
        Metric collections = catalog.create("jmx:url=localhost\\:4711:gc-count");
        assertThat(collections.read()).isEqualTo(0.0);
        System.gc();
        System.gc();
        assertThat(collections.read()).as("two explicit collections in this JVM").isGreaterThanOrEqualTo(2.0);
    }

    @Test
    void jmxThatCannotConnectIsEmpty() throws Exception {
        MetricCatalog unreachable = new MetricCatalog(host, (url, user, password) -> {
            throw new IOException("connection refused to " + url);
        }, false, false);
        assertThat(unreachable.create("jmx:url=localhost\\:1:heap").read()).isNaN();
    }

    private static DiskReading disk(String name, long reads, long readBytes, long queue, String mount) {
        return new DiskReading(name, reads, 0, readBytes, 0, queue, Collections.singletonList(mount));
    }

    private static InterfaceReading nif(String name, long bytesRecv, long packetsRecv) {
        return new InterfaceReading(name, bytesRecv, 0, packetsRecv, 0, 0, 0, 0, 1000);
    }

    private static ProcessReading process(long pid, long user, long kernel, long up, long resident) {
        return new ProcessReading(pid, user, kernel, up, resident, 2 * resident, 0, 0);
    }

    /** This test's own JVM in place of a remote one: the connector hands out the platform MBean server. */
    private static final class PlatformJmx implements JmxConnections {
        @Override
        public JMXConnector connect(String url, String user, String password) {
            return new JMXConnector() {
                @Override
                public void connect() {
                }

                @Override
                public void connect(java.util.Map<String, ?> env) {
                }

                @Override
                public MBeanServerConnection getMBeanServerConnection() {
                    return ManagementFactory.getPlatformMBeanServer();
                }

                @Override
                public MBeanServerConnection getMBeanServerConnection(Subject subject) {
                    return ManagementFactory.getPlatformMBeanServer();
                }

                @Override
                public void close() {
                }

                @Override
                public void addConnectionNotificationListener(NotificationListener l, NotificationFilter f, Object h) {
                }

                @Override
                public void removeConnectionNotificationListener(NotificationListener l)
                        throws ListenerNotFoundException {
                }

                @Override
                public void removeConnectionNotificationListener(NotificationListener l, NotificationFilter f,
                                                                 Object h) throws ListenerNotFoundException {
                }

                @Override
                public String getConnectionId() {
                    return "platform";
                }
            };
        }
    }
}
