package io.rpcbench.agent.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

/** Heap used: every generation's spaces, nothing else (not metaspace, not capacities). */
class HeapUsageTest {

    private static PerfData data(PerfDataImage image) throws JvmCountersException {
        return new PerfData(image.buffer(), "test");
    }

    @Test
    void heapUsedIsTheSumOfEverySpace() throws Exception {
        PerfDataImage image = new PerfDataImage(ByteOrder.LITTLE_ENDIAN)
                .longCounter("sun.gc.generation.0.space.0.used", 1_000)
                .longCounter("sun.gc.generation.0.space.0.capacity", 999_999)
                .longCounter("sun.gc.generation.0.space.1.used", 200)
                .longCounter("sun.gc.generation.0.space.2.used", 30)
                .longCounter("sun.gc.generation.1.space.0.used", 4)
                .longCounter("sun.gc.metaspace.used", 777_777);
        HeapUsage heap = HeapUsage.of(data(image), "JVM pid 42");
        assertThat(heap.usedBytes()).isEqualTo(1_234);

        image.set("sun.gc.generation.0.space.0.used", 0);
        assertThat(heap.usedBytes()).isEqualTo(234);
    }

    @Test
    void aJvmWithoutSpaceCountersHasNoHeapFigure() throws Exception {
        PerfDataImage image = new PerfDataImage(ByteOrder.LITTLE_ENDIAN).longCounter("sun.os.hrt.frequency", 1);
        assertThatThrownBy(() -> HeapUsage.of(data(image), "JVM pid 42"))
                .isInstanceOf(JvmCountersException.class)
                .hasMessage("JVM pid 42 publishes no heap space counters (sun.gc.generation.*.space.*.used)");
    }
}
