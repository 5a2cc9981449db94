package io.rpcbench.reports.page;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.dashboard.DashboardFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HTML page: self-contained, user text escaped, the same bytes for the same inputs. */
class DashboardWriterTest {

    @TempDir
    Path dir;

    @Test
    void pageInlinesChartJsAndTheFiguresAndLoadsNothingFromTheNetwork() throws IOException {
        Path html = dir.resolve("dashboard.html");
        DashboardFixtures.dashboard().write(html);
        String page = Files.readString(html);

        assertThat(page).contains("Chart.js " + ChartLibrary.version()).contains("window.Chart=");
        assertThat(page).contains("<script type=\"application/json\" id=\"dashboard-data\">");
        assertThat(page).doesNotContain("src=\"http", "href=\"http", "sourceMappingURL", "@DATA@", "@CHART_JS@");
    }

    @Test
    void userTextCannotCloseTheScriptOrTitleElements() throws IOException {
        Path html = dir.resolve("dashboard.html");
        DashboardFixtures.dashboard().write(html);
        String page = Files.readString(html);

        // The fixture's title and an error message both hold "</script>" and markup.
        assertThat(page).contains("<title>Dubbo vs Thrift, echo 1k &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>");
        assertThat(page).doesNotContain("alert(1)</script>", "20880 </script><b>");
        assertThat(page).contains("20880 \\u003C/script\\u003E\\u003Cb\\u003E\\u0026amp;");
    }

    @Test
    void aTableSectionIsPlainEscapedHtmlAboveTheComparison() throws IOException {
        Path html = dir.resolve("dashboard.html");
        TableSection section = new TableSection("seed-003", "Scenario <b>seed-003</b>",
                List.of(List.of(new TableSection.Heading("", 2), new TableSection.Heading("dubbo & co", 2)),
                        List.of(new TableSection.Heading("row", 1), new TableSection.Heading("figure", 1),
                                new TableSection.Heading("ours", 1), new TableSection.Heading("seed", 1))),
                2, List.of(List.of("echo 1k", "TPS", "24567.7", "</table><script>alert(2)</script>")),
                List.of("seed 003: 2 vCPU \"QEMU\""));

        DashboardFixtures.dashboard().write(html, data -> List.of(section));
        String page = Files.readString(html);

        assertThat(page).contains("<main id=\"main\"><section class=\"table-section\" id=\"seed-003\">\n"
                + "<h2>Scenario &lt;b&gt;seed-003&lt;/b&gt;</h2>\n");
        assertThat(page).contains("<tr><th colspan=\"2\"></th><th colspan=\"2\">dubbo &amp; co</th></tr>\n"
                + "<tr><th>row</th><th>figure</th><th>ours</th><th>seed</th></tr>\n");
        assertThat(page).contains("<tr><td class=\"label\">echo 1k</td><td class=\"label\">TPS</td><td>24567.7</td>"
                + "<td>&lt;/table&gt;&lt;script&gt;alert(2)&lt;/script&gt;</td></tr>");
        assertThat(page).contains("<p class=\"note\">seed 003: 2 vCPU &quot;QEMU&quot;</p>");
        assertThat(page).doesNotContain("alert(2)</script>", "@SECTIONS@");
    }

    @Test
    void aPageWithoutSectionsHasAnEmptyMainForTheScript() throws IOException {
        Path html = dir.resolve("dashboard.html");
        DashboardFixtures.dashboard().write(html);

        assertThat(Files.readString(html)).contains("<main id=\"main\"></main>");
    }

    @Test
    void sameInputsGiveTheSameBytes() throws IOException {
        Path first = dir.resolve("a/dashboard.html");
        Path second = dir.resolve("b/dashboard.html");
        DashboardFixtures.dashboard().write(first);
        DashboardFixtures.dashboard().write(second);

        assertThat(Files.readAllBytes(first)).isEqualTo(Files.readAllBytes(second));
    }
}
