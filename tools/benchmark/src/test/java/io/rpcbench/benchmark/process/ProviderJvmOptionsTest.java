package io.rpcbench.benchmark.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The provider JVM's options: the fixed heap first, unless the child JVM options size the heap themselves. */
class ProviderJvmOptionsTest {

    @Test
    void theFixedHeapComesBeforeTheChildOptions() {
        assertThat(ProviderProcess.jvmOptions(List.of("-XX:TieredStopAtLevel=1")))
                .containsExactly("-Xms2g", "-Xmx2g", "-XX:TieredStopAtLevel=1");
        assertThat(ProviderProcess.jvmOptions(List.of())).containsExactly("-Xms2g", "-Xmx2g");
    }

    @Test
    void childOptionsThatSizeTheHeapReplaceIt() {
        // -Xms2g -Xmx1g would stop the JVM at its start; -Xmx beside MaxRAMPercentage would silence the latter
        for (String heap : List.of("-Xmx1g", "-Xms512m", "-Xmn256m", "-XX:MaxHeapSize=1073741824",
                "-XX:InitialHeapSize=398458880", "-XX:MinHeapSize=8388608", "-XX:MaxRAMPercentage=50",
                "-XX:MaxRAM=2g")) {
            assertThat(ProviderProcess.jvmOptions(List.of("-Xlog:gc", heap))).as(heap)
                    .containsExactly("-Xlog:gc", heap);
        }
    }
}
