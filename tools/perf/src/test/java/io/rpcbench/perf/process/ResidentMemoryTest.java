package io.rpcbench.perf.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ResidentMemoryTest {

    @Test
    void readsVmRssInKib() {
        String status = "Name:\tjava\nUmask:\t0022\nState:\tS (sleeping)\nVmHWM:\t  131072 kB\nVmRSS:\t   51200 kB\n"
                + "RssAnon:\t   40000 kB\nThreads:\t31\n";
        assertThat(ResidentMemory.parseKib(status)).isEqualTo(51200);
    }

    @Test
    void aStatusWithoutVmRssIsRefused() {
        assertThatThrownBy(() -> ResidentMemory.parseKib("Name:\tjava\nState:\tZ (zombie)\n"))
                .hasMessage("/proc/<pid>/status has no VmRSS line (has the process exited?)");
        assertThatThrownBy(() -> ResidentMemory.parseKib("VmRSS:\t 12 MB\n"))
                .hasMessage("'VmRSS:\t 12 MB' in /proc/<pid>/status: expected 'VmRSS: N kB'");
    }
}
