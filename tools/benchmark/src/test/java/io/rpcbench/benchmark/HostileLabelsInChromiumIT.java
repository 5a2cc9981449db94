package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.rpcbench.benchmark.live.LiveRun;
import io.rpcbench.benchmark.live.LiveServer;
import io.rpcbench.reports.DashboardCommand;
import io.rpcbench.reports.HeadlessChromium;
import io.rpcbench.seconds.LiveShipper;
import io.rpcbench.seconds.SampleTimes;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * A label, a failure category and a message that are HTML with script, in a JTL and in a live run: the final
 * dashboard and the live page, opened in headless Chromium, show them as text (the DOM holds them escaped, no element
 * of theirs exists, and their scripts did not run: they would set the document's title).
 */
class HostileLabelsInChromiumIT {

    private static final Path OUT = Path.of("target/hostile-labels").toAbsolutePath();
    private static final String LABEL = "<img src=x onerror=document.title='owned-by-label'>";
    private static final String CATEGORY = "<b onmouseover=x>bold</b>";
    private static final String MESSAGE = "<script>document.title='owned-by-message'</script>";

    private static HeadlessChromium chromium() throws Exception {
        return new HeadlessChromium(HeadlessChromium.find().orElseGet(() -> fail("needs chromium on the PATH; "
                + "install it with 'apt-get install -y chromium'")), Files.createDirectories(OUT));
    }

    private static void assertShownAsText(String dom, String page) {
        assertThat(dom).as(page + ": no script ran").doesNotContain("owned-by-label</title>")
                .doesNotContain("<title>owned");
        assertThat(dom).as(page + ": the label as text").contains("&lt;img src=x onerror=document.title='owned-by-label'&gt;");
        assertThat(dom).as(page + ": no element of the label's").doesNotContain("<img src=\"x\"");
        assertThat(dom).as(page + ": no element of the category's").doesNotContain("<b onmouseover");
    }

    @Test
    void theFinalDashboardShowsThemAsText() throws Exception {
        Path dir = Files.createDirectories(OUT);
        Path jtl = dir.resolve("hostile.jtl");
        List<String> rows = new ArrayList<>(List.of("timeStamp,elapsed,label,responseCode,responseMessage,threadName,"
                + "success,bytes,sentBytes,allThreads,URL,\"elapsed_us\""));
        long t0 = 1_800_000_000_000L;
        for (int i = 0; i < 300; i++) {
            boolean ok = i % 10 != 0;
            rows.add((t0 + i * 10) + ",1," + LABEL + "," + (ok ? "200" : CATEGORY) + "," + (ok ? "" : MESSAGE)
                    + ",t-1," + ok + ",10,10,1,," + (900 + i));
        }
        Files.write(jtl, rows);
        Path html = dir.resolve("hostile-dashboard.html");
        StringWriter said = new StringWriter();
        int exit = new CommandLine(new DashboardCommand()).setOut(new PrintWriter(said, true))
                .setErr(new PrintWriter(said, true)).execute("--run", "hostile=" + jtl, "-o", html.toString());
        assertThat(exit).as("rpcbench-reports: %s", said).isZero();
        String dom = chromium().dumpDom(html);
        assertShownAsText(dom, "dashboard");
        assertThat(dom).contains("&lt;script&gt;document.title='owned-by-message'&lt;/script&gt;");
        assertThat(dom).contains("rpcbench-ok");
    }

    @Test
    void theLivePageShowsThemAsText() throws Exception {
        long now = System.currentTimeMillis();
        try (LiveServer server = LiveServer.start(new LiveRun("hostile " + LABEL, System::currentTimeMillis),
                InetAddress.getLoopbackAddress(), 0, new PrintWriter(new StringWriter()))) {
            server.run().planStarted(LABEL, 1, 1, LABEL, 0, 60);
            LiveShipper shipper = LiveShipper.start(server.ingestAddress(), "engine", Duration.ofHours(1),
                    line -> { });
            for (int i = 0; i < 3000; i++) {
                boolean ok = i % 10 != 0;
                shipper.record(LABEL, now - 5000 + i, SampleTimes.of(0, 900 + i % 100, false, 0), 0, ok,
                        ok ? "200" : CATEGORY, 10, 10, 1);
            }
            shipper.reading(LABEL + " CPU combined", now - 2000, 12);
            shipper.close();
            String dom = chromium().dumpDom(URI.create(server.address()), Duration.ofSeconds(3));
            assertShownAsText(dom, "live page");
            assertThat(dom).contains("&lt;b onmouseover=x&gt;bold&lt;/b&gt;");
        }
    }
}
