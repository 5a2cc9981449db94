package io.rpcbench.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
    void sameInputsGiveTheSameBytes() throws IOException {
        Path first = dir.resolve("a/dashboard.html");
        Path second = dir.resolve("b/dashboard.html");
        DashboardFixtures.dashboard().write(first);
        DashboardFixtures.dashboard().write(second);

        assertThat(Files.readAllBytes(first)).isEqualTo(Files.readAllBytes(second));
    }

    @Test
    void jmeterDashboardPathsBecomeLinksRelativeToThePage() {
        Path page = Path.of("/results/dashboard").toAbsolutePath();

        assertThat(DashboardLink.resolve(page.resolve("dubbo 1k/index.html").toString(), page, "r"))
                .isEqualTo("dubbo%201k/index.html");
        assertThat(DashboardLink.resolve("https://ci.example/run/7/index.html", page, "r"))
                .isEqualTo("https://ci.example/run/7/index.html");
        assertThat(DashboardLink.resolve("../other/index.html#top", page, "r")).isEqualTo("../other/index.html%23top");
    }

    @Test
    void scriptLinksAreRefusedNamingTheRun() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> DashboardLink.resolve("javascript:alert(1)", dir, "dubbo-echo-1k"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("run 'dubbo-echo-1k'")
                .hasMessageContaining("expected an http(s) URL or a file path");
    }
}
