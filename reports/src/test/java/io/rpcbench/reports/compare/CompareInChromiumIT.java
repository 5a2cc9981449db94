package io.rpcbench.reports.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.ChromiumPageCheck;
import io.rpcbench.reports.HeadlessChromium;
import io.rpcbench.reports.ReportsCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Opens the compare page of the committed runs ({@link CompareFixtures}) in headless Chromium: no script error,
 * one verdict cell per metric, compared row and other run, each coloured by its kind; and a screenshot in
 * target/compare-it/ for a person to look at. Chromium as in {@link ChromiumPageCheck}; pass
 * {@code -Drpcbench.chromium.optional=true} to skip when it is missing.
 */
class CompareInChromiumIT {

    private static final Path OUT = Path.of("target/compare-it");
    private static final ChromiumPageCheck CHECK = new ChromiumPageCheck("the compare page check", OUT);

    @Test
    void pageShowsEveryVerdictColouredWithoutScriptErrors() throws Exception {
        HeadlessChromium chromium = CHECK.chromium();
        Path dir = Files.createTempDirectory(Files.createDirectories(OUT), "runs-");
        Path results = CompareFixtures.results(dir);
        Path html = OUT.resolve("compare.html").toAbsolutePath();
        ReportsCommand command = new ReportsCommand();
        int code = command.run("compare", results.resolve(CompareFixtures.NAMES.get(0)).toString(),
                results.resolve(CompareFixtures.NAMES.get(1)).toString(),
                results.resolve(CompareFixtures.NAMES.get(2)).toString(), "-o", html.toString());
        assertThat(code).as(command.err()).isZero();

        String dom = chromium.dumpDom(html);

        // 3 compared rows x 13 metrics x 2 runs after the baseline.
        assertThat(ChromiumPageCheck.status(dom)).isEqualTo("rpcbench-ok rows=3 verdicts=78");
        assertThat(dom).contains("class=\"verdict worse\"", "class=\"verdict better\"",
                "class=\"verdict within-noise\"", "class=\"verdict not-comparable\"", "class=\"verdict not-in\"",
                "worse: TPS -18.2 % (noise +/-3.1 %)", "echo-100k / thrift: only in 2024-05-01-dubbo-2.7");
        CHECK.screenshot(html, "compare.png", 1500, 2400);
    }
}
