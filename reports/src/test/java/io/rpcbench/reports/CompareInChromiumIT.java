package io.rpcbench.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Opens the compare page of the committed runs ({@link CompareFixtures}) in headless Chromium: no script error,
 * one verdict cell per metric, compared row and other run, each coloured by its kind; and a screenshot in
 * target/compare-it/ for a person to look at. Chromium as in {@link DashboardInChromiumIT}; pass
 * {@code -Drpcbench.chromium.optional=true} to skip when it is missing.
 */
class CompareInChromiumIT {

    private static final Path OUT = Path.of("target/compare-it");
    private static final Pattern STATUS = Pattern.compile("id=\"rpcbench-status\"[^>]*>([^<]*)<");

    static HeadlessChromium chromium;
    static String skipReason;

    @BeforeAll
    static void findChromium() throws Exception {
        var executable = HeadlessChromium.find();
        if (executable.isEmpty()) {
            String message = "the compare page check needs chromium on the PATH; install it with "
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
    void pageShowsEveryVerdictColouredWithoutScriptErrors() throws Exception {
        Assumptions.assumeTrue(skipReason == null, skipReason);
        Path dir = Files.createTempDirectory(Files.createDirectories(OUT), "runs-");
        Path results = CompareFixtures.results(dir);
        Path html = OUT.resolve("compare.html").toAbsolutePath();
        int code = DashboardCommand.run(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                "compare", results.resolve(CompareFixtures.NAMES.get(0)).toString(),
                results.resolve(CompareFixtures.NAMES.get(1)).toString(),
                results.resolve(CompareFixtures.NAMES.get(2)).toString(), "-o", html.toString());
        assertThat(code).isZero();

        String dom = chromium.dumpDom(html);

        // 3 compared rows x 13 metrics x 2 runs after the baseline.
        assertThat(status(dom)).isEqualTo("rpcbench-ok rows=3 verdicts=78");
        assertThat(dom).contains("class=\"verdict worse\"", "class=\"verdict better\"",
                "class=\"verdict within-noise\"", "class=\"verdict not-comparable\"", "class=\"verdict not-in\"",
                "worse: TPS -18.2 % (noise +/-3.1 %)", "echo-100k / thrift: only in 2024-05-01-dubbo-2.7");
        chromium.screenshot(html, OUT.resolve("compare.png"), 1500, 2400);
        assertThat(Files.size(OUT.resolve("compare.png"))).isGreaterThan(50_000);
    }

    private static String status(String dom) {
        Matcher matcher = STATUS.matcher(dom);
        assertThat(matcher.find()).as("the page's #rpcbench-status element in the dumped DOM").isTrue();
        return matcher.group(1);
    }
}
