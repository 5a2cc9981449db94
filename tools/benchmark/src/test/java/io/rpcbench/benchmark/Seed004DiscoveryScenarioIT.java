package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.seeds.Scenarios;
import io.rpcbench.reports.page.HtmlSafeJson;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Seed 004's discovery scenario shortened through {@code --scenario seed-004-discovery}: a small registry (4 instances
 * x 2 interfaces x 2 protocols, two instances per application), an address change, a call and a read of the figures
 * every second, a few seconds per mode. Every mode's consumer answered its figures in every sample, every call of the
 * real echo passed, its RSS, live heap, young GCs and addresses are there and non-zero at the levels its mode
 * discovers, its other GC counts are there (zero is a fair count in seconds), the farm changed addresses without a
 * failed step, no fake instance was dialled, and the table has the seed's relative figures beside ours.
 */
class Seed004DiscoveryScenarioIT {

    private static final String[] SMALL = {"--param", "instances=4", "--param", "interfaces=2", "--param",
            "protocols=2", "--param", "instances-per-app=2", "--param", "churn-per-minute=60", "--param",
            "call-every-seconds=1", "-J", "figures.every.ms=1000"};

    /**
     * The measured window, longer than {@link ScenarioShortRun#DURATION_SECONDS} in {@code ./run-tests}: the plan reads
     * the consumer's figures once a second, and in a 3 s window on a busy machine no read started (the mode's cell was
     * then empty).
     */
    private static final int MEASURED_SECONDS = 6;

    @Test
    void everyModeSubscribesCallsAndReportsItsFigures() throws Exception {
        ScenarioShortRun.Result run = ScenarioShortRun.run("seed-004-discovery", MEASURED_SECONDS, SMALL);

        assertThat(run.exit()).as("exit code; output:%n%s", run.output()).isZero();
        assertThat(run.cells()).hasSize(3);
        Map<String, CellResult> byName = run.cells().stream()
                .collect(Collectors.toMap(c -> c.cell().name(), Function.identity()));
        for (CellResult cell : run.cells()) {
            String name = cell.cell().name();
            assertThat(cell.emptyReason()).as("%s is empty; output:%n%s", name, run.output()).isEmpty();
            assertThat(cell.samples()).as("%s reads of the consumer's figures", name).isPositive();
            assertThat(cell.errors()).as("%s failed reads (see %s)", name, cell.folder()).isZero();
            Properties figures = figures(cell.folder());
            // young GCs since start > 0: subscribing allocates, and with MaxRAM=2g the young generation is small
            for (String positive : new String[] {"rss_kib", "rss_peak_kib", "live_heap_bytes", "young_gcs",
                    "young_gc_ms", "calls", "urls", "instances", "references", "fill.ms", "refer.ms", "address_changes",
                    "fake_listeners"}) {
                assertThat(number(figures, positive)).as("%s %s in %s", name, positive, figures).isPositive();
            }
            // present, but a fair 0: no full GC need run in seconds (class loading may cause one at start), a young GC
            // pause may round to 0 ms, and the address changes of a few seconds may need no collection at all
            for (String count : new String[] {"full_gcs", "full_gc_ms", "changes_young_gcs", "changes_young_gc_ms",
                    "changes_full_gcs", "changes_full_gc_ms"}) {
                assertThat(number(figures, count)).as("%s %s in %s", name, count, figures).isNotNegative();
            }
            // rightly 0: every call passes, every churn step succeeds, the fake instances are never dialled
            assertThat(number(figures, "failed_calls")).as("%s failed calls: %s", name,
                    figures.getProperty("last_failure")).isZero();
            assertThat(number(figures, "failed_churn_steps")).as("%s failed address changes: %s", name,
                    figures.getProperty("last_churn_failure")).isZero();
            assertThat(number(figures, "fake_connections")).as("%s connections accepted on fake instances", name)
                    .isZero();
            assertThat(number(figures, "fake_peers")).as("%s connections to fake instances: %s", name,
                    figures.getProperty("peers")).isZero();
            assertThat(figures.getProperty("collectors")).as("%s collectors", name).isNotBlank();
            assertThat(number(figures, "urls")).as("4 x 2 x 2 URLs").isEqualTo(16);
        }
        assertThat(number(figures(byName.get("discovery-interface").folder()), "interface_addresses")).isPositive();
        assertThat(number(figures(byName.get("discovery-application").folder()), "application_addresses"))
                .isPositive();
        Properties both = figures(byName.get("discovery-both").folder());
        assertThat(number(both, "interface_addresses") + number(both, "application_addresses")).isPositive();
        assertThat(run.output()).contains("seed-004-discovery: ")
                .contains("discovery-interface: not judged: this plan reads the consumer's figures")
                .containsPattern("(?m)^address push, two ZooKeepers +consumer RSS MB +[0-9]+\\.[0-9] +-50 % vs 2\\.x "
                        + "+[0-9]+\\.[0-9] +-75 % vs 2\\.x +[0-9]+\\.[0-9]")
                .containsPattern("(?m)^ +failed calls +0 +- +0 +- +0")
                .containsPattern("(?m)^ +failed address-change steps +0 +- +0 +- +0")
                .containsPattern("(?m)^ +connections to fake instances +0 +- +0 +- +0")
                .containsPattern("(?m)^against our interface-level +consumer RSS % +\\+0\\.0 ");
        // the page and its figures say the same as the summary (issue 29, defect 10)
        String notJudged = HtmlSafeJson.toJson(Scenarios.named("seed-004-discovery").orElseThrow().throughputNotJudged()
                .orElseThrow(), "the verdict");
        assertThat(Files.readString(run.results().resolve("dashboard.json"))).contains("\"verdict\" : " + notJudged)
                .doesNotContain("\"verdict\" : \"steady").doesNotContain("\"verdict\" : \"NOT STEADY");
        assertThat(Files.readString(run.results().resolve("dashboard.html"))).contains(notJudged);
    }

    private static Properties figures(Path folder) throws IOException {
        Path file = folder.resolve("discovery-figures.properties");
        assertThat(file).as("the figures after the plan").isRegularFile();
        Properties figures = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            figures.load(in);
        }
        assertThat(figures.stringPropertyNames()).as("unread figures: %s", figures)
                .noneMatch(key -> key.startsWith("unread."));
        return figures;
    }

    private static long number(Properties figures, String key) {
        String value = figures.getProperty(key);
        assertThat(value).as("figure %s in %s", key, figures).isNotNull().matches("-?[0-9]+");
        return Long.parseLong(value);
    }
}
