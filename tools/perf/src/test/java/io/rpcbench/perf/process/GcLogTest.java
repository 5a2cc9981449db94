package io.rpcbench.perf.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class GcLogTest {

    @Test
    void peakBeforeAndAfterCollectionAcrossUnits() {
        GcLog.Heap heap = GcLog.parse(List.of(
                "[0.005s][info][gc] Using G1",
                "[0.812s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 25M->3M(256M) 2.101ms",
                "[1.200s][info][gc] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 227M->12M(380M) 3.0ms",
                "[1.300s][info][gc] GC(2) Pause Young (Concurrent Start) (G1 Humongous Allocation) 1G->20M(1024M) 4ms",
                "[1.310s][info][gc] GC(3) Concurrent Mark Cycle",
                "[1.400s][info][gc] GC(3) Pause Remark 30M->30M(1024M) 1.2ms",
                "[1.500s][info][gc] GC(4) Pause Young (Normal) 40960K->8192K(65536K) 1ms"));

        assertThat(heap).isEqualTo(new GcLog.Heap(1024, 30, 1024, 5));
    }

    @Test
    void aLogWithoutCollectionsSaysSo() {
        assertThat(GcLog.parse(List.of("[0.005s][info][gc] Using G1")).collections()).isZero();
    }
}
