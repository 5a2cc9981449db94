package io.rpcbench.perf.dashboard;

import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.perf.doc.Machine;
import io.rpcbench.perf.doc.PerformanceDoc;
import io.rpcbench.perf.doc.Spread;
import io.rpcbench.perf.process.GcLog;
import io.rpcbench.perf.process.MeasuredProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Benchmark 3, dashboard generation: for synthetic JTLs of 1, 10 and 50 million samples ({@link SyntheticJtl},
 * written once and reused), (a) our dashboard generator as a user runs it ({@link ReportsLauncher}: the {@code
 * reports} jar in its own JVM with {@code -Xmx512m} and the build's CDS archive, when this JDK can use it) and (b)
 * JMeter's own {@code jmeter -g JTL -o DIR} (the laid-out JMeter home, its shipped 1 GiB heap), each on the same file,
 * alternately, several rounds at the smallest size; wall time and peak RSS of each ({@link MeasuredProcess}), the
 * heap after GC of each from its {@code -Xlog:gc} file ({@link GcLog}), and JMeter/ours per
 * round. A JMeter run past its deadline is stopped and shown as {@code > N min}, one that ran out of heap as
 * {@code failed: OOM}: never as a figure it did not produce.
 */
@Command(name = "dashboard", mixinStandardHelpOptions = true,
        description = "Dashboard generation: ours against JMeter's -g on synthetic JTLs (docs/performance.md).")
public final class DashboardBenchmark implements Callable<Integer> {

    /** The target: our generator must pass with this heap at the largest file. */
    static final String OUR_HEAP = "-Xmx512m";
    /** Issue 28: 20 times JMeter's -g at 1 M and 10 M samples (it was 5 before). */
    static final double TARGET_RATIO = 20;
    static final double TARGET_HEAP_MIB = 512;
    /** Sizes from this many million samples run {@code --large-rounds} rounds, smaller ones {@code --rounds}. */
    private static final int LARGE_MILLIONS = 10;

    @Spec
    private CommandSpec spec;

    @Option(names = "--millions", split = ",", defaultValue = "1,10,50",
            description = "File sizes in millions of samples (default: ${DEFAULT-VALUE}).")
    private List<Integer> millions;

    @Option(names = "--shapes", split = ",", defaultValue = "plain,elapsed-us,out-of-order,labels,failures",
            description = "JTL shapes (default: ${DEFAULT-VALUE}): plain at every --millions size, the others at "
                    + "--shape-millions.")
    private List<String> shapes;

    @Option(names = "--shape-millions", split = ",", defaultValue = "1,10",
            description = "File sizes in millions of samples for the shapes other than plain (default: ${DEFAULT-VALUE}).")
    private List<Integer> shapeMillions;

    @Option(names = "--rounds", defaultValue = "3",
            description = "Rounds of each side at sizes under 10 million (default: ${DEFAULT-VALUE}).")
    private int rounds;

    @Option(names = "--large-rounds", defaultValue = "1",
            description = "Rounds of each side at 10 million and more (default: ${DEFAULT-VALUE}).")
    private int largeRounds;

    @Option(names = "--deadline", paramLabel = "MINUTES", defaultValue = "30",
            description = "How long one generation may take before it is stopped (default: ${DEFAULT-VALUE} min).")
    private int deadlineMinutes;

    @Option(names = "--seed", defaultValue = "42", description = "The synthetic JTLs' seed (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--project-dir", paramLabel = "DIR", defaultValue = ".", description = "The rpcbench checkout.")
    private Path projectDir;

    /** One generation: how it ended, and its heap from its GC log (null when it wrote none). */
    record Measure(MeasuredProcess.Result run, GcLog.Heap heap) {}

    /** One file size's rounds: each round holds ours, then JMeter's. */
    record Row(SyntheticJtl.Shape shape, long samples, long fileBytes, List<Measure[]> rounds) {}

    /** The machine's load average before the first round. */
    private String loadBefore = "";

    /** Whether ours started with the CDS archive, found once by {@link ReportsLauncher#archiveUsed}. */
    private boolean archiveUsed;

    @Override
    public Integer call() throws Exception {
        requireAtLeastOne("--rounds", rounds);
        requireAtLeastOne("--large-rounds", largeRounds);
        requireAtLeastOne("--deadline", deadlineMinutes);
        for (int m : millions) {
            requireAtLeastOne("--millions", m);
        }
        ProjectLayout layout = new ProjectLayout(projectDir.toAbsolutePath().normalize());
        ReportsLauncher reports = ReportsLauncher.in(layout.projectDir());
        reports.requireBuilt();
        if (!Files.exists(layout.jmeterLauncher())) {
            throw new IllegalStateException(layout.jmeterLauncher() + " does not exist; build it first with "
                    + "'./mvnw -B -DskipTests package' in " + layout.projectDir());
        }
        Path files = layout.projectDir().resolve("results/perf-dashboard");
        Path results = files.resolve("run-" + System.currentTimeMillis());
        Files.createDirectories(results);
        archiveUsed = reports.archiveUsed(results.resolve("archive-probe.log"));
        System.out.println(archiveUsed ? "ours starts with the CDS archive " + reports.archive()
                : "ours starts without a CDS archive: " + reports.archive() + " is missing or this JVM cannot use it"
                        + " (see " + results.resolve("archive-probe.log") + ")");
        Duration deadline = Duration.ofMinutes(deadlineMinutes);
        List<Row> rows = new ArrayList<>();
        loadBefore = Machine.loadAverage();
        List<SyntheticJtl.Shape> chosen = new ArrayList<>();
        try {
            for (String name : shapes) {
                chosen.add(SyntheticJtl.Shape.named(name.strip()));
            }
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--shapes: " + e.getMessage());
        }
        for (SyntheticJtl.Shape shape : chosen) {
            for (int m : shape == SyntheticJtl.Shape.PLAIN ? millions : shapeMillions) {
                rows.add(measure(layout, reports, files, results, deadline, shape, m));
            }
        }
        String table = table(rows, deadline);
        String verdict = verdict(rows);
        System.out.println(table);
        System.out.println(verdict);
        new PerformanceDoc(layout.projectDir().resolve("docs/performance.md"))
                .write("dashboard", section(table, verdict));
        return 0;
    }

    /** The rounds of one shape and size, on its synthetic JTL (written once, then reused). */
    private Row measure(ProjectLayout layout, ReportsLauncher reports, Path files, Path results, Duration deadline,
            SyntheticJtl.Shape shape, int m) throws Exception {
        long samples = m * 1_000_000L;
        String prefix = shape == SyntheticJtl.Shape.PLAIN ? "synthetic-" : "synthetic-" + shape + "-";
        Path jtl = files.resolve(prefix + m + "m-seed" + seed + ".jtl");
        if (!Files.exists(jtl)) {
            long started = System.nanoTime();
            new SyntheticJtl(seed, shape).write(jtl, samples);
            System.out.printf(Locale.ROOT, "wrote %s (%d MB) in %.0f s%n", jtl, Files.size(jtl) / 1_000_000,
                    (System.nanoTime() - started) / 1e9);
        }
        List<Measure[]> pairs = new ArrayList<>();
        int n = m >= LARGE_MILLIONS ? largeRounds : rounds;
        for (int round = 0; round < n; round++) {
            Path dir = results.resolve(shape + "-" + m + "m-" + round);
            Measure ours;
            Measure jmeter;
            if (round % 2 == 0) { // alternate which side goes first
                ours = ours(reports, jtl, dir.resolve("ours"), deadline);
                jmeter = jmeter(layout, jtl, dir.resolve("jmeter"), deadline);
            } else {
                jmeter = jmeter(layout, jtl, dir.resolve("jmeter"), deadline);
                ours = ours(reports, jtl, dir.resolve("ours"), deadline);
            }
            System.out.printf(Locale.ROOT, "%s %d M samples round %d: ours %s, peak RSS %.0f MiB; JMeter %s, peak RSS"
                    + " %.0f MiB; JMeter/ours %s%n", shape, m, round + 1, wall(List.of(ours), deadline),
                    ours.run().peakRssKiB() / 1024.0, wall(List.of(jmeter), deadline),
                    jmeter.run().peakRssKiB() / 1024.0, ratio(List.<Measure[]>of(new Measure[] {ours, jmeter}), deadline));
            pairs.add(new Measure[] {ours, jmeter});
        }
        return new Row(shape, samples, Files.size(jtl), pairs);
    }

    private void requireAtLeastOne(String option, long value) {
        if (value < 1) {
            throw new ParameterException(spec.commandLine(), option + " is " + value + "; expected a whole number from 1");
        }
    }

    private Measure ours(ReportsLauncher reports, Path jtl, Path dir, Duration deadline) throws Exception {
        Files.createDirectories(dir);
        Path gc = dir.resolve("gc.log");
        List<String> command = reports.command(List.of("--run", "synthetic=" + jtl, "--output",
                dir.resolve("dashboard.html").toString()));
        MeasuredProcess.Result run = MeasuredProcess.run("ours", command,
                ReportsLauncher.environment(OUR_HEAP + " -Xlog:gc:file=" + gc), dir.resolve("out.log"), deadline);
        return measured(run, gc, dir.resolve("out.log"));
    }

    private Measure jmeter(ProjectLayout layout, Path jtl, Path dir, Duration deadline) throws Exception {
        Files.createDirectories(dir);
        Path gc = dir.resolve("gc.log");
        // JVM_ARGS is added after the launcher's heap and GC flags, so JMeter runs as shipped, with a GC log.
        List<String> command = List.of(layout.jmeterLauncher().toString(), "-g", jtl.toString(),
                "-o", dir.resolve("dashboard").toString(), "-j", dir.resolve("jmeter.log").toString());
        MeasuredProcess.Result run = MeasuredProcess.run("jmeter -g", command, Map.of("JAVA_HOME",
                ProjectLayout.javaHome(), "JVM_ARGS", "-Xlog:gc:file=" + gc), dir.resolve("out.log"), deadline);
        return measured(run, gc, dir.resolve("jmeter.log"));
    }

    private static Measure measured(MeasuredProcess.Result run, Path gc, Path ownLog) throws IOException {
        if (!run.outOfMemory() && MeasuredProcess.mentionsOutOfMemory(ownLog)) {
            run = new MeasuredProcess.Result(run.wallSeconds(), run.peakRssKiB(), run.exitCode(), run.timedOut(), true);
        }
        return new Measure(run, Files.exists(gc) ? GcLog.read(gc) : null);
    }

    private String section(String table, String verdict) {
        return "Measured " + LocalDate.now() + " on " + Machine.describe() + "; load average before the run "
                + loadBefore + ", after it " + Machine.loadAverage() + " (the rounds' own work is in it: the load "
                + "before is the one that tells whether something else was running). "
                + "Command: `./run-performance dashboard" + (millions.equals(List.of(1, 10, 50)) ? "" : " --millions "
                + String.join(",", millions.stream().map(String::valueOf).toList())) + (rounds == 3 ? "" : " --rounds "
                + rounds) + (largeRounds == 1 ? "" : " --large-rounds " + largeRounds) + (deadlineMinutes == 30 ? ""
                : " --deadline " + deadlineMinutes) + "`.\n\n"
                + "Method: synthetic JTLs (JMeter's default CSV columns as the shipped plans write them; "
                + SyntheticJtl.describe() + "; seed " + seed + "; shapes: " + shapesInWords() + "), written once under results/perf-dashboard/ and "
                + "reused. Ours as a user runs it: `REPORTS_JAVA_OPTS=" + OUR_HEAP + " reports/target/rpcbench-reports "
                + "--run synthetic=JTL --output HTML`, its own JVM; the launcher runs `java -XX:SharedArchiveFile="
                + "reports/target/rpcbench-reports.jsa -Xshare:auto " + OUR_HEAP + " -jar reports/target/"
                + "rpcbench-reports.jar ...` with the CDS archive of the classes a dashboard run loads, which the build "
                + "trains (" + (archiveUsed ? "this JVM used it" : "this JVM could NOT use it: ours ran without, about "
                + "0.3 s slower to start") + "), the parallel collector, and C1 alone (-XX:TieredStopAtLevel=1) when "
                + "the input files add up to less than 256 MiB. JMeter's: `jmeter -g JTL -o DIR` from the laid-out JMeter 5.6.3 home, "
                + "its launcher's heap as shipped (-Xms1g -Xmx1g, G1). Both on the same file, one after the other, "
                + "the first alternating per round; " + rounds + (rounds == 1 ? " round" : " rounds") + " under "
                + LARGE_MILLIONS + " M samples, " + largeRounds + " from there; median (min-max). Wall time from "
                + "start to exit of the process; peak RSS is the kernel's high-water mark (VmHWM) of the process, polled every 20 ms; heap after GC is the "
                + "most the -Xlog:gc log shows live after a collection (peak before GC: the most in use before one). "
                + "JMeter/ours is taken per round. A run past the " + deadlineMinutes + " min deadline was stopped "
                + "(shown as > N min; its ratio as a lower bound).\n\n" + table + "\n" + verdict;
    }

    private String shapesInWords() {
        List<String> words = new ArrayList<>();
        for (SyntheticJtl.Shape shape : SyntheticJtl.Shape.values()) {
            if (shapes.contains(shape.toString())) {
                words.add(shape + ": " + shape.description);
            }
        }
        return String.join("; ", words);
    }

    static String table(List<Row> rows, Duration deadline) {
        StringBuilder out = new StringBuilder("| shape | samples | JTL size | ours: wall s | JMeter -g: wall s | JMeter/ours "
                + "| ours: peak RSS MiB | JMeter: peak RSS MiB | ours: heap after GC / before GC MiB (max 512) "
                + "| JMeter: heap after GC / before GC MiB (max 1024) |\n|---|---|---|---|---|---|---|---|---|---|\n");
        for (Row row : rows) {
            List<Measure> ours = row.rounds().stream().map(p -> p[0]).toList();
            List<Measure> jmeter = row.rounds().stream().map(p -> p[1]).toList();
            out.append(String.format(Locale.ROOT, "| %s | %d M | %.1f GB | %s | %s | %s | %s | %s | %s | %s |%n",
                    row.shape(), row.samples() / 1_000_000, row.fileBytes() / 1e9, wall(ours, deadline), wall(jmeter, deadline),
                    ratio(row.rounds(), deadline), figure(ours, m -> m.run().peakRssKiB() / 1024.0),
                    figure(jmeter, m -> m.run().peakRssKiB() / 1024.0), heap(ours), heap(jmeter)));
        }
        return out.toString();
    }

    /** The wall times of the passed rounds as median (min-max); any failed round is named instead. */
    static String wall(List<Measure> measures, Duration deadline) {
        String failure = failure(measures, deadline);
        return failure != null ? failure : Spread.of(measures.stream().map(m -> m.run().wallSeconds()).toList())
                .format(1);
    }

    /** A figure of the passed rounds, or a dash when none passed (the failure is named in the wall column). */
    static String figure(List<Measure> measures, ToDoubleFunction<Measure> value) {
        List<Double> passed = measures.stream().filter(m -> m.run().passed()).map(value::applyAsDouble).toList();
        return passed.isEmpty() ? "-" : Spread.of(passed).format(0);
    }

    private static String heap(List<Measure> measures) {
        List<Measure> logged = measures.stream().filter(m -> m.heap() != null && m.heap().collections() > 0).toList();
        if (logged.isEmpty()) {
            return "-";
        }
        return figure(logged, m -> m.heap().peakAfterMiB()) + " / " + figure(logged, m -> m.heap().peakBeforeMiB());
    }

    /**
     * JMeter/ours per round where both passed, as median (min-max). When JMeter ran past the deadline while ours
     * passed, the deadline over our slowest time is a lower bound, shown as {@code > N}; other failures are named.
     */
    static String ratio(List<Measure[]> rounds, Duration deadline) {
        List<Double> ratios = new ArrayList<>();
        double lowerBound = Double.NaN;
        for (Measure[] pair : rounds) {
            MeasuredProcess.Result ours = pair[0].run();
            MeasuredProcess.Result jmeter = pair[1].run();
            if (!ours.passed()) {
                return "- (ours failed)";
            }
            if (jmeter.passed()) {
                ratios.add(jmeter.wallSeconds() / ours.wallSeconds());
            } else if (jmeter.timedOut()) {
                double bound = deadline.toSeconds() / ours.wallSeconds();
                lowerBound = Double.isNaN(lowerBound) ? bound : Math.min(lowerBound, bound);
            } else {
                return "- (JMeter failed)";
            }
        }
        if (!Double.isNaN(lowerBound)) {
            return String.format(Locale.ROOT, "> %.1f", lowerBound);
        }
        return Spread.of(ratios).format(1);
    }

    /** How the rounds failed, e.g. {@code > 30 min} or {@code failed: OOM}; null when all passed. */
    static String failure(List<Measure> measures, Duration deadline) {
        for (Measure m : measures) {
            MeasuredProcess.Result r = m.run();
            if (r.timedOut()) {
                return "> " + deadline.toMinutes() + " min";
            }
            if (r.outOfMemory()) {
                return "failed: OOM";
            }
            if (r.exitCode() != 0) {
                return "failed: exit " + r.exitCode();
            }
        }
        return null;
    }

    /**
     * Whether ours was at least {@link #TARGET_RATIO} times faster at one size: the median of the rounds' ratios, and
     * the lower bound (deadline over our time) of rounds where JMeter ran past the deadline; a JMeter run that ran out
     * of heap counts as slower. Never met when one of our rounds failed.
     */
    static boolean fastEnough(List<Measure[]> rounds) {
        List<Double> ratios = new ArrayList<>();
        for (Measure[] pair : rounds) {
            MeasuredProcess.Result ours = pair[0].run();
            MeasuredProcess.Result jmeter = pair[1].run();
            if (!ours.passed()) {
                return false;
            }
            if (jmeter.passed()) {
                ratios.add(jmeter.wallSeconds() / ours.wallSeconds());
            } else if (jmeter.timedOut()) {
                // JMeter's time is at least the deadline it ran past
                ratios.add(jmeter.wallSeconds() / ours.wallSeconds());
            } else if (!jmeter.outOfMemory()) {
                return false;
            }
        }
        return ratios.isEmpty() || Spread.of(ratios).median() >= TARGET_RATIO;
    }

    /** Whether each target was met, in words, with the figures that say so. */
    static String verdict(List<Row> rows) {
        StringBuilder out = new StringBuilder();
        Map<String, Boolean> fastEnough = new LinkedHashMap<>();
        for (Row row : rows) {
            fastEnough.put(row.shape() + " " + row.samples() / 1_000_000 + " M", fastEnough(row.rounds()));
        }
        out.append("Target 1, at least ").append((int) TARGET_RATIO).append(" times faster than JMeter: ");
        out.append(fastEnough.values().stream().allMatch(b -> b) ? "met" : "not met");
        out.append(" (median JMeter/ours per shape and size, or its lower bound where JMeter ran past the deadline: ");
        fastEnough.forEach((m, met) -> out.append(m).append(' ').append(met ? "yes" : "no").append(", "));
        out.setLength(out.length() - 2);
        out.append(").\n\n");
        Row largest = rows.stream().filter(r -> r.shape() == SyntheticJtl.Shape.PLAIN)
                .reduce((a, b) -> b.samples() >= a.samples() ? b : a).orElse(rows.get(rows.size() - 1));
        List<Measure> ours = largest.rounds().stream().map(p -> p[0]).toList();
        boolean passed = ours.stream().allMatch(m -> m.run().passed());
        double after = ours.stream().filter(m -> m.heap() != null).mapToDouble(m -> m.heap().peakAfterMiB()).max()
                .orElse(Double.NaN);
        out.append("Target 2, heap under ").append((int) TARGET_HEAP_MIB).append(" MiB at ")
                .append(largest.samples() / 1_000_000).append(" M samples: ")
                .append(passed && after < TARGET_HEAP_MIB ? "met" : "not met").append(String.format(Locale.ROOT,
                        " (ours ran with %s and %s; the most live after a GC was %.0f MiB).", OUR_HEAP,
                        passed ? "passed" : "failed", after));
        return out.toString();
    }
}
