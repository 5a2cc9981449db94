package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.process.AgentProcess;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.reports.jtl.perfmon.PerfMonReader;
import io.rpcbench.reports.jtl.perfmon.PerfMonSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acceptance 1 of the server-side issue: in a headless run of a shipped plan, the stock PerfMon Metrics Collector in
 * the laid-out JMeter home records CPU, memory, disk I/O and network from rpcbench's own agent, and the provider
 * process's CPU and memory, into the file beside the JTL.
 */
class ServerMetricsIT {

    private static final String HOST = "127.0.0.1";
    /** Enough one-second reads to see a series, short enough for every build. */
    private static final Map<String, String> RUN = Map.of("threads", "2", "rampup", "0", "duration", "6");

    @TempDir
    Path dir;

    @Test
    void stockCollectorRecordsEverySeriesFromOurAgent() throws Exception {
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, "thrift-echo-1k", dir.resolve("run")).dashboard(false);
        // A young generation of 4 MB: the provider collects within the run's seconds whatever else loads the machine
        // (with the JVM's default, sized from 24 GB, a run slowed by --full's other ITs saw no collection in 6 s).
        try (ProviderProcess provider = ProviderProcess.start(Plans.LAYOUT, List.of(), dir.resolve("provider.log"),
                    ServerMetricsIT::withSmallYoungGeneration);
                AgentProcess agent = AgentProcess.start(Plans.LAYOUT, dir.resolve("agent.log"))) {
            run.properties(provider.planProperties()).properties(agent.planProperties(provider.pid())).properties(RUN);
            run.run(Duration.ofMinutes(2));
        }

        assertThat(run.perfmon()).as("PerfMon results beside the JTL").exists().hasParent(run.jtl().getParent());
        List<PerfMonSample> samples = new ArrayList<>();
        PerfMonReader.read(run.perfmon(), samples::add);
        assertThat(samples).as("every read succeeded").allSatisfy(s -> assertThat(s.success())
                .as("%s %s", s.metric(), s.message()).isTrue());
        Map<String, List<Double>> series = samples.stream().collect(Collectors.groupingBy(
                s -> s.metric().host() + " " + s.metric().type() + " " + s.metric().name(), TreeMap::new,
                Collectors.mapping(PerfMonSample::value, Collectors.toList())));
        assertThat(series).containsOnlyKeys(
                HOST + " CPU combined", HOST + " CPU provider",
                HOST + " Memory usedperc", HOST + " Memory used:unit=mb", HOST + " Memory provider",
                HOST + " Disks I/O readbytes", HOST + " Disks I/O writebytes",
                HOST + " JMX provider-gc-time", HOST + " JMX provider-gc-count",
                HOST + " Network I/O bytesrecv", HOST + " Network I/O bytessent");
        series.forEach((metric, values) -> assertThat(values).as(metric)
                .hasSizeGreaterThanOrEqualTo(3).allSatisfy(v -> assertThat(v).isFinite().isNotNegative()));

        assertThat(series.get(HOST + " CPU combined")).as("host CPU %% under load").anySatisfy(v -> assertThat(v).isPositive());
        assertThat(series.get(HOST + " CPU provider")).as("provider CPU %% under load").anySatisfy(v -> assertThat(v).isPositive());
        assertThat(series.get(HOST + " Memory usedperc")).allSatisfy(v -> assertThat(v).isBetween(0.1, 100.0));
        assertThat(series.get(HOST + " Memory used:unit=mb")).allSatisfy(v -> assertThat(v).isPositive());
        // A JVM serving Thrift holds well over 10 MB resident.
        assertThat(series.get(HOST + " Memory provider")).allSatisfy(v -> assertThat(v).isGreaterThan(10.0));
        // The load itself is loopback traffic between JMeter and the provider.
        assertThat(series.get(HOST + " Network I/O bytesrecv")).anySatisfy(v -> assertThat(v).isPositive());
        assertThat(series.get(HOST + " Network I/O bytessent")).anySatisfy(v -> assertThat(v).isPositive());
        // The provider JVM's GC, read by pid from its own counters: a loaded provider collects within seconds.
        assertThat(series.get(HOST + " JMX provider-gc-count")).anySatisfy(v -> assertThat(v).isPositive());
        assertThat(series.get(HOST + " JMX provider-gc-time")).anySatisfy(v -> assertThat(v).isPositive());

        assertThat(Files.readAllLines(run.log())).as("JMeter log").noneMatch(line -> line.contains(" ERROR "));
    }

    /** The provider's command with a young generation of 4 MB, after the java executable. */
    private static List<String> withSmallYoungGeneration(List<String> command) {
        List<String> small = new ArrayList<>(command);
        small.add(1, "-Xmn4m");
        return small;
    }
}
