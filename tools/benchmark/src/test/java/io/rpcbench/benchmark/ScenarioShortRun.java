package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.reports.jtl.JtlSample;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * Every scenario shortened: runs a named scenario through the same command as {@code ./run-benchmark --scenario NAME}
 * with a few seconds per cell ({@value #WARMUP_SECONDS} s warm-up, {@link #DURATION_SECONDS} s measured, which also
 * replaces a cell's fixed calls per thread, {@link #THREADS} threads), then checks what the scenario promises: every
 * cell has samples, none failed, and each received about the payload its cell names (without JMeter's own dashboard
 * of each cell, a second JVM reading the JTL: MainJobIT checks those). A scenario's IT is then:
 *
 * <pre>{@code
 * class Seed000CpuScenarioIT {
 *     @Test
 *     void everyCellIsFilledWithThePayloadItNames() throws Exception {
 *         ScenarioShortRun.Result run = ScenarioShortRun.run("seed-000-cpu");
 *         ScenarioShortRun.assertEveryCellFilled(run);
 *     }
 * }
 * }</pre>
 */
final class ScenarioShortRun {

    /**
     * The warm-up after each cell's first call. The clients' set-up before it (a Dubbo consumer's took 8 s on the
     * 2-vCPU machine with two ITs beside this one) no longer counts: the runs set {@code duration_after_setup}, so the
     * thread group's duration starts after it, as the reports' warm-up starts at the first call.
     */
    static final int WARMUP_SECONDS = 3;
    /**
     * The measured window: 3 s in {@code ./run-tests}, where the ITs check what each cell received and answered (every
     * sample, its bytes, the table's layout), never how fast, and one thread's hundreds of calls a second (1 ms think
     * time) fill it; 6 s in {@code ./run-tests --full}.
     */
    static final int DURATION_SECONDS = TestVolume.full() ? 6 : 3;
    /**
     * Threads of every cell: one in {@code ./run-tests}, where the ITs run two at a time on 2 vCPUs and a closed loop of
     * two threads keeps both busy for the whole window; two in {@code ./run-tests --full}.
     */
    static final int THREADS = TestVolume.full() ? 2 : 1;

    /**
     * Received bytes a sample may carry beyond the payload: the protocol's envelope (Dubbo and Thrift add tens of
     * bytes, an HTTP response its headers), plus a tenth of the payload for serializations that spell it out.
     */
    static final int ENVELOPE_BYTES = 512;

    private static final Path OUT = Path.of("target/scenarios").toAbsolutePath();

    private ScenarioShortRun() {}

    /** What the run printed and measured. */
    record Result(String scenario, int exit, String output, Path results, List<CellResult> cells) {}

    /**
     * Runs {@code scenario} shortened into a new folder under {@code target/scenarios}; {@code options} are added to
     * the command line (e.g. {@code -J name=value}).
     */
    static Result run(String scenario, String... options) throws IOException {
        return run(scenario, DURATION_SECONDS, options);
    }

    /**
     * Runs {@code scenario} shortened, measuring {@code durationSeconds}: for a plan whose clients take longer to set
     * up than {@link #DURATION_SECONDS} leaves on a busy machine.
     */
    static Result run(String scenario, int durationSeconds, String... options) throws IOException {
        Path results = Files.createTempDirectory(Files.createDirectories(OUT), scenario + "-");
        StringWriter printed = new StringWriter();
        BenchmarkCommand job = new BenchmarkCommand();
        List<String> args = new ArrayList<>(List.of("--scenario", scenario,
                "--warmup", Integer.toString(WARMUP_SECONDS), "--duration", Integer.toString(durationSeconds),
                "--threads", Integer.toString(THREADS), "--think-time", TestVolume.THINK_TIME_MS, "--rampup", "0", "--progress", "1", "--no-jmeter-dashboards",
                "--results", results.toString(), "--project-dir", Plans.LAYOUT.projectDir().toString()));
        args.addAll(List.of(options));
        int exit = new CommandLine(job).setOut(new PrintWriter(printed, true)).execute(args.toArray(String[]::new));
        return new Result(scenario, exit, printed.toString(), results, job.cellResults());
    }

    /**
     * Runs {@code scenario} shortened, only {@code fastCells} of it in {@code ./run-tests} ({@code --cell} each: one
     * cell of each provider stack and plan the scenario uses), every cell in {@code ./run-tests --full}.
     */
    static Result runCells(String scenario, List<String> fastCells, String... options) throws IOException {
        List<String> all = new ArrayList<>(List.of(options));
        if (!TestVolume.full()) {
            fastCells.forEach(cell -> all.addAll(List.of("--cell", cell)));
        }
        return run(scenario, all.toArray(String[]::new));
    }

    /**
     * Asserts that the run ran {@code fastCells} (in the scenario's order) in {@code ./run-tests}, and all
     * {@code allCells} of the scenario in {@code ./run-tests --full}.
     */
    static void assertRanCells(Result run, int allCells, List<String> fastCells) {
        if (TestVolume.full()) {
            assertThat(run.cells()).as("cells of %s; output:%n%s", run.scenario(), run.output()).hasSize(allCells);
        } else {
            assertThat(run.cells()).extracting(cell -> cell.cell().name())
                    .as("cells of %s; output:%n%s", run.scenario(), run.output())
                    .containsExactlyInAnyOrderElementsOf(fastCells);
        }
    }

    /** Every sample of the cell's plan, warm-up included, from its JTL. */
    static List<JtlSample> samples(CellResult cell) {
        return Plans.samples(cell.folder().resolve(cell.cell().plan() + ".jtl"));
    }

    /**
     * Asserts that the run exited with 0, printed the scenario's table, and that every cell has samples, no failed
     * sample, and received between 95 % of its payload and 110 % of it plus {@value #ENVELOPE_BYTES} bytes a sample.
     */
    static void assertEveryCellFilled(Result run) {
        assertThat(run.exit()).as("exit code; output:%n%s", run.output()).isZero();
        assertThat(run.output()).as("the scenario's table").containsPattern("(?m)^" + run.scenario() + ": ");
        assertThat(run.cells()).as("cells of %s; output:%n%s", run.scenario(), run.output()).isNotEmpty();
        for (CellResult cell : run.cells()) {
            String name = cell.cell().name();
            assertThat(cell.emptyReason()).as("%s is empty; output:%n%s", name, run.output()).isEmpty();
            assertThat(cell.samples()).as("%s samples", name).isPositive();
            assertThat(cell.errors()).as("%s failed samples (see %s)", name, cell.folder()).isZero();
            assertThat(cell.cell().payloadBytes()).as("%s names its payload", name).isPresent();
            int payload = cell.cell().payloadBytes().getAsInt();
            assertThat(cell.receivedBytesPerSample().orElseThrow()).as("%s received bytes a sample, payload %d", name,
                    payload).isBetween(0.95 * payload, 1.10 * payload + ENVELOPE_BYTES);
        }
    }
}
