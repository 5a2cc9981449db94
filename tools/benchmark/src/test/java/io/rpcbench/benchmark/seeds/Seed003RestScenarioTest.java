package io.rpcbench.benchmark.seeds;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.ab.AbStep;
import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.CellSetup;
import io.rpcbench.benchmark.scenario.Length;
import io.rpcbench.benchmark.scenario.RecordedRun;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 003's REST table from a recorded JMeter run and ab report: ab's lines beside the seed's three ab outputs, and
 * JMeter's equivalents; ab's column empty with the reason when ab did not run.
 */
class Seed003RestScenarioTest {

    @TempDir
    Path dir;

    @Test
    void absReportLinesStandBesideTheSeedsAndJMetersEquivalentsBesideThem() throws IOException {
        CellResult jmeter = jmeterRun();
        Files.createDirectories(jmeter.folder().resolve("ab"));
        try (InputStream report = AbStep.class.getResourceAsStream("seed-003-consumer-1.txt")) {
            assertThat(report).as("ab fixture").isNotNull();
            Files.write(jmeter.folder().resolve("ab/ab.txt"), report.readAllBytes());
        }

        String text = new Seed003RestScenario().table(List.of(jmeter)).text();

        assertThat(text).startsWith("seed-003-rest: the echo over HTTP")
                .containsPattern("(?m)^ +ab -c 10 \\(no keep-alive\\) +JMeter HTTP Request, 10 threads \\(no keep-alive\\)$")
                .containsPattern("(?m)^echo of 4 bytes over HTTP, 10 at a time +complete requests +1000000 "
                        + "+1000000 / 1000000 / 402175 +10$")
                .containsPattern("(?m)^ +requests/s +3258\\.85 +3258\\.85 / 3455\\.78 / 876\\.50 +[0-9]+\\.[0-9]{2}$")
                .containsPattern("(?m)^ +mean ms +3\\.069 +3\\.069 / 2\\.894 / 11\\.409 +1\\.450$")
                .containsPattern("(?m)^ +50% ms +3 +3 / 3 / 11 +1\\.[0-9]{3}$")
                .containsPattern("(?m)^ +100% ms +257 +257 / 277 / 235 +1\\.900$")
                .containsPattern("(?m)^ +failed +0 +0 / 0 / 0 +1$")
                .contains("ours, echo of 4 bytes over HTTP, 10 at a time, ab -c 10 (no keep-alive): 10 threads, "
                        + "10,000 calls per thread");
    }

    @Test
    void withoutAbItsColumnIsEmptyWithTheReason() throws IOException {
        CellResult jmeter = jmeterRun();
        Files.createDirectories(jmeter.folder().resolve("ab"));
        Files.writeString(jmeter.folder().resolve("ab/ab-failed.txt"), "ApacheBench (ab) is not on the PATH; "
                + "install Debian's apache2-utils package");

        String text = new Seed003RestScenario().table(List.of(jmeter)).text();

        assertThat(text).containsPattern("(?m)^echo of 4 bytes over HTTP, 10 at a time +complete requests +empty \\[1\\] "
                        + "+1000000 / 1000000 / 402175 +10$")
                .contains("[1] echo of 4 bytes over HTTP, 10 at a time, ab -c 10 (no keep-alive) (seed-003-rest-ab): "
                        + "empty: ApacheBench (ab) is not on the PATH; install Debian's apache2-utils package");
    }

    @Test
    void abRunsTheSeedsMillionWhenFullAndAtMost2000ASecondOfTheWindowWhenShortened() {
        Cell shortCell = new Seed003RestScenario().cells(Length.SHORT).get(0);
        AbStep shortAb = (AbStep) shortCell.afterPlan().get(0);
        AbStep fullAb = (AbStep) new Seed003RestScenario().cells(Length.FULL).get(0).afterPlan().get(0);

        assertThat(shortAb.requests(60)).isEqualTo(100_000);
        assertThat(shortAb.requests(8)).isEqualTo(16_000);
        assertThat(fullAb.requests(600)).isEqualTo(1_000_000);
        assertThat(shortCell.threads()).isEqualTo(10);
        assertThat(shortCell.setup()).isEqualTo(CellSetup.provider("--rest-port", "0"));
    }

    /** 10 samples of the 4-byte echo, 1.0 to 1.9 ms, one failed. */
    private CellResult jmeterRun() throws IOException {
        Cell cell = new Seed003RestScenario().cells(Length.SHORT).get(0);
        RecordedRun run = new RecordedRun();
        for (int k = 0; k < 10; k++) {
            run.add(100L * k, "seed-003-rest", "Thread Group 1-1", "http://127.0.0.1:8080/echo", 109,
                    1000 + 100L * k, k != 4);
        }
        return run.result(dir, cell);
    }
}
