package io.rpcbench.perf.overhead;

import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.perf.process.CpuTime;
import io.rpcbench.process.ChildProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Runs {@link BareLoop} in a JVM of its own with JMeter's heap and GC flags (plus any extra JVM options, e.g. JFR),
 * waits for its result line and for its exit (a JFR file is written as the JVM exits), and stops it by its PID.
 */
final class BareLoopProcess {

    private BareLoopProcess() {}

    /**
     * @param loopArguments {@code --client ...} and the sampler parameters ({@code name=value})
     * @return the loop's measure over its window
     */
    static OverheadBenchmark.Measure run(ProjectLayout layout, List<String> jvmOptions, int threads,
            int warmupSeconds, int measureSeconds, List<String> loopArguments, Path log) throws Exception {
        return run(layout, UnaryOperator.identity(), jvmOptions, threads, warmupSeconds, measureSeconds,
                loopArguments, log);
    }

    /**
     * As {@link #run(ProjectLayout, List, int, int, int, List, Path)}, started through {@code launcher}.
     *
     * @param launcher turns the command into the one to start (e.g. behind {@code taskset}); it must exec it
     * @param loopArguments {@code --client ...} and the sampler parameters ({@code name=value})
     * @return the loop's measure over its window
     */
    static OverheadBenchmark.Measure run(ProjectLayout layout, UnaryOperator<List<String>> launcher,
            List<String> jvmOptions, int threads, int warmupSeconds, int measureSeconds, List<String> loopArguments,
            Path log) throws Exception {
        List<String> command = launcher.apply(command(layout, jvmOptions, threads, warmupSeconds, measureSeconds,
                loopArguments));
        try (ChildProcess loop = ChildProcess.start("bare loop", command, Map.of(), log)) {
            String line = loop.awaitLine(l -> l.startsWith(BareLoop.RESULT_PREFIX),
                    Duration.ofSeconds(warmupSeconds + measureSeconds + 120L));
            OverheadBenchmark.Measure measure = OverheadBenchmark.parse(
                    line.substring(BareLoop.RESULT_PREFIX.length()), CpuTime.clockTicksPerSecond());
            loop.awaitExit(Duration.ofSeconds(60));
            return measure;
        }
    }

    /** The loop's JVM with JMeter's heap and GC flags and {@code jvmOptions}, then the loop's own arguments. */
    static List<String> command(ProjectLayout layout, List<String> jvmOptions, int threads, int warmupSeconds,
            int measureSeconds, List<String> loopArguments) {
        List<String> command = new ArrayList<>();
        command.add(ProjectLayout.javaExecutable().toString());
        command.addAll(OverheadBenchmark.JMETER_JVM);
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", layout.projectDir().resolve("tools/perf/target/rpcbench-perf.jar").toString(),
                BareLoop.class.getName(), "--threads", Integer.toString(threads),
                "--warmup", Integer.toString(warmupSeconds), "--measure", Integer.toString(measureSeconds)));
        command.addAll(loopArguments);
        return command;
    }
}
