package io.rpcbench.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OverheadBenchmarkTest {

    @Test
    void countsTheSamplesThatEndedInTheWindowAfterTheWarmUp(@TempDir Path dir) throws Exception {
        // first sample at 1000: warm-up 1 s, window 2 s = samples ending in [2000, 4000)
        Path jtl = Files.writeString(dir.resolve("run.jtl"), "timeStamp,elapsed,label,responseCode,success\n"
                + "1000,5,e,OK,true\n" // warm-up
                + "1990,20,e,OK,true\n" // ends at 2010: counted
                + "2500,1,e,OK,true\n"
                + "3000,7,e,timeout,false\n"
                + "3998,3,e,OK,true\n" // ends at 4001: after the window
                + "4100,1,e,OK,true\n");
        assertThat(OverheadBenchmark.window(jtl, 1, 2)).isEqualTo(new OverheadBenchmark.Measure(1.5, 20, 3, 1));
    }

    @Test
    void readsTheBareLoopsResultLine() {
        assertThat(OverheadBenchmark.parse("calls=30 failures=1 seconds=15.000 tps=2.0 p50_us=900 p99_us=4100 p99_ms=4"))
                .isEqualTo(new OverheadBenchmark.Measure(2.0, 4, 30, 1));
    }

    @Test
    void theTableShowsMediansRangesAndRatiosPerRound() {
        List<OverheadBenchmark.Measure[]> pairs = List.of(
                new OverheadBenchmark.Measure[] {new OverheadBenchmark.Measure(1000, 2, 15000, 0),
                    new OverheadBenchmark.Measure(950, 2, 14250, 0)},
                new OverheadBenchmark.Measure[] {new OverheadBenchmark.Measure(1100, 3, 16500, 0),
                    new OverheadBenchmark.Measure(990, 3, 14850, 2)},
                new OverheadBenchmark.Measure[] {new OverheadBenchmark.Measure(900, 2, 13500, 0),
                    new OverheadBenchmark.Measure(891, 2, 13365, 0)});
        String table = OverheadBenchmark.table(Map.of("dubbo", Map.of(20, pairs)));
        assertThat(table).contains("| dubbo | 20 | 1000 (900-1100) | 950 (891-990) | 0.950 (0.900-0.990) "
                + "| 2 (2-3) | 2 (2-3) | 1.00 (1.00-1.00) | 0 / 2 |");
    }
}
