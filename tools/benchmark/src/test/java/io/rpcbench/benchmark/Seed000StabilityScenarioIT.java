package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.soak.SoakObserver;
import io.rpcbench.reports.jtl.JtlSample;
import java.nio.file.Files;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Seed 000's stability test shortened through {@code --scenario}: its cell filled (three labels, the mean of their
 * payloads), the provider and JMeter sampled every 2 s while the plan ran (a twentieth of the window is under the
 * 2 s floor), and the soak lines printed with the seed's words beside them. 20 s measured, not the usual 6: each
 * thread opens three Dubbo clients first, and at a load average of 19 that took a 9 s thread group twice (one
 * sample per thread, before the window), with the provider's jcmd and jstat every 2 s beside it. The plan's one thread
 * group calls the three echoes in turn: their counts differ by at most one per thread, each answer its own size.
 */
class Seed000StabilityScenarioIT {

    private static final int MEASURED_SECONDS = 20;

    @Test
    void theCellIsFilledAndTheProviderAndJMeterAreSampledWhileThePlanRuns() throws Exception {
        ScenarioShortRun.Result run = ScenarioShortRun.run("seed-000-stability", MEASURED_SECONDS);

        ScenarioShortRun.assertEveryCellFilled(run);
        CellResult cell = run.cells().get(0);
        assertThat(cell.summary().orElseThrow().labels()).extracting(l -> l.label())
                .containsExactlyInAnyOrder("string-5k", "person", "map-3-persons");
        List<JtlSample> samples = ScenarioShortRun.samples(cell);
        Map<String, Long> counts = samples.stream().collect(Collectors.groupingBy(JtlSample::label,
                Collectors.counting()));
        assertThat(counts).containsOnlyKeys("string-5k", "person", "map-3-persons");
        assertThat(Collections.max(counts.values()) - Collections.min(counts.values())).as("calls of each label %s",
                counts).isLessThanOrEqualTo(ScenarioShortRun.THREADS);
        assertThat(samples).filteredOn(s -> s.label().equals("string-5k"))
                .allSatisfy(s -> assertThat(s.bytes()).isBetween(5120L, 5120L + 512));
        // A person of about 1 KiB, and three of them: the map's answer is the larger.
        long person = samples.stream().filter(s -> s.label().equals("person")).mapToLong(JtlSample::bytes).max()
                .orElseThrow();
        long map = samples.stream().filter(s -> s.label().equals("map-3-persons")).mapToLong(JtlSample::bytes).min()
                .orElseThrow();
        assertThat(person).isBetween(900L, 2048L);
        assertThat(map).isGreaterThan(2 * person);
        List<String> providerSoak = Files.readAllLines(cell.folder().resolve(SoakObserver.PROVIDER_CSV));
        assertThat(providerSoak).as("provider soak samples, one every 2 s").hasSizeGreaterThan(2);
        assertThat(providerSoak.get(1)).matches("0,[0-9]+,[0-9]+,[0-9]+,[0-9]+,[0-9]+,[0-9]+");
        assertThat(Files.readAllLines(cell.folder().resolve(SoakObserver.JMETER_CSV))).hasSizeGreaterThan(2)
                .element(1).asString().matches("0,,,,[0-9]+,[0-9]+,[0-9]+");
        assertThat(run.output())
                .containsPattern("(?m)^String 5k, Person, Map of 3 Persons +string-5k TPS +[0-9.]+ +-$")
                .containsPattern("(?m)^ +provider old gen growth MB +-?[0-9.]+ +< 200 in 50 h$")
                .containsPattern("(?m)^ +provider threads \\(first / last / max\\) +[0-9]+ / [0-9]+ / [0-9]+ +steady$")
                .containsPattern("(?m)^ +provider soak verdict +(PASS|FAIL: .*) +passed$")
                .containsPattern("(?m)^ +JMeter soak samples +[0-9]+ +-$")
                .contains("every 2 s (");
    }
}
