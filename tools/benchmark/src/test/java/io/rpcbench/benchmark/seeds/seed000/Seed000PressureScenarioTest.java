package io.rpcbench.benchmark.seeds.seed000;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.runner.ConsumerJtls;
import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.Length;
import io.rpcbench.benchmark.scenario.RecordedRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 000's high-pressure table from a recorded run of two consumers (thread names prefixed as {@link ConsumerJtls}
 * writes them) calling two providers: each consumer's figures, the total, and each provider's share.
 */
class Seed000PressureScenarioTest {

    @TempDir
    Path dir;

    @Test
    void tableHasEachConsumerTheTotalAndEachProvidersShare() throws IOException {
        Cell cell = new Seed000PressureScenario().cells(Length.SHORT).get(0);
        RecordedRun run = new RecordedRun();
        for (int k = 0; k < 6; k++) {
            run.add(500L * k, "string-20b-200k", "consumer-1.localhost-Thread Group 1-1", "dubbo://127.0.0.1:20880",
                    1064, 1000, true);
        }
        for (int k = 0; k < 4; k++) {
            run.add(500L * k + 250, "string-20b-200k", "consumer-2.localhost-Thread Group 1-1",
                    "dubbo://127.0.0.1:20881", 1064, 3000, k != 2);
        }
        CellResult result = run.result(dir, cell);

        String text = new Seed000PressureScenario().table(List.of(result)).text();

        assertThat(text).startsWith("seed-000-pressure: high pressure")
                .containsPattern("(?m)^String 20 B\\.\\.200 KiB, random every interval +consumers +consumer-1\\.localhost, "
                        + "consumer-2\\.localhost +-$")
                .containsPattern("(?m)^ +consumer 1 mean ms +1\\.000 +-$")
                .containsPattern("(?m)^ +consumer 1 errors +0 +-$")
                .containsPattern("(?m)^ +consumer 2 mean ms +3\\.000 +-$")
                .containsPattern("(?m)^ +consumer 2 errors +1 +-$")
                .containsPattern("(?m)^ +samples +10 +-$")
                .containsPattern("(?m)^ +average ms +1\\.800 +-$")
                .containsPattern("(?m)^ +errors +1 +passed \\(no figure published\\)$")
                .containsPattern("(?m)^ +providers' shares of calls +dubbo://127\\.0\\.0\\.1:20880 60\\.0 % \\(6\\), "
                        + "dubbo://127\\.0\\.0\\.1:20881 40\\.0 % \\(4\\) +-$")
                .contains("seed-000-pressure: 2 provider apps (one registry); 2 consumers of 20 threads; size 20 to "
                        + "204800 B, a new one every 20 s");
    }

    @Test
    void shortChangesSizeEvery20SecondsAndFullEvery10MinutesAsTheSeed() {
        Cell shortCell = new Seed000PressureScenario().cells(Length.SHORT).get(0);
        Cell fullCell = new Seed000PressureScenario().cells(Length.FULL).get(0);

        assertThat(shortCell.properties()).containsEntry("size_interval", "20")
                .containsEntry("sample_variables", "elapsed_us,size_bytes");
        assertThat(fullCell.properties()).containsEntry("size_interval", "600");
        assertThat(shortCell.stop().runSeconds()).isEqualTo(140);
        assertThat(shortCell.consumers()).isEqualTo(2);
        assertThat(shortCell.setup().providers()).isEqualTo(2);
        assertThat(new Seed000PressureScenario().lab()).contains("seed-000");
    }
}
