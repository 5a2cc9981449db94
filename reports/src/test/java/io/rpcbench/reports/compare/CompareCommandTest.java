package io.rpcbench.reports.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.ReportsCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rpcbench-reports compare} through the jar's entry point: where the page goes, errors that name the bad
 * RUN_DIR (exit 1), usage errors (exit 2), and the dashboard's own command line left as it was.
 */
class CompareCommandTest {

    @TempDir
    Path dir;

    private final ReportsCommand command = new ReportsCommand();

    @Test
    void writesThePageToOutputAndAcceptsDashboardJsonPaths() throws IOException {
        Path results = CompareFixtures.results(dir);
        Path html = dir.resolve("pages/before-after.html");

        int code = command.run("compare", results.resolve("2024-05-01-dubbo-2.7/dashboard.json").toString(),
                results.resolve("2024-05-02-dubbo-3.3").toString(), "-o", html.toString());

        assertThat(code).as(command.err()).isZero();
        assertThat(command.out()).startsWith("Baseline: 2024-05-01-dubbo-2.7; compared: 2024-05-02-dubbo-3.3\n")
                .endsWith("Page: " + html.toAbsolutePath().normalize() + System.lineSeparator());
        // Links from the page to each run's figures are relative to the page.
        assertThat(Files.readString(html)).contains("\"figures\" : \"../results/2024-05-01-dubbo-2.7/dashboard.json\"");
    }

    @Test
    void aMissingRunDirFailsNamingIt() throws IOException {
        Path results = CompareFixtures.results(dir);
        Path missing = dir.resolve("results/2024-05-04");

        int code = command.run("compare", results.resolve("2024-05-01-dubbo-2.7").toString(), missing.toString());

        assertThat(code).isEqualTo(1);
        assertThat(command.err()).isEqualTo("rpcbench-reports compare: " + missing + " does not exist; expected a "
                + "results folder of ./run-benchmark holding dashboard.json, or the path of a dashboard.json"
                + System.lineSeparator());
        assertThat(command.out()).isEmpty();
    }

    @Test
    void aFolderWithoutDashboardJsonOrRunsFailsNamingIt() throws IOException {
        Path results = CompareFixtures.results(dir);
        Path noJson = Files.createDirectories(dir.resolve("jtl-only"));
        Path noRuns = dir.resolve("old/dashboard.json");
        Files.createDirectories(noRuns.getParent());
        Files.writeString(noRuns, "{ \"title\": \"rpcbench dashboard\", \"labels\": [] }");
        String base = results.resolve("2024-05-01-dubbo-2.7").toString();

        assertThat(command.run("compare", base, noJson.toString())).isEqualTo(1);
        assertThat(command.run("compare", base, noRuns.getParent().toString())).isEqualTo(1);

        assertThat(command.err()).contains(noJson + " has no dashboard.json; expected a results folder",
                noRuns + ": has no \"runs\" array; expected the dashboard's figures");
    }

    @Test
    void fewerThanTwoRunsIsAUsageError() throws IOException {
        Path results = CompareFixtures.results(dir);

        assertThat(command.run("compare", results.resolve("2024-05-01-dubbo-2.7").toString())).isEqualTo(2);
        assertThat(command.err()).contains("RUN_DIR", "requires at least 2 values", "Usage: rpcbench-reports compare");
        assertThat(command.run("compare")).isEqualTo(2);
        assertThat(command.err()).contains("compare needs at least 2 RUN_DIRs, the baseline first; got 0");
    }

    @Test
    void unknownOptionsAndDashboardOptionsAreUsageErrors() throws IOException {
        Path results = CompareFixtures.results(dir);
        String a = results.resolve("2024-05-01-dubbo-2.7").toString();
        String b = results.resolve("2024-05-02-dubbo-3.3").toString();

        assertThat(command.run("compare", a, b, "--baseline")).isEqualTo(2);
        assertThat(command.err()).contains("Unknown option: '--baseline'");
        assertThat(command.run("--run", "x=x.jtl", "compare", a, b)).isEqualTo(2);
        assertThat(command.err()).contains("compare takes no options of rpcbench-reports before it");
        assertThat(command.out()).isEmpty();
    }

