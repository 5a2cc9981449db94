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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An Arrivals Thread Group with a bad field is refused when a headless run starts, with a message naming the field
 * (as its panel labels it), what it was and what was expected, on JMeter's console and in {@code jmeter.log}, and the
 * whole test stops: the good group beside it ({@code elements/arrivals-bad-fields.jmx}: 20 arrivals a second for
 * 60 s) ends with it instead of running its minute. One bad schedule and one bad pool here, each a JMeter run; every
 * kind of bad field and its message is checked without JMeter in {@code ArrivalsSettingsTest}, on the same code.
 */
class ArrivalsBadFieldsIT {

    private static final String PLAN = "arrivals-bad-fields";

    @ParameterizedTest(name = "schedule ''{0}'', pool ''{1}''")
    @CsvSource(delimiter = '|', value = {
        "rate(-5/sec) random_arrivals(5 sec)|4|Schedule 'rate(-5/sec) random_arrivals(5 sec)' cannot be read",
        "rate(5/sec) random_arrivals(5 sec)|four|Threads in the pool is 'four'; expected a whole number from 1 to "
                + "100000"})
    void aBadFieldIsRefusedNamingItAndTheWholeTestStops(String schedule, String pool, String refusal, @TempDir Path dir)
            throws Exception {
        Plans.LAYOUT.requireBuilt();
        ProjectLayout checkout = Plans.checkoutWithPlan(dir.resolve("checkout"), PLAN + ".jmx", PLAN, Map.of());
        List<String> console = new CopyOnWriteArrayList<>();
        JMeterRun run = JMeterRun.of(checkout, PLAN, dir.resolve("run")).dashboard(false).output(console::add)
                .properties(Map.of("schedule", schedule, "pool", pool));
        long started = System.nanoTime();
        run.run(Duration.ofMinutes(2));
        long tookSeconds = (System.nanoTime() - started) / 1_000_000_000L;

        String message = "bad: " + refusal;
        assertThat(console).as("JMeter's console").anyMatch(line -> line.contains(message));
        String log = Files.readString(run.log());
        assertThat(log).as("jmeter.log").contains(message);
        assertThat(Plans.samples(run.jtl())).as("samples").allMatch(s -> s.label().equals("arrival of good"));
        assertThat(log).as("the good group's line: stopped with its schedule mostly not started")
                .containsPattern("good: [0-9,]+ arrivals started, [0-9,]+ not started \\(stopped\\)");
        assertThat(tookSeconds).as("JMeter's run, s: stopped, not the good group's 60 s schedule").isLessThan(40);
    }
}
