package io.rpcbench.benchmark.ab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * ab's report read from real outputs: the three seed 003 published (fixtures {@code seed-003-consumer-N.txt}, their
 * text as the seed shows it), and two of ours from ab 2.3 against the provider's echo over HTTP (a POST, whose report
 * has extra "sent" lines, and a GET answered 500, whose report has a "Non-2xx responses" line).
 */
class AbReportTest {

    @Test
    void readsTheSeedsFirstConsumer() throws IOException {
        AbReport report = AbReport.parse(fixture("seed-003-consumer-1.txt"));

        assertThat(report.concurrency()).isEqualTo(10);
        assertThat(report.timeTakenSeconds()).isEqualTo(306.857);
        assertThat(report.completeRequests()).isEqualTo(1_000_000);
        assertThat(report.failedRequests()).isZero();
        assertThat(report.writeErrors()).isZero();
        assertThat(report.non2xxResponses()).isZero();
        assertThat(report.keepAliveRequests()).isZero();
        assertThat(report.totalTransferredBytes()).isEqualTo(109_000_000);
        assertThat(report.htmlTransferredBytes()).isEqualTo(4_000_000);
        assertThat(report.requestsPerSecond()).isEqualTo(3258.85);
        assertThat(report.timePerRequestMs()).isEqualTo(3.069);
        assertThat(report.timePerRequestAcrossAllMs()).isEqualTo(0.307);
        assertThat(report.transferRateKbytesPerSecond()).isEqualTo(346.89);
        assertThat(report.servedWithinMs()).containsExactlyEntriesOf(percentages(
                50, 3, 66, 3, 75, 4, 80, 4, 90, 5, 95, 5, 98, 7, 99, 8, 100, 257));
    }

    @Test
    void readsTheSeedsSecondConsumer() throws IOException {
        AbReport report = AbReport.parse(fixture("seed-003-consumer-2.txt"));

        assertThat(report.timeTakenSeconds()).isEqualTo(289.370);
        assertThat(report.requestsPerSecond()).isEqualTo(3455.78);
        assertThat(report.timePerRequestMs()).isEqualTo(2.894);
        assertThat(report.timePerRequestAcrossAllMs()).isEqualTo(0.289);
        assertThat(report.transferRateKbytesPerSecond()).isEqualTo(367.85);
        assertThat(report.servedWithinMs()).containsExactlyEntriesOf(percentages(
                50, 3, 66, 3, 75, 3, 80, 4, 90, 4, 95, 5, 98, 6, 99, 7, 100, 277));
    }

    /** The third consumer, across network segments, stopped after 402,175 of its requests. */
    @Test
    void readsTheSeedsThirdConsumerWithItsPartialCount() throws IOException {
        AbReport report = AbReport.parse(fixture("seed-003-consumer-3.txt"));

        assertThat(report.completeRequests()).isEqualTo(402_175);
        assertThat(report.totalTransferredBytes()).isEqualTo(43_837_075);
        assertThat(report.htmlTransferredBytes()).isEqualTo(1_608_700);
        assertThat(report.requestsPerSecond()).isEqualTo(876.50);
        assertThat(report.timePerRequestMs()).isEqualTo(11.409);
        assertThat(report.timePerRequestAcrossAllMs()).isEqualTo(1.141);
        assertThat(report.transferRateKbytesPerSecond()).isEqualTo(93.30);
        assertThat(report.servedWithinMs()).containsEntry(50, 11L).containsEntry(99, 18L).containsEntry(100, 235L)
                .hasSize(9);
    }

    @Test
    void readsOurPostRunPastItsProgressAndSentLines() throws IOException {
        AbReport report = AbReport.parse(fixture("post-4-bytes-2000.txt"));

        assertThat(report.completeRequests()).isEqualTo(2000);
        assertThat(report.htmlTransferredBytes()).isEqualTo(8000);
        assertThat(report.totalTransferredBytes()).isEqualTo(218_000);
        assertThat(report.transferRateKbytesPerSecond()).as("the received rate, not sent or total").isEqualTo(128.58);
        assertThat(report.requestsPerSecond()).isEqualTo(1207.95);
        assertThat(report.servedWithinMs()).containsEntry(100, 76L).hasSize(9);
    }

    @Test
    void readsNon2xxResponsesThatAbDoesNotCountAsFailed() throws IOException {
        AbReport report = AbReport.parse(fixture("get-500-non-2xx.txt"));

        assertThat(report.completeRequests()).isEqualTo(200);
        assertThat(report.failedRequests()).isZero();
        assertThat(report.non2xxResponses()).isEqualTo(200);
    }

    @Test
    void aTruncatedReportIsRejectedNamingTheMissingLine() throws IOException {
        String report = fixture("seed-003-consumer-1.txt");
        String truncated = report.substring(0, report.indexOf("Requests per second"));

        assertThatThrownBy(() -> AbReport.parse(truncated))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a complete ApacheBench report: no line 'Requests per second: <number> [#/sec] (mean)';"
                        + " expected the report ab 2.3 prints at the end of a run");
    }

    @Test
    void aPercentageTableWithoutItsLastRowIsRejected() throws IOException {
        String report = fixture("seed-003-consumer-1.txt");
        String truncated = report.substring(0, report.indexOf(" 100%"));

        assertThatThrownBy(() -> AbReport.parse(truncated))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ApacheBench's percentage table ends before its '100%' row; read [50, 66, 75, 80, 90, 95,"
                        + " 98, 99]; expected 50% to 100%");
    }

    private static Map<Integer, Long> percentages(int... pairs) {
        Map<Integer, Long> rows = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            rows.put(pairs[i], (long) pairs[i + 1]);
        }
        return rows;
    }

    private static String fixture(String name) throws IOException {
        try (InputStream in = AbReportTest.class.getResourceAsStream("/io/rpcbench/benchmark/ab/" + name)) {
            assertThat(in).as("fixture %s", name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
