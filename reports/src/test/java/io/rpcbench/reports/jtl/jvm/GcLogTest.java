package io.rpcbench.reports.jtl.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GcLogTest {

    @Test
    void pausesAreReadWithTheirEndAndLengthAndOtherLinesSkipped(@TempDir Path dir) throws Exception {
        Path log = dir.resolve(GcLog.FILE_NAME);
        Files.writeString(log, """
                [2026-11-29T07:20:01.123+0000] Using G1
                [2026-11-29T07:20:02.500+0000] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 25M->4M(256M) 3.456ms
                [2026-11-29T07:20:03.000+0000] GC(1) Concurrent Mark Cycle 12.000ms
                [2026-11-29T07:20:04.010+0000] GC(2) Pause Remark 30M->30M(256M) 1.5ms
                [2026-11-29T07:20:05.000+0000] GC(3) Pause Young (Normal) (G1 Evacuation Pa""");
        long end = Instant.parse("2026-11-29T07:20:02.500Z").toEpochMilli();
        assertThat(GcLog.pauses(log)).containsExactly(new GcLog.Pause(end, 3.456),
                new GcLog.Pause(end + 1510, 1.5));
        assertThat(GcLog.pausedMs(GcLog.pauses(log), end - 500, end + 500)).isEqualTo(3.456);
        assertThat(GcLog.pausedMs(GcLog.pauses(log), end + 1, end + 1000)).isZero();
        assertThat(GcLog.pauses(dir.resolve("absent.log"))).isEmpty();
    }
}
