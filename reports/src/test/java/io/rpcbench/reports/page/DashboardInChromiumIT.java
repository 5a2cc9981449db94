package io.rpcbench.reports.page;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.ChromiumPageCheck;
import io.rpcbench.reports.HeadlessChromium;
import io.rpcbench.reports.dashboard.Dashboard;
import io.rpcbench.reports.dashboard.DashboardFixtures;
import io.rpcbench.reports.dashboard.DistributedRunFixture;
import io.rpcbench.reports.dashboard.OpenWorkloadGoldenTest;
import io.rpcbench.reports.dashboard.RecordedRunWindowTest;
import io.rpcbench.reports.figures.DashboardData;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Opens the dashboard of the committed fixtures in headless Chromium: no script error, every chart has data, and
 * a screenshot in target/dashboard-it/ for a person to look at. The page reports its own state in
 * {@code #rpcbench-status} ({@code rpcbench-ok charts=N points=M} or {@code rpcbench-error: ...}), read from the
 * DOM Chromium dumps after the scripts ran. Chromium as in {@link ChromiumPageCheck}; pass
 * {@code -Drpcbench.chromium.optional=true} to skip when it is missing.
 */
class DashboardInChromiumIT {

    private static final Path OUT = Path.of("target/dashboard-it");
    private static final ChromiumPageCheck CHECK = new ChromiumPageCheck("the dashboard check", OUT);

    @Test
    void dashboardDrawsEveryChartWithoutScriptErrors() throws Exception {
        String dom = drawnPage(DashboardFixtures.dashboard(), "dashboard", 3000);

        assertThat(dom).contains("Steadiness of the measured window", "steady (first third 12.0 TPS",
                "the warm-up (not counted)", "whole ms *", "µs");
    }

    @Test
    void aRecordedRunWithAWindowShowsItsVerdictWarningsAndProviderFigures() throws Exception {
        String dom = drawnPage(RecordedRunWindowTest.dashboard(), "window", 3600);

        assertThat(dom).contains("Provider over the measured window: agent 10.0.0.7", "GC pause (% of the window)",
                "Warning: the load generator's machine (agent 127.0.0.1) had its CPU saturated (97 %)",
                "provider CPU (% of a core)",
                "JMeter process: 48 % of the machine's 2 cores over the window (100 % = every core busy)");
    }

    @Test
    void aDistributedRunShowsEachLoadGeneratorProviderHostAndProvider() throws Exception {
        Dashboard dashboard = Dashboard.builder().title("distributed")
                .addRun(DistributedRunFixture.run(OUT.resolve("distributed-run")));
        String dom = drawnPage(dashboard, "distributed", 3400);

        assertThat(dom).contains("Per load generator (JMeter remote engines, measured window)",
                "Throughput per load generator", "Mean response time per load generator",
                "Providers over the measured window: 2 provider hosts", "agent 198.18.0.31", "agent 198.18.0.32",
                "198.18.0.31: provider host CPU %", "198.18.0.32: provider RSS MB",
                "dubbo://198.18.0.31:20880", "dubbo://198.18.0.32:20880",
                ">198.18.0.21</td>", ">198.18.0.22</td>");
    }

    @Test
    void anOpenWorkloadShowsItsScheduleVerdictLagFiguresAndLagChart() throws Exception {
        String dom = drawnPage(OpenWorkloadGoldenTest.dashboard(), "open", 3600);

        assertThat(dom).contains("Schedule of the open workload's arrivals (measured window)",
                "the schedule was kept: schedule lag p99 0.394 ms", "the generator fell behind the schedule: lag p99 "
                        + "39.551 ms", "lag p99 ms", "call p99 ms", "backlog s",
                "Schedule lag p99 (from due time to call start)",
                "schedule kept", "fell behind the schedule");
    }

    @Test
    void aScriptErrorInThePageIsReported() throws Exception {
        HeadlessChromium chromium = CHECK.chromium();
        Path html = OUT.resolve("broken.html").toAbsolutePath();
        DashboardFixtures.dashboard().write(html);
        // Break the figures the way a bad writer would: the page must say so, not draw half a dashboard quietly.
        Files.writeString(html, Files.readString(html).replace("\"runs\" : [", "\"runs\" : [ oops"));

        assertThat(ChromiumPageCheck.status(chromium.dumpDom(html))).startsWith("rpcbench-error: ").contains("JSON");
    }

    /**
     * Writes the dashboard to {@code name.html}, opens it and checks that the page drew every chart without a script
     * error; takes the screenshot {@code name.png}, 1400 px wide. Returns the DOM after the scripts ran.
     */
    private static String drawnPage(Dashboard dashboard, String name, int height) throws Exception {
        HeadlessChromium chromium = CHECK.chromium();
        Path html = OUT.resolve(name + ".html").toAbsolutePath();
        DashboardData data = dashboard.write(html);

        String dom = chromium.dumpDom(html);

        assertThat(ChromiumPageCheck.status(dom)).startsWith("rpcbench-ok charts=" + charts(data) + " points=");
        CHECK.screenshot(html, name + ".png", 1400, height);
        return dom;
    }

    /**
     * Per run: 4 client charts (5 with a schedule lag), 2 more of a distributed run's generators, and one per PerfMon
     * type of each host.
     */
    private static int charts(DashboardData data) {
        return data.runs().stream().mapToInt(r -> 4 + (r.client().lagP99Ms() == null ? 0 : 1)
                + (r.generators().isEmpty() ? 0 : 2)
                + r.hosts().stream().mapToInt(h -> h.charts().size()).sum()).sum();
    }
}
