package io.rpcbench.reports.dashboard;

import static io.rpcbench.reports.dashboard.DistributedRunFixture.ENGINE_1;
import static io.rpcbench.reports.dashboard.DistributedRunFixture.ENGINE_2;
import static io.rpcbench.reports.dashboard.DistributedRunFixture.PLAN;
import static io.rpcbench.reports.dashboard.DistributedRunFixture.PROVIDER_HOST_1;
import static io.rpcbench.reports.dashboard.DistributedRunFixture.PROVIDER_HOST_2;
import static io.rpcbench.reports.dashboard.DistributedRunFixture.WINDOW_END;
import static io.rpcbench.reports.dashboard.DistributedRunFixture.WINDOW_START;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcbench.reports.dashboard.DistributedRunFixture.Sample;
import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.jtl.JtlReaderTest;
import io.rpcbench.reports.statistics.LabelStatistics;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run of JMeter's distributed mode ({@link DistributedRunFixture}: two engines, two provider hosts): the figures
 * per load generator in the printed summary and the dashboard, the server figures per provider host, the calls per
 * provider, each checked against values computed here from the fixture's samples and readings.
 */
class DistributedRunTest {

    @TempDir
    Path dir;

    private RunInput input;

    @BeforeEach
    void writeTheRun() {
        input = DistributedRunFixture.run(dir);
    }

    /** The samples of {@code engine} that started in the measured window. */
    private static List<Sample> inWindow(String engine) {
        return DistributedRunFixture.samples().stream().filter(s -> s.engine().equals(engine))
                .filter(s -> s.start() >= WINDOW_START && s.start() < WINDOW_END).toList();
    }

    @Test
    void thePrintedSummaryHasEachEnginesFiguresOverTheMeasuredWindow() {
        RunSummary summary = RunSummary.of(input.jtl(), DistributedRunFixture.WARMUP,
                Optional.of(DistributedRunFixture.MEASURED));
        // The run's last sample ends at T0 + 9.951 s: 6 s back from its last whole second (T0 + 9 s) would start after
        // the warm-up, so the window starts right after it, on T0 + 2 s, and lasts 6 s.
        assertThat(summary.windowStartMs()).isEqualTo(WINDOW_START);
        assertThat(summary.windowEndMs()).isEqualTo(WINDOW_END);

        LabelStatistics plan = summary.label(PLAN);
        assertThat(plan.generators().keySet()).containsExactly(ENGINE_1, ENGINE_2);
        for (String engine : List.of(ENGINE_1, ENGINE_2)) {
            List<Sample> samples = inWindow(engine);
            LabelStatistics figures = plan.generators().get(engine);
            long[] us = samples.stream().mapToLong(Sample::us).sorted().toArray();

            assertThat(figures.samples()).as(engine).isEqualTo(samples.size());
            assertThat(figures.throughput()).as(engine).isCloseTo(samples.size() / 6.0, within(1e-9));
            assertThat(figures.meanMs()).as(engine).isCloseTo(
                    samples.stream().mapToLong(Sample::us).sum() / 1000.0 / samples.size(), within(1e-9));
            assertThat(figures.minMs()).isEqualTo(us[0] / 1000.0);
            assertThat(figures.maxMs()).isEqualTo(us[us.length - 1] / 1000.0);
            for (double p : new double[] {50, 90, 95, 99, 99.9}) {
                double exact = DashboardDataGoldenTest.nearestRank(us, p) / 1000.0;
                assertThat(figures.percentileMs(p)).as("%s p%s", engine, p).isCloseTo(exact, within(exact * 0.001));
            }
            assertThat(figures.errorPercent()).as(engine).isCloseTo(
                    100.0 * samples.stream().filter(s -> !s.success()).count() / samples.size(), within(1e-9));
            assertThat(figures.resolution()).isEqualTo(LabelStatistics.MICROSECONDS);
        }
        // 20/s and 16/s over 6 s; the second engine's errors and 45 ms call are its own.
        assertThat(plan.generators().get(ENGINE_1).samples()).isEqualTo(120);
        assertThat(plan.generators().get(ENGINE_2).samples()).isEqualTo(96);
        assertThat(plan.generators().get(ENGINE_1).errors()).isZero();
        assertThat(plan.generators().get(ENGINE_2).maxMs()).isEqualTo(45.0);
        assertThat(plan.samples()).isEqualTo(120 + 96);
    }

    @Test
    void theDashboardHasEachEnginesFiguresHostCpuAndSeries() {
        DashboardData.RunData run = Dashboard.builder().addRun(input).read(dir).runs().get(0);

        assertThat(run.generators()).extracting(DashboardData.GeneratorFigures::generator)
                .containsExactly(ENGINE_1, ENGINE_2);
        for (DashboardData.GeneratorFigures generator : run.generators()) {
            List<Sample> samples = inWindow(generator.generator());
            assertThat(generator.figures().label()).isEqualTo(generator.generator());
            assertThat(generator.figures().samples()).isEqualTo(samples.size());
            assertThat(generator.figures().tps()).isCloseTo(samples.size() / 6.0, within(0.0005));
            assertThat(generator.figures().averageMs()).isCloseTo(
                    samples.stream().mapToLong(Sample::us).average().orElseThrow() / 1000, within(0.0005));
            // Its agent's CPU: the mean of the readings taken in the window.
            assertThat(generator.hostCpuPercent()).isCloseTo(DistributedRunFixture.windowSeconds().stream()
                    .mapToDouble(s -> DistributedRunFixture.reading(generator.generator(), "CPU combined", s))
                    .average().orElseThrow(), within(0.005));

            // Over the whole run, per second: the engine's samples that started in it, and their mean.
            Map<Long, long[]> perSecond = new TreeMap<>();
            DistributedRunFixture.samples().stream().filter(s -> s.engine().equals(generator.generator()))
                    .forEach(s -> {
                        long[] countAndUs = perSecond.computeIfAbsent(s.start() / 1000 * 1000, t -> new long[2]);
                        countAndUs[0]++;
                        countAndUs[1] += s.us();
                    });
            assertThat(run.bucketMs()).isEqualTo(1000);
            assertThat(generator.series().t()).containsExactlyElementsOf(perSecond.keySet());
            assertThat(generator.series().tps()).containsExactlyElementsOf(
                    perSecond.values().stream().map(c -> (double) c[0]).toList());
            List<Double> means = perSecond.values().stream().map(c -> c[1] / 1000.0 / c[0]).toList();
            for (int i = 0; i < means.size(); i++) {
                assertThat(generator.series().averageMs().get(i)).isCloseTo(means.get(i), within(0.0005));
            }
        }
        assertThat(run.generators().stream().mapToLong(g -> g.figures().samples()).sum())
                .isEqualTo(run.total().samples());
    }

