package io.rpcbench.benchmark.seeds.seed004;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.Length;
import io.rpcbench.benchmark.scenario.RecordedRun;
import io.rpcbench.benchmark.scenario.Stop;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 004's discovery scenario without running it: its cells (one per discovery mode, the shape passed to both the
 * farm and the consumer), its parameters' errors, and its table from recorded figures files.
 */
class Seed004DiscoveryScenarioTest {

    private final Seed004DiscoveryScenario scenario = new Seed004DiscoveryScenario();

    @TempDir
    Path dir;

    @Test
    void oneCellPerModeWithTheShapeGivenToFarmAndConsumer() {
        List<Cell> cells = scenario.cells(Length.SHORT, Map.of("instances", "500", "churn-per-minute", "0"));

        assertThat(cells).extracting(Cell::name)
                .containsExactly("discovery-interface", "discovery-application", "discovery-both");
        assertThat(cells).extracting(Cell::threads).containsOnly(1);
        assertThat(cells.get(0).stop()).isEqualTo(Stop.timed(20, 60));
        List<String> options = cells.get(1).setup().extras().get(0).options();
        assertThat(String.join(" ", options)).isEqualTo("--instances 500 --interfaces 8 --protocols 5 "
                + "--instances-per-app 10 --url-bytes 1024 --churn-per-minute 0 -- --mode FORCE_APPLICATION "
                + "--instances 500 --interfaces 8 --protocols 5 --instances-per-app 10 --url-bytes 1024 "
                + "--call-every-seconds 5");
        assertThat(cells.get(2).seed()).isEmpty();
    }

    @Test
    void fullIsTheSeedsSizeAndTwentyHours() {
        Cell cell = scenario.cells(Length.FULL).get(0);

        assertThat(cell.setup().extras().get(0).options()).containsSequence("--instances", "500");
        assertThat(cell.stop()).isEqualTo(Stop.timed(60, 20 * 3600));
    }

    @Test
    void badParametersAreNamedWithWhatWasExpected() {
        assertThatThrownBy(() -> scenario.cells(Length.SHORT, Map.of("instances", "many")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("instances=many is not a whole number; expected one, e.g. instances=50");
        assertThatThrownBy(() -> scenario.cells(Length.SHORT, Map.of("call-every-seconds", "0")))
                .hasMessage("call-every-seconds=0 is out of range; expected 1 to 3600");
        assertThatThrownBy(() -> scenario.cells(Length.SHORT, Map.of("url-bytes", "50")))
                .hasMessage("url-bytes=50 is out of range; expected 100 to 100000");
        assertThatThrownBy(() -> scenario.cells(Length.SHORT, Map.of("interfaces", "2000")))
                .hasMessage("interfaces=2000 is out of range; expected 1 to 1000");
        assertThatThrownBy(() -> scenario.cells(Length.SHORT, Map.of("instances", "70000")))
                .hasMessage("instances=70000 is out of range; expected 1 to 63500");
        assertThatThrownBy(() -> scenario.cells(Length.SHORT, Map.of("urls", "20000")))
                .hasMessageStartingWith("urls is not a parameter of seed-004-discovery; expected one of [instances, ");
        assertThat(scenario.cells(Length.SHORT, Map.of("churn-per-minute", "0", "instances", "63500"))).hasSize(3);
    }

    @Test
    void parametersAreListedInTheirOrderEachWithARange() {
        assertThat(scenario.parameters().keySet()).containsExactly("instances", "interfaces", "protocols",
                "instances-per-app", "url-bytes", "churn-per-minute", "call-every-seconds");
        assertThat(Seed004DiscoveryScenario.RANGES.keySet()).containsExactlyInAnyOrderElementsOf(
                scenario.parameters().keySet());
    }

    @Test
    void tableHasOurFiguresTheSeedsRelativeOnesAndTheLineAgainstInterfaceLevel() throws IOException {
        List<Cell> cells = scenario.cells(Length.SHORT);
        List<CellResult> results = new ArrayList<>();
        long[] rssKib = {400 * 1024, 300 * 1024, 500 * 1024};
        for (int n = 0; n < cells.size(); n++) {
            RecordedRun run = new RecordedRun().add(0, "consumer figures", "Thread Group 1-1",
                    "http://127.0.0.1:1/figures", 500, 1000, true);
            CellResult result = run.result(dir, cells.get(n));
            Files.writeString(result.folder().resolve(DiscoveryFiguresStep.FILE), String.join("\n",
                    "rss_kib=" + rssKib[n], "rss_peak_kib=" + rssKib[n], "live_heap_bytes=104857600",
                    "young_gcs=" + (10 * (n + 1) + 5), "young_gc_ms=120", "full_gcs=1", "full_gc_ms=30",
                    "changes_young_gcs=" + (10 * (n + 1)), "changes_young_gc_ms=100", "changes_full_gcs=0",
                    "changes_full_gc_ms=0",
                    "interface_addresses=4001", "application_addresses=0", "references=401", "urls=20000",
                    "instances=500", "fill.ms=30000", "refer.ms=45000", "calls=24", "failed_calls=0",
                    "address_changes=" + (23 + n), "failed_churn_steps=0", "fake_listeners=5", "fake_connections=0",
                    "fake_peers=0", "peers={127.0.0.1\\=5}", "collectors=Copy,MarkSweepCompact", "last_failure="));
            results.add(result);
        }

        String text = scenario.table(results).text();

        assertThat(text).startsWith("seed-004-discovery: service discovery")
                .containsPattern("(?m)^address push, two ZooKeepers +consumer RSS MB +400\\.0 +-50 % vs 2\\.x +300\\.0 "
                        + "+-75 % vs 2\\.x +500\\.0 *$")
                .containsPattern("(?m)^ +young GCs since start +15 +- +25 +- +35 *$")
                .containsPattern("(?m)^ +full GCs since start +1 +- +1 +- +1 *$")
                .containsPattern("(?m)^ +young GCs during address changes +10 +ten-odd \\(2\\.x: hundreds\\) +20 +- "
                        + "+30 *$")
                .containsPattern("(?m)^ +full GCs during address changes +0 +- +0 +0 \\(2\\.x: hundreds\\) +0 *$")
                .containsPattern("(?m)^ +live heap after a full GC MB +100\\.0 ")
                .containsPattern("(?m)^ +connections to fake instances +0 +- +0 +- +0 *$")
                .containsPattern("(?m)^ +fake instances listening +5 +- +5 +- +5 *$")
                .containsPattern("(?m)^ +consumer TCP connections to 127\\.0\\.x\\.y +0 ")
                .containsPattern("(?m)^ +address changes \\(fake instances left or joined\\) +23 +- +24 +- +25 *$")
                .containsPattern("(?m)^ +failed address-change steps +0 +- +0 +- +0 *$")
                .containsPattern("(?m)^against our interface-level +consumer RSS % +\\+0\\.0 +\\S* *-25\\.0 +-50 "
                        + "\\(implied: -75 % vs -50 % of 2\\.x\\) +\\+25\\.0 *$")
                .contains("we run no 2.x consumer")
                .contains("ours: each cell 1 thread, 20 s warm-up");
    }
}
