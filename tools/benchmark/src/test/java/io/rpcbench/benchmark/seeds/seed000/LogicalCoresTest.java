package io.rpcbench.benchmark.seeds.seed000;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LogicalCoresTest {

    @Test
    void countsTheCoreLinesOfProcStatButNotTheTotal() {
        List<String> procStat = List.of(
                "cpu  10132153 290696 3084719 46828483 16683 0 25195 0 175628 0",
                "cpu0 1393280 32966 572056 13343292 6130 0 17875 0 23933 0",
                "cpu1 1335874 31842 560394 13494810 3479 0 3428 0 32341 0",
                "cpu2 1262133 30622 519734 13592220 2735 0 2056 0 30004 0",
                "intr 1462898 0 9 0",
                "ctxt 1990473",
                "cpu_count_is_not_a_core 1");

        assertThat(LogicalCores.count(procStat)).isEqualTo(3);
    }

    @Test
    void thisMachineHasAtLeastOneCore() {
        assertThat(LogicalCores.ofThisMachine()).isPositive();
    }
}
