package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.process.ProjectLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An Arrivals Thread Group with a bad field is refused when a headless run starts, with a message naming the field
 * (as its panel labels it), what it was and what was expected, on JMeter's console and in {@code jmeter.log}; it
 * makes no sample. The plan ({@code elements/arrivals-bad-fields.jmx}) has one group per bad field, each around a
 * Debug Sampler, so one JMeter run shows every refusal: JMeter reports each group that fails to start and goes on to
 * the next.
 */
class ArrivalsBadFieldsIT {

    private static final String PLAN = "arrivals-bad-fields";

    /** Each group of the plan, by name, and how its refusal begins after "NAME: ". */
    private static final Map<String, String> REFUSALS = Map.of(
            "zero rate", "Schedule 'rate(0/sec) random_arrivals(5 sec)' has no arrivals",
            "negative rate", "Schedule 'rate(-5/sec) random_arrivals(5 sec)' cannot be read",
            "unreadable schedule", "Schedule 'rate(fast) random_arrivals(5 sec)' cannot be read",
            "zero duration", "Schedule 'rate(5/sec) random_arrivals(0 sec)' has no arrivals",
            "empty schedule", "Schedule is empty; expected a schedule such as",
            "pool of 0", "Threads in the pool is '0'; expected a whole number from 1 to 100000",
            "pool not a number", "Threads in the pool is 'four'; expected a whole number from 1 to 100000");

    @Test
    void everyBadFieldIsRefusedHeadlessNamingTheFieldAndNoSampleIsMade(@TempDir Path dir) throws Exception {
        Plans.LAYOUT.requireBuilt();
        ProjectLayout checkout = Plans.checkoutWithPlan(dir.resolve("checkout"), PLAN + ".jmx", PLAN, Map.of());
        List<String> console = new CopyOnWriteArrayList<>();
        JMeterRun run = JMeterRun.of(checkout, PLAN, dir.resolve("run")).dashboard(false).output(console::add);
        run.run(Duration.ofMinutes(2));

        assertThat(Plans.samples(run.jtl())).as("samples of groups refused").isEmpty();
        String log = Files.readString(run.log());
        REFUSALS.forEach((group, refusal) -> {
            String message = group + ": " + refusal;
            assertThat(console).as("JMeter's console").anyMatch(line -> line.contains(message));
            assertThat(log).as("jmeter.log").contains(message);
        });
        assertThat(log).as("jmeter.log").doesNotContain("arrivals expected over");
    }
}
