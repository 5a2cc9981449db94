package io.rpcbench.reports.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcbench.reports.figures.DashboardData;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The seed-003 server rows on files a real run wrote, unchanged: dubbo-echo-100k of the main job (MainJobIT: 2
 * threads, 2 s warm-up, 4 s asked, a run cut to a 2 s window by the consumer's setup), its JTL and the PerfMon file
 * of the stock collector reading our agent, GC included. The expected figures were worked out from the PerfMon file
 * by hand: the two readings of each series taken in the window [1795459101000, 1795459103000), at 101349 and
 * 102354: CPU combined 95.0 and 98.477, provider CPU 73.146 and 83.333, provider RSS 285.48 and 332.898 MB, memory
 * 7.586 and 7.802 %, GC count 3 and 2, GC time 15.884 and 14.245 ms, bytes received 64,111,300 and 73,939,591 over
 * the readings' own intervals.
 */
class RecordedMainJobRunTest {

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(RecordedMainJobRunTest.class.getResource("/io/rpcbench/reports/recorded/" + name).toURI());
    }

    @Test
    void serverRowsOfARealRunCountTheReadingsOfItsWindow() throws URISyntaxException {
        DashboardData.RunData run = Dashboard.builder()
                .addRun(RunInput.named("dubbo-echo-100k", resource("dubbo-echo-100k.jtl"),
                        Optional.of(resource("dubbo-echo-100k-perfmon.jtl")), Optional.empty())
                        .withWindow(Duration.ofSeconds(2), Optional.of(Duration.ofSeconds(4))))
                .read(Path.of("target")).runs().get(0);

        assertThat(run.windowStartMs()).isEqualTo(1_795_459_101_000L);
        assertThat(run.windowEndMs()).isEqualTo(1_795_459_103_000L);
        DashboardData.ServerFigures server = run.server();
        assertThat(server.providerHost()).isEqualTo("127.0.0.1");
        assertThat(server.hostCpuPercent()).isEqualTo((95.0 + 98.477) / 2, within(0.005));
        assertThat(server.hostMemoryPercent()).isEqualTo((7.586 + 7.802) / 2, within(0.005));
        assertThat(server.providerCpuPercent()).isEqualTo((73.146 + 83.333) / 2, within(0.005));
        assertThat(server.providerRssMb()).isEqualTo((285.48 + 332.898) / 2, within(0.005));
        assertThat(server.gcCollections()).isEqualTo(5L);
        assertThat(server.gcPauseMs()).isEqualTo(15.884 + 14.245, within(0.0005));
        assertThat(server.gcPausePercent()).isEqualTo((15.884 + 14.245) / 2_000 * 100, within(0.0005));
        // Two 1 s readings (their intervals a few ms over a second each): about 69 MB/s of loopback each way.
        assertThat(server.networkInBytesPerSecond()).isBetween((64_111_300 + 73_939_591) / 2.02,
                (64_111_300 + 73_939_591) / 2.0);
        assertThat(server.networkOutBytesPerSecond()).isPositive();
        assertThat(server.diskReadBytesPerSecond()).isZero();
        assertThat(server.diskWriteBytesPerSecond()).isZero();
        assertThat(run.total().resolution()).isEqualTo("us");
    }
}
