package io.rpcbench.reports.statistics;

import io.rpcbench.reports.figures.Figures;
import io.rpcbench.reports.jtl.JtlReader;
import io.rpcbench.reports.jtl.JtlSample;
import io.rpcbench.reports.jtl.JtlSpan;
import io.rpcbench.reports.jtl.JtlSpanScan;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Reads a JTL for the figures of its measured window ({@link MeasuredWindow}), whose start depends on the run's
 * first sample start and whose end may depend on the run's last sample end: values known exactly only once every
 * row is read. So the window is placed from the span a scan of the file's bytes finds ({@link JtlSpanScan}, exact
 * for JMeter's default columns), else from a guess ({@link JtlSpan#guess}: the file's first rows and last bytes);
 * the pass is made with it while the exact span is tracked, and made again with the exact window only when the
 * span it was placed from was wrong. Usually one pass over the file; always the exact window.
 *
 * <pre>{@code
 * WindowedJtl.Result<RunPass> read = WindowedJtl.read("dubbo-echo-1k", jtl, Duration.ofSeconds(30),
 *         Optional.empty(), RunPass::forDashboard);
 * }</pre>
 */
public final class WindowedJtl {

    private WindowedJtl() {}

    /**
     * @param window  the exact window
     * @param span    the exact span of the JTL's samples
     * @param pass    the consumer of the pass that was made with {@code window}
     * @param samples how many samples started in the window
     * @param passes  how many passes over the whole file were made (1 or 2; a wrong guess costs one more)
     */
    public record Result<C>(MeasuredWindow window, JtlSpan span, C pass, long samples, int passes) {}

    /**
     * Feeds every sample of {@code jtl} to a consumer made by {@code newPass} for the window; the consumer decides
     * what counts ({@link MeasuredWindow#contains}), so time series can still cover the whole run.
     *
     * @param run names the run in messages
     * @throws IllegalArgumentException naming the run, its warm-up and the JTL's time span when no sample started
     *     in the window, or when the JTL has no samples
     */
    public static <C extends Consumer<JtlSample>> Result<C> read(String run, Path jtl, Duration warmup,
            Optional<Duration> measured, Function<MeasuredWindow, C> newPass) {
        Optional<JtlSpanScan.Result> scan = JtlSpanScan.scan(jtl);
        Optional<JtlSpan> guess = scan.map(JtlSpanScan.Result::span).or(() -> JtlSpan.guess(jtl));
        JtlSpan guessed = guess.isPresent() ? guess.get() : JtlSpan.of(jtl);
        int passes = guess.isPresent() ? 0 : 1;
        MeasuredWindow window = MeasuredWindow.of(guessed, warmup, measured);
        while (true) {
            C pass = newPass.apply(window);
            JtlSpan.Tracker tracker = new JtlSpan.Tracker();
            long[] inWindow = {0};
            MeasuredWindow current = window;
            Consumer<JtlSample> samples = sample -> {
                tracker.accept(sample);
                if (current.contains(sample.timeStamp())) {
                    inWindow[0]++;
                }
                pass.accept(sample);
            };
            if (scan.isPresent()) {
                JtlReader.read(jtl, scan.get().chunks(), samples);
            } else {
                JtlReader.read(jtl, samples);
            }
            passes++;
            JtlSpan span = tracker.span();
            if (span.samples() == 0) {
                throw new IllegalArgumentException("run '" + run + "': the JTL " + jtl + " has no samples; expected "
                        + "JMeter CSV results with at least one sample row after the header");
            }
            MeasuredWindow exact = MeasuredWindow.of(span, warmup, measured);
            if (!exact.equals(window) && passes >= 2) {
                throw new IllegalStateException("run '" + run + "': the JTL " + jtl + " changed while it was read "
                        + "(its time span differs between two passes); expected a finished run's results");
            }
            if (exact.equals(window)) {
                if (inWindow[0] == 0) {
                    throw emptyWindow(run, jtl, span, window);
                }
                return new Result<>(window, span, pass, inWindow[0], passes);
            }
            window = exact;
        }
    }

    private static IllegalArgumentException emptyWindow(String run, Path jtl, JtlSpan span, MeasuredWindow window) {
        return new IllegalArgumentException("run '" + run + "': no sample started in the measured window ("
                + "warm-up " + Figures.seconds(window.warmupMs())
                + (window.measuredMs() > 0 ? ", measured " + Figures.seconds(window.measuredMs()) : "")
                + ": from " + Figures.time(window.startMs()) + "); the JTL " + jtl + " has samples starting from "
                + Figures.time(span.firstStartMs()) + " to " + Figures.time(span.lastStartMs()) + " ("
                + Figures.seconds(span.lastStartMs() - span.firstStartMs()) + "); expected a window in which "
                + "samples start: a shorter warm-up");
    }
}
