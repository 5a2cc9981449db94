package io.rpcbench.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Opens the dashboard of the committed fixtures in headless Chromium: no script error, every chart has data, and
 * a screenshot in target/dashboard-it/ for a person to look at. The page reports its own state in
 * {@code #rpcbench-status} ({@code rpcbench-ok charts=N points=M} or {@code rpcbench-error: ...}), read from the
 * DOM Chromium dumps after the scripts ran. Chromium is Debian's {@code chromium} (.ci/run installs it); pass
 * {@code -Drpcbench.chromium.optional=true} to skip when it is missing.
 */
class DashboardInChromiumIT {

    private static final Path OUT = Path.of("target/dashboard-it");
    private static final Pattern STATUS = Pattern.compile("id=\"rpcbench-status\"[^>]*>([^<]*)<");

    static HeadlessChromium chromium;
    static String skipReason;

    @BeforeAll
    static void findChromium() throws Exception {
        var executable = HeadlessChromium.find();
        if (executable.isEmpty()) {
            String message = "the dashboard check needs chromium on the PATH; install it with "
                    + "'apt-get install -y chromium' (or pass -Drpcbench.chromium.optional=true to skip this check)";
            if (!Boolean.getBoolean("rpcbench.chromium.optional")) {
                Assertions.fail(message);
            }
            skipReason = message;
            return;
        }
        Files.createDirectories(OUT);
        chromium = new HeadlessChromium(executable.get(), OUT);
    }

    @Test
    void dashboardDrawsEveryChartWithoutScriptErrors() throws Exception {
        Assumptions.assumeTrue(skipReason == null, skipReason);
        Path html = OUT.resolve("dashboard.html").toAbsolutePath();
        DashboardData data = DashboardFixtures.dashboard().write(html);

        String dom = chromium.dumpDom(html);

        assertThat(status(dom)).startsWith("rpcbench-ok charts=" + charts(data) + " points=");
        assertThat(dom).contains("Steadiness of the measured window", "steady (first third 12.0 TPS",
                "the warm-up (not counted)", "whole ms *", "µs");
        chromium.screenshot(html, OUT.resolve("dashboard.png"), 1400, 3000);
        assertThat(Files.size(OUT.resolve("dashboard.png"))).isGreaterThan(50_000);
    }

    @Test
    void aRecordedRunWithAWindowShowsItsVerdictWarningsAndProviderFigures() throws Exception {
        Assumptions.assumeTrue(skipReason == null, skipReason);
        Path html = OUT.resolve("window.html").toAbsolutePath();
        DashboardData data = RecordedRunWindowTest.dashboard().write(html);

        String dom = chromium.dumpDom(html);

        assertThat(status(dom)).startsWith("rpcbench-ok charts=" + charts(data) + " points=");
        assertThat(dom).contains("Provider over the measured window: agent 10.0.0.7", "GC pause (% of the window)",
                "Warning: the load generator's machine (agent 127.0.0.1) had its CPU saturated (97 %)",
                "provider CPU (% of a core)");
        chromium.screenshot(html, OUT.resolve("window.png"), 1400, 3600);
        assertThat(Files.size(OUT.resolve("window.png"))).isGreaterThan(50_000);
    }

    /** Per run: 4 client charts and one per PerfMon type of each host. */
    private static int charts(DashboardData data) {
        return data.runs().stream().mapToInt(r -> 4 + r.hosts().stream().mapToInt(h -> h.charts().size()).sum()).sum();
    }

    @Test
    void aScriptErrorInThePageIsReported() throws Exception {
        Assumptions.assumeTrue(skipReason == null, skipReason);
        Path html = OUT.resolve("broken.html").toAbsolutePath();
        DashboardFixtures.dashboard().write(html);
        // Break the figures the way a bad writer would: the page must say so, not draw half a dashboard quietly.
        Files.writeString(html, Files.readString(html).replace("\"runs\" : [", "\"runs\" : [ oops"));

        assertThat(status(chromium.dumpDom(html))).startsWith("rpcbench-error: ").contains("JSON");
    }

    private static String status(String dom) {
        Matcher matcher = STATUS.matcher(dom);
        assertThat(matcher.find()).as("the page's #rpcbench-status element in the dumped DOM").isTrue();
        return matcher.group(1);
    }
}
