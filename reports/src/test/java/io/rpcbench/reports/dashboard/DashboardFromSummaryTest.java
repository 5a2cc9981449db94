package io.rpcbench.reports.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.page.DashboardJson;
import io.rpcbench.reports.page.HtmlSafeJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's summary made for the dashboard ({@link RunSummary#withDashboard}) gives the dashboard its figures from
 * the same pass over the JTL: the same figures as reading the JTL for the dashboard, and the same summary as
 * {@link RunSummary#of(Path, Duration, Optional)}, with the file read once.
 */
class DashboardFromSummaryTest {

    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,"
            + "success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";

    @TempDir
    Path dir;

    @Test
    void theDashboardFromASummarysPassHasTheFiguresOfReadingTheJtl() throws IOException {
        Path dubbo = copy("dubbo-echo-1k.jtl");
        Path thrift = copy("thrift-echo-1k.jtl");
        RunInput dubboRun = RunInput.named("dubbo-echo-1k", dubbo, Optional.of(copy("dubbo-echo-1k-perfmon.jtl")),
                Optional.empty());
        RunInput thriftRun = RunInput.named("thrift-echo-1k", thrift, Optional.of(copy("thrift-echo-1k-perfmon.jtl")),
                Optional.empty()).withWindow(DashboardFixtures.THRIFT_WARMUP,
                Optional.of(DashboardFixtures.THRIFT_MEASURED));
        String read = DashboardJson.toJson(Dashboard.builder().addRun(dubboRun).addRun(thriftRun).read(dir));

        DashboardData fromSummaries = Dashboard.builder()
                .addRun(dubboRun, RunSummary.withDashboard(dubbo, Duration.ZERO, Optional.empty()))
                .addRun(thriftRun, RunSummary.withDashboard(thrift, DashboardFixtures.THRIFT_WARMUP,
                        Optional.of(DashboardFixtures.THRIFT_MEASURED)))
                .read(dir);

        assertThat(DashboardJson.toJson(fromSummaries)).isEqualTo(read);
    }

    @Test
    void aThroughputNotJudgedIsTheVerdictOnThePageAndInTheFigures() throws IOException {
        Path thrift = copy("thrift-echo-1k.jtl");
        RunInput run = RunInput.named("thrift-echo-1k", thrift, Optional.empty(), Optional.empty());
        String why = "not judged: this plan reads the consumer's figures, its throughput is not a figure";
        Path html = dir.resolve("dashboard.html");

        DashboardData data = Dashboard.builder().throughputNotJudged(why)
                .addRun(run, RunSummary.withDashboard(thrift, Duration.ZERO, Optional.empty())).write(html);

        DashboardData.Steadiness judged = Dashboard.builder().addRun(run).read(dir).runs().get(0).steadiness();
        DashboardData.Steadiness steadiness = data.runs().get(0).steadiness();
        assertThat(steadiness.verdict()).isEqualTo(why);
        assertThat(steadiness.steady()).isFalse();
        assertThat(steadiness.thirds()).isEqualTo(judged.thirds());
        assertThat(judged.verdict()).isNotEqualTo(why);
        String verdict = "\"verdict\" : " + HtmlSafeJson.toJson(why, "the verdict"); // as the page embeds it
        assertThat(DashboardJson.toJson(data)).contains(verdict);
        assertThat(Files.readString(html)).contains(verdict);
    }

    @Test
    void theJtlIsNotReadAgainForTheDashboard() throws IOException {
        Path thrift = copy("thrift-echo-1k.jtl");
        RunInput run = RunInput.named("thrift-echo-1k", thrift, Optional.empty(), Optional.empty())
                .withWindow(DashboardFixtures.THRIFT_WARMUP, Optional.of(DashboardFixtures.THRIFT_MEASURED));
        long samples = Dashboard.builder().addRun(run).read(dir).runs().get(0).total().samples();
        RunSummary summary = RunSummary.withDashboard(thrift, DashboardFixtures.THRIFT_WARMUP,
                Optional.of(DashboardFixtures.THRIFT_MEASURED));

        Files.writeString(thrift, HEADER + "\n"); // no samples left: a second read would be refused
        DashboardData data = Dashboard.builder().addRun(run, summary).read(dir);

        assertThat(data.runs().get(0).total().samples()).isEqualTo(samples).isPositive();
    }

    @Test
    void aSummaryOfAnotherWindowLeavesTheDashboardToReadTheJtl() throws IOException {
        Path thrift = copy("thrift-echo-1k.jtl");
        RunInput run = RunInput.named("thrift-echo-1k", thrift, Optional.empty(), Optional.empty())
                .withWindow(DashboardFixtures.THRIFT_WARMUP, Optional.of(DashboardFixtures.THRIFT_MEASURED));
        String read = DashboardJson.toJson(Dashboard.builder().addRun(run).read(dir));

        RunSummary wholeRun = RunSummary.withDashboard(thrift, Duration.ZERO, Optional.empty());

        assertThat(DashboardJson.toJson(Dashboard.builder().addRun(run, wholeRun).read(dir))).isEqualTo(read);
    }

    @Test
    void theSummaryMadeForTheDashboardEqualsTheSummaryAlone() throws IOException {
        Path thrift = copy("thrift-echo-1k.jtl");
        RunSummary alone = RunSummary.of(thrift, DashboardFixtures.THRIFT_WARMUP,
                Optional.of(DashboardFixtures.THRIFT_MEASURED));

        RunSummary withDashboard = RunSummary.withDashboard(thrift, DashboardFixtures.THRIFT_WARMUP,
                Optional.of(DashboardFixtures.THRIFT_MEASURED));

        assertThat(withDashboard.figures()).isEqualTo(alone.figures()).isNotEmpty();
        assertThat(withDashboard.fileSamples()).isEqualTo(alone.fileSamples());
        assertThat(withDashboard.windowStartMs()).isEqualTo(alone.windowStartMs());
        assertThat(withDashboard.windowEndMs()).isEqualTo(alone.windowEndMs());
        assertThat(withDashboard.label("thrift-echo-1k").providers())
                .isEqualTo(alone.label("thrift-echo-1k").providers());
    }

    private Path copy(String fixture) throws IOException {
        return Files.copy(DashboardFixtures.file(fixture), dir.resolve(fixture));
    }
}
