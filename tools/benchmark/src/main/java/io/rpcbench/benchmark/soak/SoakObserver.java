package io.rpcbench.benchmark.soak;

import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.scenario.CellContext;
import io.rpcbench.benchmark.scenario.CellObserver;
import io.rpcbench.benchmark.scenario.Stop;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A cell's soak: while its plan runs, a {@link SoakSampler} each samples the provider (the cell's {@code provider.pid};
 * heap after GC, old generation, full GCs, threads, descriptors, RSS: {@link JvmReadings}) and JMeter (threads,
 * descriptors, RSS: {@link ProcReadings}, no collection of ours in the load generator) by PID into the cell's folder
 * ({@value #PROVIDER_CSV}, {@value #JMETER_CSV}); afterwards {@link #figures} reads a CSV back into the
 * {@link SoakFigures} of the samples taken in the cell's measured window. Both samplings start with JMeter's process,
 * whose clients' set-up takes seconds before the first sample: the wall-clock start is kept ({@value #START_FILE}) so
 * that the window is the JTL's own.
 *
 * <p>Every sample runs a full collection in the sampled JVM (jcmd's class histogram: the live heap), so the
 * interval grows with the run: a twentieth of the measured window, at least {@value #MIN_INTERVAL_SECONDS} s and at
 * most {@value #MAX_INTERVAL_SECONDS} s. The default 10 minutes are sampled every 30 s (20 full collections of ours,
 * which the figures leave out); seed 000's 50 hours every 15 minutes (200 in 50 hours, where 6,000 at 30 s would be a
 * load of their own); a shortened test's 8 s every 2 s (at 1 s, jcmd and jstat, each a JVM, took a core of the 2).
 *
 * <pre>{@code
 * Cell cell = Cell.of("mixed", "Dubbo", "seed-000-stability").observedBy(new SoakObserver());
 * // after the run:
 * Optional<SoakFigures> provider = SoakObserver.figures(result.folder().resolve(SoakObserver.PROVIDER_CSV), stop);
 * }</pre>
 */
public final class SoakObserver implements CellObserver {

    public static final String PROVIDER_CSV = "provider-soak.csv";
    public static final String JMETER_CSV = "jmeter-soak.csv";
    /** The wall-clock start of the sampling, ms since the epoch, one line. */
    public static final String START_FILE = "soak-start-ms.txt";
    static final long MIN_INTERVAL_SECONDS = 2;
    static final long MAX_INTERVAL_SECONDS = 900;
    private static final int SAMPLES_PER_WINDOW = 20;

    /** The sampling interval for a cell that stops as {@code stop} says (class javadoc). */
    public static Duration interval(Stop stop) {
        long measured = stop.runSeconds() - stop.warmupSeconds();
        return Duration.ofSeconds(Math.max(MIN_INTERVAL_SECONDS,
                Math.min(MAX_INTERVAL_SECONDS, measured / SAMPLES_PER_WINDOW)));
    }

    /**
     * @throws IllegalStateException when the run names no provider PID (nothing to sample)
     */
    @Override
    public Observation start(CellContext context) throws IOException {
        long provider = context.providerPid().orElseThrow(() -> new IllegalStateException("the run of "
                + context.cell().name() + " names no provider.pid; expected the site to name the provider's process"));
        Duration interval = interval(context.cell().stop());
        Files.writeString(context.folder().resolve(START_FILE), System.currentTimeMillis() + "\n",
                StandardCharsets.UTF_8);
        SoakSampler providerSoak = SoakSampler.start(provider, interval,
                new JvmReadings(Path.of(ProjectLayout.javaHome())), context.folder().resolve(PROVIDER_CSV));
        SoakSampler jmeterSoak;
        try {
            jmeterSoak = SoakSampler.start(context.run().pid(), interval, new ProcReadings(),
                    context.folder().resolve(JMETER_CSV));
        } catch (IOException | RuntimeException e) {
            providerSoak.close();
            throw e;
        }
        return () -> {
            try {
                jmeterSoak.close();
            } finally {
                providerSoak.close();
            }
        };
    }

    /**
     * The figures of the samples of {@code process} ({@value #PROVIDER_CSV} or {@value #JMETER_CSV} in
     * {@code folder}) taken between {@code fromMs} and {@code toMs} (ms since the epoch: the cell's measured window);
     * empty when the files are missing or no sample was taken in the window.
     *
     * @throws IllegalArgumentException naming a line that is not a soak sample
     */
    public static Optional<SoakFigures> figures(Path folder, String process, long fromMs, long toMs) {
        Path csv = folder.resolve(process);
        Path start = folder.resolve(START_FILE);
        if (!Files.isRegularFile(csv) || !Files.isRegularFile(start)) {
            return Optional.empty();
        }
        List<String> lines;
        long startMs;
        try {
            startMs = Long.parseLong(Files.readString(start, StandardCharsets.UTF_8).strip());
            lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the soak samples " + csv, e);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(start + " does not hold ms since the epoch: " + e.getMessage(), e);
        }
        List<SoakSample> judged = lines.stream().skip(1).filter(line -> !line.isBlank())
                .map(SoakSample::parseCsvRow)
                .filter(s -> startMs + 1000 * s.second() >= fromMs - 999 && startMs + 1000 * s.second() <= toMs)
                .toList();
        return judged.isEmpty() ? Optional.empty() : Optional.of(SoakFigures.of(judged));
    }
}
