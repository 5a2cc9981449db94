package io.rpcbench.perf.jmh;

import io.rpcbench.benchmark.live.LiveRun;
import io.rpcbench.sampler.live.LiveFigures;
import io.rpcbench.seconds.LiveMessage;
import io.rpcbench.seconds.LiveShipper;
import io.rpcbench.seconds.SampleFigures;
import io.rpcbench.seconds.SampleTimes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JMeterUtils;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A JMH benchmark of what the live figures cost, per sample:
 * <ul>
 * <li>{@link #listenerOneThread}, {@link #listenerFourThreads}: the Live Figures listener's
 * {@code sampleOccurred} on JMeter's sampling thread (its sample variables read, the sample recorded into its stripe's
 * per-second histogram), one and four sampling threads at once;</li>
 * <li>{@link #shipTenThousand}: one second of 10,000 samples recorded and shipped (the figures encoded as JSON with
 * compressed histograms, appended to a file): the shipper's thread's share, divided by 10,000 in the table;</li>
 * <li>{@link #liveViewOfTenMinutes}: the live server's page data for a plan of 600 seconds (the page asks once a
 * second), on the machine that runs {@code ./run-benchmark}.</li>
 * </ul>
 * Run by {@code ./run-performance live-figures} ({@link LiveFiguresBenchmark}) on the laid-out JMeter's jars.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class LiveFiguresCost {

    /** The listener, with a shipper sending to a file once a second, shared by the sampling threads. */
    @State(Scope.Benchmark)
    public static class Listener {
        LiveFigures listener;
        Path dir;

        @Setup(Level.Trial)
        public void start() throws Exception {
            dir = Files.createTempDirectory("rpcbench-live-cost");
            Path properties = dir.resolve("jmeter.properties");
            Files.writeString(properties, "sample_variables=" + SampleTimes.ELAPSED_US + "," + SampleTimes.LAG_US
                    + "\n");
            JMeterUtils.loadJMeterProperties(properties.toString());
            SampleEvent.initSampleVariables();
            listener = new LiveFigures();
            listener.setName("Live Figures");
            listener.setAddress(dir.toUri() + "live/");
            Files.createDirectories(dir.resolve("live"));
            listener.testStarted();
        }

        @TearDown(Level.Trial)
        public void stop() {
            listener.testEnded();
        }
    }

    /** A sampling thread's sample: its own result and variables, its time stamps moving on. */
    @State(Scope.Thread)
    public static class Sample {
        SampleEvent event;
        SampleResult result;
        long next = System.currentTimeMillis();

        /** After the listener's set-up, which names the sample variables JMeter's events then carry. */
        @Setup(Level.Trial)
        public void make(Listener listener) {
            JMeterVariables variables = new JMeterVariables();
            variables.put(SampleTimes.ELAPSED_US, "734");
            variables.put(SampleTimes.LAG_US, "");
            JMeterContextService.getContext().setVariables(variables);
            result = new SampleResult(System.currentTimeMillis(), 0);
            result.setSampleLabel("thrift-echo-1k");
            result.setSuccessful(true);
            result.setResponseCode("200");
            event = new SampleEvent(result, "Thread Group", variables);
        }
    }

    @Benchmark
    @Threads(1)
    public void listenerOneThread(Listener listener, Sample sample) {
        sample.result.setTimeStamp(sample.next++ / 16);
        listener.listener.sampleOccurred(sample.event);
    }

    @Benchmark
    @Threads(4)
    public void listenerFourThreads(Listener listener, Sample sample) {
        sample.result.setTimeStamp(sample.next++ / 16);
        listener.listener.sampleOccurred(sample.event);
    }

    /** A folder for the shipped seconds. */
    @State(Scope.Thread)
    public static class Folder {
        Path file;

        @Setup(Level.Trial)
        public void make() throws Exception {
            file = Files.createTempFile("rpcbench-live-ship", ".jsonl");
        }

        @TearDown(Level.Iteration)
        public void empty() throws Exception {
            Files.write(file, new byte[0]);
        }
    }

    @Benchmark
    public void shipTenThousand(Folder folder) {
        LiveShipper shipper = LiveShipper.start(folder.file.toUri().toString(), "engine", Duration.ofHours(1),
                line -> { });
        long second = 1_800_000_000_000L;
        for (int i = 0; i < 10_000; i++) {
            shipper.record("thrift-echo-1k", second + i / 10, SampleTimes.of(0, 200 + (i * 37) % 5000, false, 0), 0,
                    true, "200", 1048, 1100, 20);
        }
        shipper.close();
    }

    /** A live run of one plan with 600 s of one label at 40,000 samples a second. */
    @State(Scope.Benchmark)
    public static class TenMinutes {
        LiveRun run;

        @Setup(Level.Trial)
        public void fill() {
            long start = 1_800_000_000L;
            AtomicLong now = new AtomicLong((start + 601) * 1000);
            run = new LiveRun("cost", now::get);
            run.planStarted("thrift-echo-1k", 1, 1, "20 threads", 60, 540);
            for (long s = start; s < start + 600; s++) {
                SampleFigures figures = new SampleFigures();
                for (int i = 0; i < 40_000; i += 10) { // 4,000 distinct values a second, each 10 times
                    SampleTimes times = SampleTimes.of(0, 150 + (i * 7919L) % 20_000, false, 0);
                    for (int k = 0; k < 10; k++) {
                        figures.record(times, 0, true, "200", 1048, 1100, 20);
                    }
                }
                run.accept(new LiveMessage("engine", s * 1000, false,
                        List.of(new LiveMessage.Second("thrift-echo-1k", s, figures.wire())), List.of()));
            }
        }
    }

    @Benchmark
    public void liveViewOfTenMinutes(TenMinutes tenMinutes, Blackhole hole) {
        hole.consume(tenMinutes.run.view());
    }
}
