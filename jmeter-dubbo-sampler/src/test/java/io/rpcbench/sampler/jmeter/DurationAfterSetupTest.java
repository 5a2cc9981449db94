package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.SamplerParameters;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@value DurationAfterSetup#PROPERTY}: a thread group scheduled for {@value #DURATION_S} s, in JMeter's own engine, of
 * a sampler whose set-up takes {@value #SETUP_MS} ms (longer than the whole duration, as a Dubbo consumer's on a busy
 * machine). With the property the thread calls for the whole duration after its set-up; without it, JMeter's end
 * (fixed at the thread's start) has passed once the set-up is done, so the thread makes its one sample and stops.
 */
class DurationAfterSetupTest {

    private static final int DURATION_S = 1;
    private static final long SETUP_MS = 1_500;
    private static final long CALL_MS = 5;
    /** JMeter's thread's work from its scheduled start to its first sample's set-up, which the duration still counts. */
    private static final long JMETER_THREAD_START_MS = 150;

    @TempDir
    static Path home;

    @BeforeAll
    static void jmeterProperties() throws Exception {
        JMeterTestHome.use(home);
    }

    @AfterEach
    void propertyOff() {
        JMeterUtils.getJMeterProperties().remove(DurationAfterSetup.PROPERTY);
    }

    @Test
    @Timeout(60)
    void withThePropertyTheThreadCallsForItsWholeDurationAfterItsSetup() {
        JMeterUtils.setProperty(DurationAfterSetup.PROPERTY, "true");

        List<SampleResult> samples = run();

        long first = samples.get(0).getStartTime();
        long last = samples.get(samples.size() - 1).getEndTime();
        // The thread's own start before its first sample still counts (tens of ms), and JMeter ends the thread at its
        // first check past the end, within a call of it.
        assertThat(last - first).as("calls after the set-up, of %d samples", samples.size())
                .isGreaterThanOrEqualTo(DURATION_S * 1000L - JMETER_THREAD_START_MS)
                .isLessThan(DURATION_S * 1000L + SETUP_MS / 2);
        assertThat(samples).allMatch(SampleResult::isSuccessful);
    }

    @Test
    @Timeout(60)
    void withoutItTheSetupEatsTheDurationAsInPlainJMeter() {
        List<SampleResult> samples = run();

        assertThat(samples).as("samples after a set-up longer than the duration").hasSize(1);
    }

    private static List<SampleResult> run() {
        ThreadGroup group = LoadThreadGroup.of(1, -1);
        group.setScheduler(true);
        group.setDuration(DURATION_S);
        CollectedSamples collected = new CollectedSamples();
        StandardJMeterEngine engine = new StandardJMeterEngine();
        engine.configure(EnginePlans.of("duration after set-up", group, collected,
                List.of(EnginePlans.javaRequest("slow set-up", new SlowSetupSampler(), Map.of()))));
        engine.run(); // in this thread: returns once the thread ended
        List<SampleResult> samples = collected.results();
        samples.sort(Comparator.comparingLong(SampleResult::getStartTime));
        assertThat(samples).isNotEmpty();
        return samples;
    }

    /** A sampler whose client takes {@value #SETUP_MS} ms to open and {@value #CALL_MS} ms a call. */
    public static final class SlowSetupSampler extends RpcJavaSampler<String> {

        @Override
        protected void addParameters(Arguments arguments) {}

        @Override
        protected String setup(SamplerParameters parameters) {
            return "slow";
        }

        @Override
        protected RpcClient open(String setup) {
            pause(SETUP_MS); // the set-up's cost, as a registry look-up would take it
            return new AnsweringClient("test://slow", () -> {
                pause(CALL_MS);
                return "answer";
            }, () -> { });
        }

        @Override
        protected String target(String setup) {
            return "test://slow";
        }

        @Override
        protected String summary(String setup) {
            return "slow call";
        }

        private static void pause(long ms) {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
