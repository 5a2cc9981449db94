package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.process.AgentProcess;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.reports.jtl.perfmon.PerfMonReader;
import io.rpcbench.reports.jtl.perfmon.PerfMonSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plan saved before the PerfMon collector moved to {@code io.rpcbench.sampler.perfmon} (docs/upgrading.md) still
 * loads and records in the laid-out JMeter home: its {@code bin/upgrade.properties} maps the old class name to the
 * new one when JMeter reads the plan.
 */
class MovedClassPlanIT {

    private static final String OLD_NAME = "io.rpcbench.sampler.jmeter.AgentListPerfMonCollector";
    private static final String NEW_NAME = "io.rpcbench.sampler.perfmon.AgentListPerfMonCollector";
    private static final String PLAN = "thrift-echo-1k";
    private static final Map<String, String> RUN = Map.of(JMeterRun.THINK_TIME, TestVolume.THINK_TIME_MS, "threads", "2", "rampup", "0", "duration", "4");

    @TempDir
    Path dir;

    @Test
    void planNamingTheCollectorsOldClassRecordsServerMetrics() throws Exception {
        ProjectLayout savedBefore = checkoutWithPlanSavedBefore();
        JMeterRun run = JMeterRun.of(savedBefore, PLAN, dir.resolve("run")).dashboard(false);
        try (ProviderProcess provider = ProviderProcess.start(Plans.LAYOUT, List.of(), dir.resolve("provider.log"));
                AgentProcess agent = AgentProcess.start(Plans.LAYOUT, dir.resolve("agent.log"))) {
            run.properties(provider.planProperties()).properties(agent.planProperties(provider.pid())).properties(RUN);
            run.run(Duration.ofMinutes(2));
        }

        List<PerfMonSample> samples = new ArrayList<>();
        PerfMonReader.read(run.perfmon(), samples::add);
        assertThat(samples).as("the collector of the old name ran and read the agent").isNotEmpty()
                .allSatisfy(s -> assertThat(s.success()).as("%s %s", s.metric(), s.message()).isTrue());
        assertThat(Plans.samples(run.jtl())).as("the samplers ran too").isNotEmpty();
        assertThat(Files.readAllLines(run.log())).as("JMeter log").noneMatch(line -> line.contains(" ERROR "));
    }

    /**
     * A checkout whose test-plans/ holds the shipped plan with the collector's old class name, and whose built pieces
     * (the JMeter home among them) are this checkout's own.
     */
    private ProjectLayout checkoutWithPlanSavedBefore() throws Exception {
        Path checkout = dir.resolve("checkout");
        String shipped = Files.readString(Plans.LAYOUT.plan(PLAN));
        assertThat(shipped).as("the shipped plan names the collector's class").contains(NEW_NAME);
        Files.createDirectories(checkout.resolve("test-plans"));
        Files.writeString(checkout.resolve("test-plans").resolve(PLAN + ".jmx"), shipped.replace(NEW_NAME, OLD_NAME));
        for (String module : List.of("jmeter", "provider-app", "server-agent")) {
            Files.createSymbolicLink(checkout.resolve(module), Plans.LAYOUT.projectDir().resolve(module));
        }
        return new ProjectLayout(checkout);
    }
}
