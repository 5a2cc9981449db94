package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.process.Dubbo27ProviderProcess;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.reports.jtl.JtlReader;
import io.rpcbench.reports.jtl.JtlSample;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What the integration tests share: the checkout under test, short headless runs of its plans, and the stop of the
 * providers they call.
 */
public final class Plans {

    public static final ProjectLayout LAYOUT = new ProjectLayout(Path.of(
            System.getProperty("rpcbench.project.dir", "../..")).toAbsolutePath().normalize());

    /** A few seconds with two threads: enough samples to check, short enough for every build. */
    static final Map<String, String> SHORT_RUN = Map.of("threads", "2", "rampup", "0", "duration", "3",
            JMeterRun.THINK_TIME, TestVolume.THINK_TIME_MS);

    private Plans() {}

    /**
     * Stops the Dubbo 2.7 provider, then the provider app, that a test class started for its plans (either null when
     * its start failed), each by its PID, the provider app also when the first stop fails; asserts that each exited 0
     * after SIGTERM.
     */
    static void stopProviders(Dubbo27ProviderProcess dubbo27, ProviderProcess provider) {
        try {
            if (dubbo27 != null) {
                assertThat(dubbo27.stop()).as("Dubbo 2.7 provider exit code after SIGTERM").isZero();
            }
        } finally {
            if (provider != null) {
                assertThat(provider.stop()).as("provider exit code after SIGTERM").isZero();
            }
        }
    }

    static List<JtlSample> samples(Path jtl) {
        List<JtlSample> samples = new ArrayList<>();
        JtlReader.read(jtl, samples::add);
        return samples;
    }

    /**
     * Samples per JMeter thread, by the JTL's {@code threadName} column. Read by splitting at commas: enough for the
     * successful samples of the shipped plans, whose labels and messages hold none.
     */
    static Map<String, Long> callsPerThread(Path jtl) throws IOException {
        Map<String, Long> calls = new TreeMap<>();
        timeStampsPerThread(jtl).forEach((thread, stamps) -> calls.put(thread, (long) stamps.size()));
        return calls;
    }

    /** Each JMeter thread's samples' {@code timeStamp}s in the order the JTL has them (read as {@link #callsPerThread}). */
    static Map<String, List<Long>> timeStampsPerThread(Path jtl) throws IOException {
        List<String> lines = Files.readAllLines(jtl);
        List<String> header = List.of(lines.get(0).split(","));
        int thread = header.indexOf("threadName");
        int timeStamp = header.indexOf("timeStamp");
        if (thread < 0 || timeStamp < 0) {
            throw new IllegalStateException(jtl + " has no threadName or timeStamp column: " + lines.get(0));
        }
        return lines.stream().skip(1).map(line -> line.split(",")).collect(Collectors.groupingBy(
                fields -> fields[thread], TreeMap::new,
                Collectors.mapping(fields -> Long.parseLong(fields[timeStamp]), Collectors.toList())));
    }

    /**
     * A checkout of its own under {@code root}: its {@code test-plans/PLAN.jmx} is the test resource
     * {@code elements/RESOURCE} with each key of {@code replacements} (e.g. {@code @ZOOKEEPER_PORT@}) replaced by its
     * value, and its JMeter home is this checkout's.
     */
    static ProjectLayout checkoutWithPlan(Path root, String resource, String plan, Map<String, String> replacements)
            throws IOException {
        Path plans = Files.createDirectories(root.resolve("test-plans"));
        try (InputStream in = Plans.class.getResourceAsStream("elements/" + resource)) {
            assertThat(in).as("the plan %s in the test's resources", resource).isNotNull();
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            for (Map.Entry<String, String> replacement : replacements.entrySet()) {
                text = text.replace(replacement.getKey(), replacement.getValue());
            }
            Files.writeString(plans.resolve(plan + ".jmx"), text);
        }
        Files.createSymbolicLink(root.resolve("jmeter"), LAYOUT.projectDir().resolve("jmeter"));
        return new ProjectLayout(root);
    }
}
