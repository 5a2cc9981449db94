package io.rpcbench.reports.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a run's JMeter dashboard is, as the href the page uses: relative to the page, no script links. */
class DashboardLinkTest {

    @TempDir
    Path dir;

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
        assertThatThrownBy(() -> DashboardLink.resolve("javascript:alert(1)", dir, "dubbo-echo-1k"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("run 'dubbo-echo-1k'")
                .hasMessageContaining("expected an http(s) URL or a file path");
    }
}
