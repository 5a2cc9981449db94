package io.rpcbench.benchmark.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class JvmReadingsTest {

    @Test
    void readsTheHistogramsTotalInKib() {
        List<String> histogram = List.of(
                "12345:",
                " num     #instances         #bytes  class name (module)",
                "-------------------------------------------------------",
                "   1:         41233        3456789  [B (java.base@17.0.15)",
                "   2:          9000         216000  java.lang.String (java.base@17.0.15)",
                "Total        123456       17825792");

        assertThat(JvmReadings.histogramTotalKib(histogram)).isEqualTo(17_408);
        assertThat(JvmReadings.histogramTotalKib(List.of("12345:", "com.sun.tools.attach.AttachNotSupportedException")))
                .isEqualTo(-1);
    }

    @Test
    void readsOldGenerationUsedAndFullCollectionsFromJstat() {
        List<String> gcold = List.of(
                "   MC       MU      CCSC     CCSU       OC          OU       YGC    FGC    FGCT     CGC    CGCT       GCT   ",
                " 31872.0  31020.3   4096.0   3592.6    262144.0     15876.6     12     3    0.051     4    0.003    0.071");

        assertThat(JvmReadings.oldGeneration(gcold)).containsExactly(15_877, 3);
        assertThat(JvmReadings.oldGeneration(List.of("12345 not found"))).containsExactly(-1, -1);
    }

    @Test
    void readsThreadsAndResidentMemoryFromStatus() {
        List<String> status = List.of("Name:\tjava", "VmRSS:\t  250112 kB", "Threads:\t254");

        assertThat(JvmReadings.statusValue(status, "Threads:")).isEqualTo(254);
        assertThat(JvmReadings.statusValue(status, "VmRSS:")).isEqualTo(250_112);
        assertThat(JvmReadings.statusValue(status, "VmSwap:")).isEqualTo(-1);
    }
}
