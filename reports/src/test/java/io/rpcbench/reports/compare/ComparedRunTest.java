package io.rpcbench.reports.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading a run's dashboard.json: missing figures become reasons, mistakes become errors naming the file and the
 * JSON path; and finding and naming the RUN_DIRs.
 */
class ComparedRunTest {

    private static final String ENTRY = """
            { "name": "dubbo-echo-1k", "system": "dubbo", "scenario": "echo-1k", "warmupMs": 60000,
              "total": { "tps": 1000.0, "averageMs": 2.0, "p50Ms": 1.5, "p90Ms": 3.0, "p99Ms": 6.0,
                         "p999Ms": "NaN", "errorPercent": 0.0, "resolution": "us" },
              "steadiness": { "thirds": [ {"tps": 990, "averageMs": 2.0, "p99Ms": 6.0},
                                          {"tps": 1010, "averageMs": 2.0, "p99Ms": null},
                                          {"tps": 1000, "averageMs": 2.0, "p99Ms": 6.0} ],
                              "steady": true, "verdict": "steady" } }""";

    @TempDir
    Path dir;

    @Test
    void missingFiguresAreReadAsReasonsNotErrors() throws IOException {
        RowFigures row = read(write("run", "{ \"title\": \"t\", \"runs\": [" + ENTRY + "] }")).rows().get(0);

        assertThat(row.value(Metric.TPS)).isEqualTo(1000.0);
        assertThat(row.whyNoValue(Metric.P999_MS)).isEqualTo("total.p999Ms is NaN");
        assertThat(row.whyNoValue(Metric.PROVIDER_CPU_PERCENT)).isEqualTo("no \"server\" figures");
        assertThat(row.band(Metric.TPS)).isEqualTo(2.0);
        assertThat(row.band(Metric.MEAN_MS)).isZero();
        assertThat(row.whyNoBand(Metric.P99_MS)).isEqualTo("no steadiness.thirds[1].p99Ms");
        assertThat(row.steady()).isTrue();
        assertThat(row.resolution()).isEqualTo("us");
        assertThat(row.warmupMs()).isEqualTo(60_000L);
    }

    @Test
    void aRunWithoutRunsFailsNamingTheFile() throws IOException {
        Path file = write("run", "{ \"title\": \"t\" }");

        assertThatThrownBy(() -> read(file)).isInstanceOf(RunFolderException.class)
                .hasMessage(file + ": has no \"runs\" array; expected the dashboard's figures with one entry per "
                        + "scenario and system");
        Path empty = write("empty", "{ \"runs\": [] }");
        assertThatThrownBy(() -> read(empty)).hasMessageContaining(empty + ": \"runs\" is empty");
    }

    @Test
    void invalidJsonFailsNamingFileAndLine() throws IOException {
        Path file = write("run", "{ \"runs\": [\n  { \"name\": \"a\",, } ] }");

        assertThatThrownBy(() -> read(file)).isInstanceOf(RunFolderException.class)
                .hasMessageStartingWith(file + ": not valid JSON at line 2, column ");
        Path array = write("array", "[1, 2]");
        assertThatThrownBy(() -> read(array)).hasMessage(array + ": is an array of 2; expected a JSON object with "
                + "a \"runs\" array, the dashboard's figures");
    }

    @Test
    void aValueOfTheWrongTypeFailsNamingItsPath() throws IOException {
        Path tps = write("tps", "{ \"runs\": [" + ENTRY.replace("\"tps\": 1000.0", "\"tps\": \"fast\"") + "] }");
        Path steady = write("steady", "{ \"runs\": [" + ENTRY.replace("\"steady\": true", "\"steady\": \"yes\"")
                + "] }");
        Path thirds = write("thirds", "{ \"runs\": [" + ENTRY.replace("{\"tps\": 1010, \"averageMs\": 2.0, "
                + "\"p99Ms\": null},", "") + "] }");
        Path system = write("system", "{ \"runs\": [" + ENTRY.replace("\"system\": \"dubbo\",", "") + "] }");

        assertThatThrownBy(() -> read(tps))
                .hasMessage(tps + ": runs[0].total.tps is \"fast\"; expected a number or null");
        assertThatThrownBy(() -> read(steady))
                .hasMessage(steady + ": runs[0].steadiness.steady is \"yes\"; expected true, false or null");
        assertThatThrownBy(() -> read(thirds)).hasMessage(thirds + ": runs[0].steadiness.thirds is an array of 2; "
                + "expected an array of the window's 3 thirds");
        assertThatThrownBy(() -> read(system)).hasMessageStartingWith(system + ": runs[0].system is missing; "
                + "expected text");
    }

    @Test
    void twoEntriesOfOneScenarioAndSystemFail() throws IOException {
        Path file = write("run", "{ \"runs\": [" + ENTRY + ", " + ENTRY.replace("\"dubbo-echo-1k\"", "\"again\"")
                + "] }");

        assertThatThrownBy(() -> read(file)).hasMessageStartingWith(file + ": runs 'dubbo-echo-1k' and 'again' are "
                + "both scenario 'echo-1k' of system 'dubbo'; expected one entry per scenario and system");
    }

    @Test
    void aRunDirThatIsMissingOrHasNoDashboardJsonFails() throws IOException {
        Path nowhere = dir.resolve("nowhere");
        Path empty = Files.createDirectories(dir.resolve("empty"));

        assertThatThrownBy(() -> RunFolder.resolve(List.of(nowhere))).isInstanceOf(RunFolderException.class)
                .hasMessage(nowhere + " does not exist; expected a results folder of ./run-benchmark holding "
                        + "dashboard.json, or the path of a dashboard.json");
        assertThatThrownBy(() -> RunFolder.resolve(List.of(empty))).isInstanceOf(RunFolderException.class)
                .hasMessageStartingWith(empty + " has no dashboard.json; expected a results folder of ./run-benchmark");
    }

    @Test
    void runsAreNamedByTheirFolderAndDuplicatesDisambiguated() throws IOException {
        Path a = write("old/results", "{}");
        Path b = write("new/results", "{}");
        Path c = write("2024-05-01", "{}");

        List<RunFolder> runs = RunFolder.resolve(List.of(a.getParent(), b, c.getParent(), c));

        assertThat(runs).extracting(RunFolder::name)
                .containsExactly("old/results", "new/results", "2024-05-01", "2024-05-01#2");
        assertThat(runs.get(1).dashboardJson()).isEqualTo(b);
        assertThat(runs.get(1).folder()).isEqualTo(b.toAbsolutePath().getParent());
    }

    private Path write(String folder, String json) throws IOException {
        Path file = dir.resolve(folder).resolve("dashboard.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, json);
        return file;
    }

    private static ComparedRun read(Path file) {
        return ComparedRun.read(RunFolder.resolve(List.of(file)).get(0));
    }
}