    @Test
    void anUnwritablePageFailsNamingIt() throws IOException {
        Path results = CompareFixtures.results(dir);
        Path folder = Files.createDirectories(dir.resolve("taken.html"));

        int code = command.run("compare", results.resolve("2024-05-01-dubbo-2.7").toString(),
                results.resolve("2024-05-02-dubbo-3.3").toString(), "-o", folder.toString());

        assertThat(code).isEqualTo(1);
        assertThat(command.err())
                .startsWith("rpcbench-reports compare: cannot write the comparison page to " + folder);
    }

    /**
     * {@code --fail-on regression} for CI: a run worse than the baseline beyond the noise exits 3, listing each metric,
     * and the JUnit report has a failed test case for each; the same run against a copy of itself exits 0.
     */
    @Test
    void failOnRegressionExitsWith3ListingEveryMetricWorseBeyondTheNoise() throws Exception {
        Path results = CompareFixtures.results(dir);
        Path junit = dir.resolve("compare.xml");

        int code = command.run("compare", results.resolve("2024-05-01-dubbo-2.7").toString(),
                results.resolve("2024-05-02-dubbo-3.3").toString(), "--fail-on", "regression", "--junit",
                junit.toString());

        assertThat(code).as(command.err()).isEqualTo(3);
        assertThat(command.out()).contains("Regressions beyond the noise against 2024-05-01-dubbo-2.7")
                .contains("  2024-05-02-dubbo-3.3, echo-100k dubbo, TPS: worse: TPS -18.2 % (noise +/-3.1 %)")
                .contains("  2024-05-02-dubbo-3.3, echo-100k dubbo, error %: worse: error % 0.00 -> 0.42 (from 0)")
                .doesNotContain("echo-1k dubbo, TPS: worse");
        org.w3c.dom.Element suite = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(junit.toFile()).getDocumentElement();
        assertThat(suite.getAttribute("failures")).isEqualTo("7");
        assertThat(suite.getElementsByTagName("failure").getLength()).isEqualTo(7);
        assertThat(Integer.parseInt(suite.getAttribute("tests"))).isGreaterThan(7);
    }

    @Test
    void failOnRegressionExitsWith0WhenNothingIsWorseBeyondTheNoise() throws IOException {
        Path results = CompareFixtures.results(dir);
        Path again = Files.createDirectories(results.resolve("2024-05-02-dubbo-3.3-again"));
        Files.copy(results.resolve("2024-05-02-dubbo-3.3/dashboard.json"), again.resolve("dashboard.json"));

        int code = command.run("compare", results.resolve("2024-05-02-dubbo-3.3").toString(), again.toString(),
                "--fail-on", "regression");

        assertThat(code).as(command.err()).isZero();
        assertThat(command.out()).contains("No regression beyond the noise against 2024-05-02-dubbo-3.3");
    }

    @Test
    void failOnSomethingElseIsBadUsage() {
        Path results = CompareFixtures.results(dir);

        int code = command.run("compare", results.resolve("2024-05-01-dubbo-2.7").toString(),
                results.resolve("2024-05-02-dubbo-3.3").toString(), "--fail-on", "slower");

        assertThat(code).isEqualTo(2);
        assertThat(command.err()).contains("--fail-on 'slower' is not known; expected regression");
    }

    @Test
    void helpListsCompareAndExplainsTheNoiseRule() {
        assertThat(command.run("--help")).isZero();
        assertThat(command.out()).contains("Commands:", "compare", "--run=NAME=JTL");

        assertThat(command.run("compare", "--help")).isZero();
        assertThat(command.out()).contains("Usage: rpcbench-reports compare [-hV] [--fail-on=regression] [--junit=XML]",
                "[-o=HTML] RUN_DIR RUN_DIR...",
                "error %, provider CPU %", "Noise rule: a run's noise band", "(max - min) / mean * 100",
                "Exit codes: 0 page written");
        assertThat(command.err()).as("picocli could format every text").isEmpty();
    }

    @Test
    void theDashboardCommandStillRequiresItsOptions() {
        assertThat(command.run("--run", "a=x.jtl")).isEqualTo(2);
        assertThat(command.err()).contains("Missing required option: '--output=HTML'");
    }
}
