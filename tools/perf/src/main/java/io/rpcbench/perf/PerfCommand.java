package io.rpcbench.perf;

import io.rpcbench.perf.agent.AgentBenchmark;
import io.rpcbench.perf.dashboard.DashboardBenchmark;
import io.rpcbench.perf.jmh.LiveFiguresBenchmark;
import io.rpcbench.perf.jmh.ResponseDataBenchmark;
import io.rpcbench.perf.jmh.StreamMessagesBenchmark;
import io.rpcbench.perf.overhead.GenericBenchmark;
import io.rpcbench.perf.overhead.OverheadBenchmark;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * {@code ./run-performance}: the benchmarks of rpcbench itself, one subcommand each. Every one prints its
 * figures and writes its table into {@code docs/performance.md}.
 */
@Command(name = "run-performance", mixinStandardHelpOptions = true,
        description = "Benchmarks of rpcbench itself; each writes its table into docs/performance.md.",
        subcommands = {OverheadBenchmark.class, GenericBenchmark.class, DashboardBenchmark.class, AgentBenchmark.class,
            SeedsBenchmark.class, ResponseDataBenchmark.class, KnownCapacityBenchmark.class, LiveFiguresBenchmark.class,
            StreamMessagesBenchmark.class})
public final class PerfCommand implements Runnable {

    public static void main(String[] args) {
        System.exit(new CommandLine(new PerfCommand()).execute(args));
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }
}
