package io.rpcbench.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
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

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return DashboardCommand.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    @Test
    void writesThePageToOutputAndAcceptsDashboardJsonPaths() throws IOException {
        Path results = CompareFixtures.results(dir);
        Path html = dir.resolve("pages/before-after.html");

        int code = run("compare", results.resolve("2024-05-01-dubbo-2.7/dashboard.json").toString(),
                results.resolve("2024-05-02-dubbo-3.3").toString(), "-o", html.toString());

        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).startsWith("Baseline: 2024-05-01-dubbo-2.7; compared: 2024-05-02-dubbo-3.3\n")
                .endsWith("Page: " + html.toAbsolutePath().normalize() + System.lineSeparator());
        // Links from the page to each run's figures are relative to the page.
        assertThat(Files.readString(html)).contains("\"figures\" : \"../results/2024-05-01-dubbo-2.7/dashboard.json\"");
    }

    @Test
    void aMissingRunDirFailsNamingIt() throws IOException {
        Path results = CompareFixtures.results(dir);
        Path missing = dir.resolve("results/2024-05-04");

        int code = run("compare", results.resolve("2024-05-01-dubbo-2.7").toString(), missing.toString());

        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).isEqualTo("rpcbench-reports compare: " + missing + " does not exist; expected a "
                + "results folder of ./run-benchmark holding dashboard.json, or the path of a dashboard.json"
                + System.lineSeparator());
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void aFolderWithoutDashboardJsonOrRunsFailsNamingIt() throws IOException {
        Path results = CompareFixtures.results(dir);
        Path noJson = Files.createDirectories(dir.resolve("jtl-only"));
        Path noRuns = dir.resolve("old/dashboard.json");
        Files.createDirectories(noRuns.getParent());
        Files.writeString(noRuns, "{ \"title\": \"rpcbench dashboard\", \"labels\": [] }");
        String base = results.resolve("2024-05-01-dubbo-2.7").toString();

        assertThat(run("compare", base, noJson.toString())).isEqualTo(1);
        assertThat(run("compare", base, noRuns.getParent().toString())).isEqualTo(1);

        assertThat(err.toString()).contains(noJson + " has no dashboard.json; expected a results folder",
                noRuns + ": has no \"runs\" array; expected the dashboard's figures");
    }

    @Test
    void fewerThanTwoRunsIsAUsageError() throws IOException {
        Path results = CompareFixtures.results(dir);

        assertThat(run("compare", results.resolve("2024-05-01-dubbo-2.7").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("RUN_DIR", "requires at least 2 values", "Usage: rpcbench-reports compare");
        assertThat(run("compare")).isEqualTo(2);
        assertThat(err.toString()).contains("compare needs at least 2 RUN_DIRs, the baseline first; got 0");
    }

    @Test
    void unknownOptionsAndDashboardOptionsAreUsageErrors() throws IOException {
        Path results = CompareFixtures.results(dir);
        String a = results.resolve("2024-05-01-dubbo-2.7").toString();
        String b = results.resolve("2024-05-02-dubbo-3.3").toString();

        assertThat(run("compare", a, b, "--baseline")).isEqualTo(2);
        assertThat(err.toString()).contains("Unknown option: '--baseline'");
        assertThat(run("--run", "x=x.jtl", "compare", a, b)).isEqualTo(2);
        assertThat(err.toString()).contains("compare takes no options of rpcbench-reports before it");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void anUnwritablePageFailsNamingIt() throws IOException {
        Path results = CompareFixtures.results(dir);
        Path folder = Files.createDirectories(dir.resolve("taken.html"));

        int code = run("compare", results.resolve("2024-05-01-dubbo-2.7").toString(),
                results.resolve("2024-05-02-dubbo-3.3").toString(), "-o", folder.toString());

        assertThat(code).isEqualTo(1);
        assertThat(err.toString())
                .startsWith("rpcbench-reports compare: cannot write the comparison page to " + folder);
    }

    @Test
    void helpListsCompareAndExplainsTheNoiseRule() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("Commands:", "compare", "--run=NAME=JTL");

        assertThat(run("compare", "--help")).isZero();
        assertThat(out.toString()).contains("Usage: rpcbench-reports compare [-hV] [-o=HTML] RUN_DIR RUN_DIR...",
                "error %, provider CPU %", "Noise rule: a run's noise band", "(max - min) / mean * 100",
                "Exit codes: 0 page written");
        assertThat(err.toString()).as("picocli could format every text").isEmpty();
    }

    @Test
    void theDashboardCommandStillRequiresItsOptions() {
        assertThat(run("--run", "a=x.jtl")).isEqualTo(2);
        assertThat(err.toString()).contains("Missing required option: '--output=HTML'");
    }
}
