package io.rpcbench.benchmark.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProcessThreadsTest {

    @Test
    void readsTheThreadsLineOfAStatusFile() {
        assertThat(ProcessThreads.parse(List.of("Name:\tjava", "State:\tS (sleeping)", "Threads:\t613", "VmRSS:\t1 kB")))
                .hasValue(613);
    }

    @Test
    void aStatusWithoutThreadsGivesNone() {
        assertThat(ProcessThreads.parse(List.of("Name:\tjava"))).isEmpty();
    }

    @Test
    void thisJvmHasAtLeastTheTestsThread() {
        assertThat(ProcessThreads.of(ProcessHandle.current().pid()).orElseThrow()).isPositive();
    }

    @Test
    void aProcessThatIsGoneGivesNone() {
        assertThat(ProcessThreads.of(Long.MAX_VALUE)).isEmpty();
    }
}
