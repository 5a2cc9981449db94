package io.rpcbench.benchmark.soak;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Samples one process by PID every interval on a thread of its own, writes every sample to a CSV file
 * ({@link SoakSample#CSV_HEADER}) as it is taken, and gives the end-of-run {@link SoakFigures}.
 *
 * <p>Order of calls: {@link #start} (the first sample is taken at once), then while the load runs nothing, then
 * {@link #close} (stops and joins the thread; a sample in progress is finished), then {@link #figures}. The next sample
 * starts one interval after the previous one started, or at once when a sample took longer (three jcmd/jstat
 * commands take seconds on a busy machine). When the process exits the sampling ends by itself.
 *
 * <pre>{@code
 * try (SoakSampler soak = SoakSampler.start(provider.pid(), Duration.ofSeconds(10),
 *         new JvmReadings(Path.of(System.getProperty("java.home"))), results.resolve("provider-soak.csv"))) {
 *     run.run(deadline);
 * }
 * SoakFigures figures = soak.figures(Duration.ofSeconds(60), Duration.ofSeconds(600));
 * }</pre>
 */
public final class SoakSampler implements AutoCloseable {

    private final long pid;
    private final Duration interval;
    private final ProcessReadings readings;
    private final BufferedWriter csv;
    private final List<SoakSample> samples = new ArrayList<>();
    private final CountDownLatch stop = new CountDownLatch(1);
    private final Thread thread;
    private volatile RuntimeException failure;

    private SoakSampler(long pid, Duration interval, ProcessReadings readings, BufferedWriter csv) {
        this.pid = pid;
        this.interval = interval;
        this.readings = readings;
        this.csv = csv;
        this.thread = new Thread(this::sampleUntilStopped, "soak-" + pid);
        thread.setDaemon(true);
    }

    /**
     * @throws IllegalArgumentException when the interval is not positive
     */
    public static SoakSampler start(long pid, Duration interval, ProcessReadings readings, Path csvFile)
            throws IOException {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("soak interval " + interval + " is not positive; expected e.g. 10 s");
        }
        Files.createDirectories(csvFile.toAbsolutePath().getParent());
        BufferedWriter csv = Files.newBufferedWriter(csvFile, StandardCharsets.UTF_8);
        csv.write(SoakSample.CSV_HEADER);
        csv.newLine();
        csv.flush();
        SoakSampler sampler = new SoakSampler(pid, interval, readings, csv);
        sampler.thread.start();
        return sampler;
    }

    private void sampleUntilStopped() {
        long startNanos = System.nanoTime();
        try {
            do {
                long second = (System.nanoTime() - startNanos) / 1_000_000_000L;
                SoakSample sample;
                try {
                    sample = readings.read(pid, second);
                } catch (UncheckedIOException gone) {
                    if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                        throw gone;
                    }
                    return; // the process ended: so does its soak
                }
                synchronized (samples) {
                    samples.add(sample);
                }
                csv.write(sample.csvRow());
                csv.newLine();
                csv.flush(); // a soak of 50 hours that is stopped hard still leaves every sample taken
            } while (!stop.await(interval.toMillis(), TimeUnit.MILLISECONDS));
        } catch (IOException e) {
            failure = new UncheckedIOException("cannot write the soak samples of pid " + pid, e);
        } catch (RuntimeException e) {
            failure = e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The samples taken so far, in order. */
    public List<SoakSample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    /**
     * The figures of the samples from {@code warmup} to {@code warmup + duration} (the load; what follows, e.g.
     * JMeter writing its report, is in the CSV but not judged).
     *
     * @throws IllegalStateException when sampling failed, or no sample fell in the window
     */
    public SoakFigures figures(Duration warmup, Duration duration) {
        if (failure != null) {
            throw new IllegalStateException("soak sampling of pid " + pid + " failed: " + failure.getMessage(), failure);
        }
        long from = warmup.toSeconds();
        long to = from + duration.toSeconds();
        List<SoakSample> judged = samples().stream().filter(s -> s.second() >= from && s.second() <= to).toList();
        if (judged.isEmpty()) {
            throw new IllegalStateException("no soak sample of pid " + pid + " between " + from + " s and " + to
                    + " s; " + samples().size() + " taken every " + interval.toSeconds() + " s");
        }
        return SoakFigures.of(judged);
    }

    /** Stops the sampling and waits for its thread; closes the CSV file. */
    @Override
    public void close() {
        stop.countDown();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            csv.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the soak samples of pid " + pid, e);
        }
    }
}
