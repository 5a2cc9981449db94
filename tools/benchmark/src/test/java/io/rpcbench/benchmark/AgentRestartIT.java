package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.process.AgentProcess;
import io.rpcbench.benchmark.process.ProviderEndpoints;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.reports.dashboard.Dashboard;
import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.jtl.JtlSample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server agent killed mid-run and restarted on its port: the load goes on without a failed sample, the server
 * series of the dashboard have a gap for the time the agent was away, and the collector reads the agent again
 * once it is back.
 */
class AgentRestartIT {

    private static final String HOST = "127.0.0.1";
    /**
     * Long enough for reads before the kill, a gap of several one-second buckets, and reads after the restart; one
     * thread, as the load only has to go on.
     */
    private static final Map<String, String> RUN = Map.of(JMeterRun.THINK_TIME, TestVolume.THINK_TIME_MS, "threads", "1", "rampup", "0", "duration", "24",
            "jmeter.save.saveservice.autoflush", "true");
    private static final Duration AGENT_AWAY = Duration.ofSeconds(6);
    /** One round of reads is nine rows (ServerMetricsIT): the collector reads the agent once a round is written. */
    private static final int ROWS_OF_TWO_ROUNDS = 1 + 2 * 9;

    @TempDir
    Path dir;

    @Test
    void serverSeriesHaveAGapWhileTheAgentIsAwayAndTheLoadGoesOn() throws Exception {
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, "thrift-echo-1k", dir.resolve("run")).dashboard(false);
        long killedAt;
        long restartBeganAt;
        long restartedAt;
        String agentEndpoint;
        try (ProviderProcess provider = ProviderProcess.start(Plans.LAYOUT, List.of(), dir.resolve("provider.log"))) {
            AgentProcess agent = AgentProcess.start(Plans.LAYOUT, dir.resolve("agent.log"));
            try {
                agentEndpoint = agent.tcp();
                run.properties(provider.planProperties()).properties(agent.planProperties(provider.pid()))
                        .properties(RUN);
                CompletableFuture<Void> load = CompletableFuture.runAsync(() -> {
                    try {
                        run.run(Duration.ofMinutes(2));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
                awaitRows(run.perfmon(), ROWS_OF_TWO_ROUNDS, load, Duration.ofSeconds(90));

                ProcessHandle.of(agent.pid()).ifPresent(ProcessHandle::destroyForcibly);
                agent.stop(); // reaps the killed process
                killedAt = System.currentTimeMillis();
                // The fault itself lasts this long; nothing is awaited here.
                Thread.sleep(AGENT_AWAY.toMillis());
                restartBeganAt = System.currentTimeMillis();
                agent = AgentProcess.start(Plans.LAYOUT, dir.resolve("agent-restarted.log"),
                        ProviderEndpoints.port(agentEndpoint));
                restartedAt = System.currentTimeMillis();

                load.get(2, TimeUnit.MINUTES);
            } finally {
                agent.stop();
            }
        }

        List<JtlSample> samples = Plans.samples(run.jtl());
        assertThat(samples).as("the load run").isNotEmpty()
                .allSatisfy(s -> assertThat(s.success()).as(s.responseMessage()).isTrue());

        DashboardData.RunData data = Dashboard.builder()
                .addRun("thrift-echo-1k", run.jtl(), Optional.of(run.perfmon()), Optional.empty())
                .read(dir).runs().get(0);
        long bucket = data.bucketMs();
        assertThat(bucket).as("bucket width of a 24 s run").isEqualTo(1000L);
        List<Long> t = data.client().t();
        List<Long> awayBuckets = t.stream().filter(start -> start >= killedAt && start + bucket <= restartBeganAt)
                .toList();
        assertThat(awayBuckets).as("client buckets while the agent was away").hasSizeGreaterThanOrEqualTo(2);
        for (int i = 0; i < t.size(); i++) {
            if (awayBuckets.contains(t.get(i))) {
                assertThat(data.client().tps().get(i)).as("TPS at %d", t.get(i)).isPositive();
            }
        }

        DashboardData.HostCharts host = data.hosts().stream().filter(h -> h.host().equals(HOST)).findFirst()
                .orElseThrow();
        List<DashboardData.ServerSeries> series = host.charts().stream().flatMap(c -> c.series().stream()).toList();
        // CPU, memory, disk and network of the host, the provider's CPU and RSS, and its GC time and count.
        assertThat(series).hasSize(11).allSatisfy(s -> {
            assertThat(s.t()).as("%s read before the kill", s.name()).anySatisfy(start ->
                    assertThat(start).isLessThan(killedAt));
            assertThat(s.t()).as("%s: no value while the agent was away", s.name()).noneSatisfy(start ->
                    assertThat(start).isBetween(killedAt, restartBeganAt - bucket));
            assertThat(s.t()).as("%s read again after the restart", s.name()).anySatisfy(start ->
                    assertThat(start).isGreaterThanOrEqualTo(restartedAt));
            assertThat(s.failedReads()).as("%s failed reads while away", s.name()).isPositive();
        });

        String log = Files.readString(run.log());
        assertThat(log).contains("PerfMon agent " + agentEndpoint + " lost")
                .contains("PerfMon agent " + agentEndpoint + " is back");
    }

    /** Waits until the PerfMon file holds {@code rows} lines, i.e. the collector reads the agent. */
    private static void awaitRows(Path perfmon, int rows, CompletableFuture<Void> load, Duration deadline)
            throws Exception {
        long end = System.nanoTime() + deadline.toNanos();
        while (System.nanoTime() < end) {
            if (load.isDone()) {
                load.get(); // throws what ended the run early
                throw new IllegalStateException("the run ended before the collector wrote " + rows + " rows");
            }
            if (Files.exists(perfmon) && Files.readAllLines(perfmon).size() >= rows) {
                return;
            }
            Thread.sleep(100); // polling a file that another process writes
        }
        throw new IllegalStateException(perfmon + " has fewer than " + rows + " rows after " + deadline);
    }
}
