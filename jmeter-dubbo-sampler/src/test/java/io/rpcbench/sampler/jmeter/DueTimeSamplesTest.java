package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.sampler.arrival.DueTime;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.SamplerParameters;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Samples measured from when their call was due ({@link DueTime}, set by a thread group that issues arrivals from a
 * schedule): JMeter's start and elapsed, {@value RpcJavaSampler#ELAPSED_MICROS_VARIABLE} and
 * {@value RpcJavaSampler#LAG_MICROS_VARIABLE} follow the due time; a sample without one is timed as before with an
 * empty lag; the due time is taken by the iteration's first sample only.
 */
class DueTimeSamplesTest {

    /**
     * How long ago the call was due: a lag the sample must show, and long enough that a call's own time (a few ms,
     * more when this busy machine deschedules the thread) is told apart from a time that includes the lag.
     */
    private static final long LATE_MS = 50;
    /** How long the stand-in call takes, at least. */
    private static final long CALL_MS = 2;

    @TempDir
    static Path home;

    private JMeterVariables variables;

    @BeforeAll
    static void jmeterProperties() throws Exception {
        JMeterTestHome.use(home);
    }

    @BeforeEach
    void sampleVariablesNameBoth() {
        JMeterUtils.setProperty(SampleEvent.SAMPLE_VARIABLES,
                RpcJavaSampler.ELAPSED_MICROS_VARIABLE + "," + RpcJavaSampler.LAG_MICROS_VARIABLE);
        variables = new JMeterVariables();
        JMeterContextService.getContext().setVariables(variables);
    }

    @AfterEach
    void cleanUp() {
        DueTime.clear();
        JMeterContextService.getContext().setVariables(null);
        JMeterUtils.getJMeterProperties().remove(SampleEvent.SAMPLE_VARIABLES);
    }

    @Test
    void aSampleWithADueTimeIsMeasuredFromIt() {
        DelayedSampler sampler = new DelayedSampler();
        sampler.setupTest(context(sampler, Map.of()));
        try {
            long dueNanos = System.nanoTime() - LATE_MS * 1_000_000;
            long dueMillis = System.currentTimeMillis() - LATE_MS;
            DueTime.set(dueNanos, dueMillis);

            SampleResult result = sampler.runTest(context(sampler, Map.of()));
            long afterNanos = System.nanoTime();

            assertThat(result.isSuccessful()).isTrue();
            long elapsedUs = micros(RpcJavaSampler.ELAPSED_MICROS_VARIABLE);
            long lagUs = micros(RpcJavaSampler.LAG_MICROS_VARIABLE);
            long ownUs = elapsedUs - lagUs;
            assertThat(lagUs).as("the schedule lag").isGreaterThanOrEqualTo(LATE_MS * 1000);
            assertThat(elapsedUs).as("from the due time").isGreaterThanOrEqualTo((LATE_MS + CALL_MS) * 1000)
                    .isLessThanOrEqualTo((afterNanos - dueNanos) / 1000);
            assertThat(ownUs).as("the call's own time, elapsed_us - lag_us")
                    .isGreaterThanOrEqualTo(sampler.lastCallNanos.get() / 1000)
                    .isLessThan(sampler.lastCallNanos.get() / 1000 + LATE_MS * 1000);

            assertThat(result.getStartTime()).as("JMeter's start: the due time").isEqualTo(dueMillis);
            assertThat(result.getTime()).as("JMeter's elapsed: end - due")
                    .isEqualTo(result.getEndTime() - dueMillis)
                    .isGreaterThanOrEqualTo(elapsedUs / 1000)
                    .isLessThanOrEqualTo((afterNanos - dueNanos) / 1_000_000);
            assertThat(result.getTimeStamp()).as("the time stamp, a start or an end as JMeter is set")
                    .isIn(result.getStartTime(), result.getEndTime());
            assertThat(result.getIdleTime()).isZero();
        } finally {
            sampler.closeClient();
        }
    }

    @Test
    void aSampleWithoutADueTimeIsTimedFromItsStartWithAnEmptyLag() {
        variables.put(RpcJavaSampler.LAG_MICROS_VARIABLE, "12345"); // left by an earlier sample of the thread
        DelayedSampler sampler = new DelayedSampler();
        sampler.setupTest(context(sampler, Map.of()));
        try {
            long before = System.currentTimeMillis();
            SampleResult result = sampler.runTest(context(sampler, Map.of()));

            assertThat(result.isSuccessful()).isTrue();
            assertThat(variables.get(RpcJavaSampler.LAG_MICROS_VARIABLE)).as("no lag without a due time").isEmpty();
            long elapsedUs = micros(RpcJavaSampler.ELAPSED_MICROS_VARIABLE);
            assertThat(elapsedUs).as("the call's own time").isGreaterThanOrEqualTo(sampler.lastCallNanos.get() / 1000)
                    .isLessThan(sampler.lastCallNanos.get() / 1000 + LATE_MS * 1000);
            // JMeter's own clock (nanoTime and an offset it refreshes) may stand a millisecond off the wall clock
            assertThat(result.getStartTime()).isGreaterThanOrEqualTo(before - 1);
            assertThat(result.getTime()).isEqualTo(result.getEndTime() - result.getStartTime());
        } finally {
            sampler.closeClient();
        }
    }

    @Test
    void theDueTimeIsTakenByTheIterationsFirstSampleOnly() {
        DelayedSampler first = new DelayedSampler();
        DelayedSampler second = new DelayedSampler();
        first.setupTest(context(first, Map.of()));
        second.setupTest(context(second, Map.of()));
        try {
            long dueMillis = System.currentTimeMillis() - LATE_MS;
            DueTime.set(System.nanoTime() - LATE_MS * 1_000_000, dueMillis);

            SampleResult firstResult = first.runTest(context(first, Map.of()));
            assertThat(micros(RpcJavaSampler.LAG_MICROS_VARIABLE)).isGreaterThanOrEqualTo(LATE_MS * 1000);
            assertThat(firstResult.getStartTime()).isEqualTo(dueMillis);

            SampleResult secondResult = second.runTest(context(second, Map.of()));
            assertThat(variables.get(RpcJavaSampler.LAG_MICROS_VARIABLE)).as("the second sample's lag").isEmpty();
            assertThat(micros(RpcJavaSampler.ELAPSED_MICROS_VARIABLE)).as("the second call's own time")
                    .isGreaterThanOrEqualTo(second.lastCallNanos.get() / 1000)
                    .isLessThan(second.lastCallNanos.get() / 1000 + LATE_MS * 1000);
            assertThat(secondResult.getTime()).as("timed from its own start").isLessThan(LATE_MS);
            assertThat(DueTime.take()).isNull();
        } finally {
            first.closeClient();
            second.closeClient();
        }
    }

    @Test
    void aSampleThatMadeNoCallIsTimedFromItsDueTime() {
        DelayedSampler sampler = new DelayedSampler();
        Map<String, String> bad = Map.of(DelayedSampler.BAD, "true");
        sampler.setupTest(context(sampler, bad));
        try {
            long dueNanos = System.nanoTime() - LATE_MS * 1_000_000;
            long dueMillis = System.currentTimeMillis() - LATE_MS;
            DueTime.set(dueNanos, dueMillis);

            SampleResult result = sampler.runTest(context(sampler, bad));

            assertThat(result.isSuccessful()).isFalse();
            assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
            long lagUs = micros(RpcJavaSampler.LAG_MICROS_VARIABLE);
            assertThat(lagUs).isGreaterThanOrEqualTo(LATE_MS * 1000);
            assertThat(micros(RpcJavaSampler.ELAPSED_MICROS_VARIABLE)).as("no call: all of it lag").isEqualTo(lagUs);
            assertThat(result.getStartTime()).isEqualTo(dueMillis);
            assertThat(result.getTime()).isGreaterThanOrEqualTo(LATE_MS);
        } finally {
            sampler.closeClient();
        }
    }

    @Test
    void aCallThatStartsBeforeItsDueTimeHasNoLag() {
        DelayedSampler sampler = new DelayedSampler();
        sampler.setupTest(context(sampler, Map.of()));
        try {
            DueTime.set(System.nanoTime() + 60_000_000_000L, System.currentTimeMillis() + 60_000);

            SampleResult result = sampler.runTest(context(sampler, Map.of()));

            assertThat(micros(RpcJavaSampler.LAG_MICROS_VARIABLE)).isZero();
            assertThat(micros(RpcJavaSampler.ELAPSED_MICROS_VARIABLE)).isGreaterThanOrEqualTo(CALL_MS * 1000);
            assertThat(result.getTime()).as("measured from the call's start").isBetween(CALL_MS, 60_000L - 1);
        } finally {
            sampler.closeClient();
        }
    }

    @Test
    void sampleVariablesNamingTheLagIsReadAsJMeterReadsIt() {
        assertThat(RpcJavaSampler.names("elapsed_us,lag_us", RpcJavaSampler.LAG_MICROS_VARIABLE)).isTrue();
        assertThat(RpcJavaSampler.names("elapsed_us", RpcJavaSampler.LAG_MICROS_VARIABLE)).isFalse();
        assertThat(RpcJavaSampler.names("elapsed_us, lag_us", RpcJavaSampler.LAG_MICROS_VARIABLE)).isFalse();
        assertThat(RpcJavaSampler.names("elapsed_us, lag_us", RpcJavaSampler.ELAPSED_MICROS_VARIABLE)).isTrue();
    }

    private long micros(String variable) {
        String value = variables.get(variable);
        assertThat(value).as(variable).isNotNull().isNotEmpty();
        return Long.parseLong(value);
    }

    private static JavaSamplerContext context(RpcJavaSampler<?> sampler, Map<String, String> parameters) {
        return SamplerRun.context(sampler, parameters);
    }

    /** A sampler whose call sleeps {@value #CALL_MS} ms and records how long it took; {@code bad=true} refuses. */
    public static final class DelayedSampler extends RpcJavaSampler<String> {

        static final String BAD = "bad";
        final AtomicLong lastCallNanos = new AtomicLong();

        @Override
        protected void addParameters(Arguments arguments) {
            arguments.addArgument(BAD, "false");
        }

        @Override
        protected String setup(SamplerParameters parameters) {
            if (parameters.text(BAD, "false").equals("true")) {
                throw new BadParameterException("bad: true refuses every sample");
            }
            return "delayed";
        }

        @Override
        protected RpcClient open(String setup) {
            return new AnsweringClient("test://delayed", () -> {
                long start = System.nanoTime();
                Thread.sleep(CALL_MS);
                lastCallNanos.set(System.nanoTime() - start);
                return "answer";
            }, () -> { });
        }

        @Override
        protected String target(String setup) {
            return "test://delayed";
        }

        @Override
        protected String summary(String setup) {
            return "delayed";
        }
    }
}
