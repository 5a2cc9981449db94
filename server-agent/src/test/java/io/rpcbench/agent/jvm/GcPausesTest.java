package io.rpcbench.agent.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

/**
 * Which collectors count as pauses, with the collector names HotSpot JVMs publish (JDK 17 and 25 as measured here,
 * JDK 8 from the OpenJDK sources), and the tick-to-millisecond conversion.
 */
class GcPausesTest {
    private static final long NANOSECOND_TICKS = 1_000_000_000L;

    private static PerfData data(PerfDataImage image) throws JvmCountersException {
        return new PerfData(image.buffer(), "test");
    }

    @Test
    void g1OnJdk17CountsYoungFullAndRemarkCleanupPauses() throws Exception {
        PerfDataImage image = new PerfDataImage(ByteOrder.LITTLE_ENDIAN)
                .longCounter("sun.os.hrt.frequency", NANOSECOND_TICKS)
                .collector(0, "G1 young collection pauses", 9, 734_293_581L)
                .collector(1, "G1 full collection pauses", 0, 0)
                .collector(2, "G1 concurrent cycle pauses", 8, 14_347_007L);

        GcPauses pauses = GcPauses.of(data(image), "JVM pid 42");

        assertThat(pauses.count()).isEqualTo(17);
        assertThat(pauses.millis()).isCloseTo(748.640588, within(1e-6));
    }

    @Test
    void countAndTimeFollowTheLiveCounters() throws Exception {
        PerfDataImage image = new PerfDataImage(ByteOrder.BIG_ENDIAN)
                .longCounter("sun.os.hrt.frequency", NANOSECOND_TICKS)
                .collector(0, "Serial young collection pauses", 3, 90_000_000L)
                .collector(1, "Serial full collection pauses", 1, 10_000_000L);
        GcPauses pauses = GcPauses.of(data(image), "JVM pid 42");
        assertThat(pauses.count()).isEqualTo(4);

        image.set("sun.gc.collector.1.invocations", 3);
        image.set("sun.gc.collector.1.time", 12_500_000L);

        assertThat(pauses.count()).isEqualTo(6);
        assertThat(pauses.millis()).isCloseTo(102.5, within(1e-9));
    }

    @Test
    void ticksAreConvertedWithTheJvmsOwnFrequency() throws Exception {
        PerfDataImage image = new PerfDataImage(ByteOrder.LITTLE_ENDIAN)
                .longCounter("sun.os.hrt.frequency", 1_000_000L)  // microsecond ticks
                .collector(0, "PSScavenge", 2, 1500)
                .collector(1, "PSParallelCompact", 1, 2500);
        assertThat(GcPauses.of(data(image), "JVM pid 42").millis()).isCloseTo(4.0, within(1e-9));
    }

    @Test
    void jdk8NamesAreKnownPauseCollectors() throws Exception {
        PerfDataImage image = new PerfDataImage(ByteOrder.LITTLE_ENDIAN)
                .longCounter("sun.os.hrt.frequency", NANOSECOND_TICKS)
                .collector(0, "G1 incremental collections", 5, 5_000_000L)
                .collector(1, "G1 stop-the-world full collections", 1, 1_000_000L)
                .collector(2, "G1 stop-the-world phases", 2, 2_000_000L);
        GcPauses pauses = GcPauses.of(data(image), "JVM pid 42");
        assertThat(pauses.count()).isEqualTo(8);
        assertThat(pauses.millis()).isCloseTo(8.0, within(1e-9));
    }

    @Test
    void shenandoahsConcurrentTimeIsNotReportedAsPauses() throws Exception {
        PerfDataImage image = new PerfDataImage(ByteOrder.LITTLE_ENDIAN)
                .longCounter("sun.os.hrt.frequency", NANOSECOND_TICKS)
                .collector(0, "Shenandoah partial", 0, 0)
                .collector(1, "Shenandoah full", 46, 78_334_250L);
        assertThatThrownBy(() -> GcPauses.of(data(image), "JVM pid 42"))
                .isInstanceOf(JvmCountersException.class)
                .hasMessage("JVM pid 42 runs Shenandoah, whose collectors [Shenandoah partial, Shenandoah full] time"
                        + " concurrent GC work together with the pauses: there are no pause figures to report");
    }

    @Test
    void anOlderShenandoahsPauseCollectorsCountAndItsConcurrentOneDoesNot() throws Exception {
        PerfDataImage image = new PerfDataImage(ByteOrder.LITTLE_ENDIAN)
                .longCounter("sun.os.hrt.frequency", NANOSECOND_TICKS)
                .collector(0, "Shenandoah concurrent phases", 40, 400_000_000L)
                .collector(1, "Shenandoah pauses", 10, 1_000_000L)
                .collector(2, "Shenandoah full GC pauses", 1, 9_000_000L);
        GcPauses pauses = GcPauses.of(data(image), "JVM pid 42");
        assertThat(pauses.count()).isEqualTo(11);
        assertThat(pauses.millis()).isCloseTo(10.0, within(1e-9));
    }

    @Test
    void anUnknownCollectorIsRefusedRatherThanSummed() throws Exception {
        PerfDataImage image = new PerfDataImage(ByteOrder.LITTLE_ENDIAN)
                .longCounter("sun.os.hrt.frequency", NANOSECOND_TICKS)
                .collector(0, "G1 young collection pauses", 1, 1)
                .collector(1, "Mystery concurrent collector", 1, 1);
        assertThatThrownBy(() -> GcPauses.of(data(image), "JVM pid 42"))
                .isInstanceOf(JvmCountersException.class)
                .hasMessageStartingWith("JVM pid 42 has a GC collector 'Mystery concurrent collector'"
                        + " (sun.gc.collector.1.name) that this agent does not know");
    }

    @Test
    void aJvmWithoutCollectorsOrFrequencyIsRefusedNamingTheCounter() throws Exception {
        PerfDataImage noCollectors = new PerfDataImage(ByteOrder.LITTLE_ENDIAN)
                .longCounter("sun.os.hrt.frequency", NANOSECOND_TICKS).headerByte(7, 0);
        assertThatThrownBy(() -> GcPauses.of(data(noCollectors), "JVM pid 42"))
                .hasMessage("JVM pid 42 publishes no GC collector counters (sun.gc.collector.*); it is still"
                        + " starting, ask again");

        PerfDataImage noFrequency = new PerfDataImage(ByteOrder.LITTLE_ENDIAN)
                .collector(0, "Copy", 1, 1);
        assertThatThrownBy(() -> GcPauses.of(data(noFrequency), "JVM pid 42"))
                .hasMessage("JVM pid 42 has no long counter sun.os.hrt.frequency");

        PerfDataImage noTime = new PerfDataImage(ByteOrder.LITTLE_ENDIAN)
                .longCounter("sun.os.hrt.frequency", NANOSECOND_TICKS)
                .string("sun.gc.collector.0.name", "MSC").longCounter("sun.gc.collector.0.invocations", 1);
        assertThatThrownBy(() -> GcPauses.of(data(noTime), "JVM pid 42"))
                .hasMessage("JVM pid 42 has no long counter sun.gc.collector.0.time");
    }
}
