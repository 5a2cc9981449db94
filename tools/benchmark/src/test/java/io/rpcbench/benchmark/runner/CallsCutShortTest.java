package io.rpcbench.benchmark.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.RecordedRun;
import io.rpcbench.benchmark.scenario.Stop;
import io.rpcbench.reports.dashboard.RunSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cell stopped by calls per thread: the cap's message counts every call the JTL holds, the warm-up's too, from the
 * same pass that counted the window.
 */
class CallsCutShortTest {

    @TempDir
    Path dir;

    /** Two threads, three calls each: one in the 1 s warm-up, two after it. */
    private RunSummary sixCalls() throws IOException {
        RecordedRun run = new RecordedRun();
        for (String thread : new String[] {"Thread Group 1-1", "Thread Group 1-2"}) {
            run.add(0, "built", thread, "dubbo://127.0.0.1:20880", 10, 900, true)
                    .add(1500, "built", thread, "dubbo://127.0.0.1:20880", 10, 900, true)
                    .add(2500, "built", thread, "dubbo://127.0.0.1:20880", 10, 900, true);
        }
        Path jtl = run.result(dir, Cell.of("row", "column", "plan")).folder().resolve("plan.jtl");
        return RunSummary.of(jtl, Duration.ofSeconds(1), Optional.empty());
    }

    @Test
    void theCapIsReportedWithEveryCallTheWarmupsToo() throws IOException {
        RunSummary summary = sixCalls();

        assertThat(summary.labels()).singleElement().extracting(l -> l.samples()).isEqualTo(4L);
        assertThat(PlanRunner.callsCutShort(summary, 2, Stop.calls(1, 5, 30)))
                .contains("the cap of 30 s stopped the threads after 6 of 10 calls");
    }

    @Test
    void threadsThatMadeEveryCallAreNotReported() throws IOException {
        assertThat(PlanRunner.callsCutShort(sixCalls(), 2, Stop.calls(1, 3, 30))).isEmpty();
    }
}