    @Test
    void eachProviderHostHasItsOwnServerFiguresAndNoneAreMixed() {
        DashboardData.RunData run = Dashboard.builder().addRun(input).read(dir).runs().get(0);

        assertThat(run.servers()).extracting(DashboardData.ServerFigures::providerHost)
                .containsExactly(PROVIDER_HOST_1, PROVIDER_HOST_2);
        for (DashboardData.ServerFigures host : run.servers()) {
            String name = host.providerHost();
            assertThat(host.hostCpuPercent()).as(name).isCloseTo(windowMean(name, "CPU combined"), within(0.005));
            assertThat(host.hostMemoryPercent()).as(name).isCloseTo(windowMean(name, "Memory usedperc"), within(0.005));
            assertThat(host.providerCpuPercent()).as(name).isCloseTo(windowMean(name, "CPU provider"), within(0.005));
            assertThat(host.providerRssMb()).as(name).isCloseTo(windowMean(name, "Memory provider"), within(0.005));
            // Byte counts since the previous reading, one reading a second: their mean is the rate per second.
            assertThat(host.networkInBytesPerSecond()).as(name)
                    .isCloseTo(windowMean(name, "Network I/O bytesrecv"), within(0.05));
        }
        assertThat(run.servers().get(0).hostCpuPercent()).isNotEqualTo(run.servers().get(1).hostCpuPercent());
        // The run's one provider figure would mix two machines: none, and a note saying where they are.
        assertThat(run.server().providerHost()).isNull();
        assertThat(run.server().hostCpuPercent()).isNull();
        assertThat(run.server().notes()).containsExactly("several provider hosts [198.18.0.31, 198.18.0.32]: their "
                + "figures are given per host, as one figure would mix machines");
    }

    @Test
    void theComparisonHasTheProvidersColumnsPerHostNamed() {
        DashboardData data = Dashboard.builder().addRun(input).read(dir);
        DashboardData.ComparisonTable table = data.comparison().get(0);
        DashboardData.RunData run = data.runs().get(0);

        assertThat(table.columns()).doesNotContain("provider host CPU %").contains(
                "198.18.0.31: provider host CPU %", "198.18.0.31: provider host memory %",
                "198.18.0.31: provider CPU (% of a core)", "198.18.0.31: provider RSS MB", "198.18.0.31: network in B/s",
                "198.18.0.32: provider host CPU %", "198.18.0.32: provider RSS MB", "198.18.0.32: network in B/s");
        List<Double> values = table.rows().get(0).values();
        assertThat(values.get(table.columns().indexOf("198.18.0.31: provider host CPU %")))
                .isEqualTo(run.servers().get(0).hostCpuPercent());
        assertThat(values.get(table.columns().indexOf("198.18.0.32: provider host CPU %")))
                .isEqualTo(run.servers().get(1).hostCpuPercent());
        assertThat(values.get(table.columns().indexOf("198.18.0.32: provider CPU (% of a core)")))
                .isCloseTo(windowMean(PROVIDER_HOST_2, "CPU provider"), within(0.005));
    }

    @Test
    void callsPerProviderNameEachProviderByItsAddress() {
        DashboardData.RunData run = Dashboard.builder().addRun(input).read(dir).runs().get(0);
        Map<String, Long> expected = new TreeMap<>();
        List<Sample> window = DistributedRunFixture.samples().stream()
                .filter(s -> s.start() >= WINDOW_START && s.start() < WINDOW_END).toList();
        window.forEach(s -> expected.merge(s.provider(), 1L, Long::sum));

        assertThat(run.providers()).extracting(DashboardData.ProviderShare::provider)
                .containsExactly("dubbo://198.18.0.31:20880", "dubbo://198.18.0.32:20880");
        assertThat(run.providers()).extracting(DashboardData.ProviderShare::samples)
                .containsExactlyElementsOf(expected.values());
        assertThat(run.providers().get(0).percentOfLabel())
                .isCloseTo(100.0 * expected.get("dubbo://198.18.0.31:20880") / window.size(), within(0.005));
    }

    @Test
    void aLocalRunHasNoGenerators() throws Exception {
        DashboardData data = DashboardFixtures.dashboard().read(DashboardFixtures.folder());

        assertThat(data.runs()).allSatisfy(run -> assertThat(run.generators()).isEmpty());
        assertThat(RunSummary.of(JtlReaderTest.resource("small.jtl")).labels())
                .allSatisfy(label -> assertThat(label.generators()).isEmpty());
    }

    private static double windowMean(String host, String series) {
        return DistributedRunFixture.windowSeconds().stream()
                .mapToDouble(s -> DistributedRunFixture.reading(host, series, s)).average().orElseThrow();
    }
}
