package io.rpcbench.benchmark.seeds.seed000;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.Length;
import io.rpcbench.benchmark.scenario.RecordedRun;
import io.rpcbench.benchmark.scenario.Stop;
import io.rpcbench.benchmark.soak.SoakObserver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 000's stability table from a recorded run: per label TPS, mean, p99 and errors; the provider's soak figures of
 * the samples in the measured window only, beside the seed's words; JMeter's process figures and verdict.
 */
class Seed000StabilityScenarioTest {

    @TempDir
    Path dir;

    @Test
    void tableHasEachLabelAndTheSoakOfTheMeasuredWindowBesideTheSeedsWords() throws IOException {
        Cell cell = new Seed000StabilityScenario().cells(Length.SHORT).get(0);
        RecordedRun run = new RecordedRun();
        for (int k = 0; k < 10; k++) {
            run.add(1000L * k, "string-5k", "Thread Group 1-1", "dubbo://127.0.0.1:20880", 5154, 1000 + 100L * k, true)
                    .add(1000L * k + 100, "person", "Thread Group 1-1", "dubbo://127.0.0.1:20880", 1100, 500, true)
                    .add(1000L * k + 200, "map-3-persons", "Thread Group 1-2", "dubbo://127.0.0.1:20880", 3200, 2000,
                            k != 3);
        }
        CellResult result = run.result(dir, cell);
        // JMeter started 5 s before its first sample; the samples at 0 s and 30 s are outside the window.
        Files.writeString(result.folder().resolve(SoakObserver.START_FILE), (RecordedRun.START_MS - 5000) + "\n");
        Files.writeString(result.folder().resolve(SoakObserver.PROVIDER_CSV), String.join("\n",
                "second,heap_after_gc_kib,old_gen_after_gc_kib,full_gcs,threads,fds,rss_kib",
                "0,99999,99999,1,99,99,999999",
                "5,20480,10240,2,40,100,204800",
                "7,20480,10240,3,41,100,204800",
                "9,21504,12288,4,40,101,205824",
                "11,21504,15360,5,40,100,206848",
                "13,21504,20480,7,41,100,206848",
                "30,99999,99999,9,99,99,999999") + "\n");
        Files.writeString(result.folder().resolve(SoakObserver.JMETER_CSV), String.join("\n",
                "second,heap_after_gc_kib,old_gen_after_gc_kib,full_gcs,threads,fds,rss_kib",
                "5,,,,30,50,102400", "6,,,,30,50,102400", "7,,,,30,50,102400",
                "11,,,,60,50,102400", "12,,,,61,50,102400", "13,,,,62,50,102400") + "\n");

        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        String text;
        try {
            text = new Seed000StabilityScenario().table(List.of(result)).text();
        } finally {
            Locale.setDefault(before);
        }

        assertThat(text).startsWith("seed-000-stability: stability: per label")
                .containsPattern("(?m)^String 5k, Person, Map of 3 Persons +string-5k TPS +[0-9]+\\.[0-9] +-$")
                .containsPattern("(?m)^ +string-5k mean ms +1\\.450 +-$")
                .containsPattern("(?m)^ +string-5k p99 ms +1\\.900 +-$")
                .containsPattern("(?m)^ +person mean ms +0\\.500 +-$")
                .containsPattern("(?m)^ +map-3-persons errors +1 +-$")
                .containsPattern("(?m)^ +provider heap after GC MB \\(first / last / max\\) +20\\.3 / 21\\.0 / 21\\.0 "
                        + "+stable, no OOM$")
                .containsPattern("(?m)^ +provider heap after GC growth % +3\\.3 +-$")
                .containsPattern("(?m)^ +provider old gen after GC MB \\(first / last / max\\) +10\\.0 / 20\\.0 / 20\\.0 "
                        + "+-$")
                .containsPattern("(?m)^ +provider old gen growth MB +10\\.0 +< 200 in 50 h$")
                .containsPattern("(?m)^ +provider full GCs not ours +1 +0 \\(\"no full GC\"\\)$")
                .containsPattern("(?m)^ +provider threads \\(first / last / max\\) +40 / 41 / 41 +steady$")
                .containsPattern("(?m)^ +provider descriptors \\(first / last / max\\) +100 / 100 / 101 "
                        + "+steady \\(file handles\\)$")
                .containsPattern("(?m)^ +provider RSS MB \\(first / last / max\\) +200\\.0 / 202\\.0 / 202\\.0 "
                        + "+steady \\(memory\\)$")
                .containsPattern("(?m)^ +provider soak samples +5 +-$")
                .containsPattern("(?m)^ +provider soak verdict +PASS +passed$")
                .containsPattern("(?m)^ +JMeter threads \\(first / last / max\\) +30 / 62 / 62 +-$")
                .containsPattern("(?m)^ +JMeter soak verdict +FAIL: threads grew from 30 to 62 +-$")
                .doesNotContain("JMeter heap").doesNotContain("JMeter old gen")
                .contains("sampled by PID every 30 s")
                .contains("seed 000: Dubbo 2.0 hessian2 + netty, 20 threads, 50 h: consumer and provider each a Huawei");
    }

    @Test
    void withoutSoakFilesTheSoakLinesShowNoFigureOfOurs() throws IOException {
        Cell cell = new Seed000StabilityScenario().cells(Length.SHORT).get(0);
        CellResult result = new RecordedRun()
                .add(0, "person", "Thread Group 1-1", "dubbo://127.0.0.1:20880", 1100, 500, true).result(dir, cell);

        String text = new Seed000StabilityScenario().table(List.of(result)).text();

        assertThat(text).containsPattern("(?m)^ +provider soak verdict +- +passed$")
                .containsPattern("(?m)^no figures, ours or the seed's, for: .*provider soak samples");
    }

    @Test
    void shortMeasuresTenMinutesAndFullTheSeedsFiftyHours() {
        Cell shortCell = new Seed000StabilityScenario().cells(Length.SHORT).get(0);
        Cell fullCell = new Seed000StabilityScenario().cells(Length.FULL).get(0);

        assertThat(shortCell.stop()).isEqualTo(Stop.timed(30, 600));
        assertThat(fullCell.stop()).isEqualTo(Stop.timed(30, 180_000));
        assertThat(shortCell.threads()).isEqualTo(20);
        assertThat(shortCell.observers()).singleElement().isInstanceOf(SoakObserver.class);
        assertThat(SoakObserver.interval(shortCell.stop()).toSeconds()).isEqualTo(30);
        assertThat(SoakObserver.interval(fullCell.stop()).toSeconds()).isEqualTo(900);
    }
}
