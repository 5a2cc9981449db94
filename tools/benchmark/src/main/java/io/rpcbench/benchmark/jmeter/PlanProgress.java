package io.rpcbench.benchmark.jmeter;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Live progress of one plan while JMeter runs it, read from JMeter's own summariser: in non-GUI mode JMeter prints
 * {@code summary +  77383 in 00:00:05 = 15476.6/s Avg: 1 Min: 0 Max: 31 Err: 0 (0.00%) Active: 20 ...} every
 * {@code summariser.interval} seconds; each such line becomes one status, e.g.
 * {@code [1/4] dubbo-echo-1k  warm-up     25/60 s, 95 s left   15,476 TPS   0 errors}. The plan's phase (warm-up
 * or measuring) follows from the summed intervals from the first that has samples (the intervals before it are the
 * clients' set-up, which the thread groups' duration does not count: see {@link JMeterRun#DURATION_AFTER_SETUP}), so
 * no clock of ours is involved.
 *
 * <p>A line the samplers print on JMeter's console for the user ({@code rpcbench: registry ... lost at ...}) is
 * shown as it is, on a line of its own.
 *
 * <p>On a terminal each status replaces the last one in place ({@code \r}); otherwise each is a line of its own.
 * Feed it JMeter's output lines ({@link #accept}, from the thread that copies JMeter's output), then call
 * {@link #finish()} once JMeter has exited.
 */
public final class PlanProgress implements Consumer<String> {

    /** JMeter's summariser's interval line; the numbers' format follows JMeter's locale, so ',' and '.' both occur. */
    private static final Pattern INTERVAL = Pattern.compile(
            "^summary \\+\\s+(\\d+) in (\\d+):(\\d{2}):(\\d{2})\\s*=\\s*([0-9.,]+)/s.*?Err:\\s*(\\d+)");

    /** How a line the samplers print for the user starts (e.g. a registry lost mid-run). */
    private static final String SAID = "rpcbench: ";

    private final PrintWriter out;
    private final boolean inPlace;
    private final String prefix;
    private final long warmupSeconds;
    private final long measuredSeconds;
    private double elapsedSeconds;
    /** Whether a sample has been seen: the intervals before the first are the clients' set-up, not the warm-up. */
    private boolean calling;
    private long errors;
    private int lastWidth;

    /**
     * @param inPlace true on a terminal: each status overwrites the previous one
     */
    public PlanProgress(PrintWriter out, boolean inPlace, String prefix, long warmupSeconds, long measuredSeconds) {
        this.out = out;
        this.inPlace = inPlace;
        this.prefix = prefix;
        this.warmupSeconds = warmupSeconds;
        this.measuredSeconds = measuredSeconds;
    }

    /** One interval of JMeter's summariser, or empty for any other line. */
    record Interval(long samples, long seconds, double perSecond, long errors) {

        /**
         * The interval's length as JMeter measured it: samples over rate. The printed {@code 00:00:05} is cut to
         * whole seconds, and summing cut seconds loses up to one per interval (a 6 s run read 0 + 5 + 0 s).
         */
        double exactSeconds() {
            return samples > 0 && perSecond > 0 ? samples / perSecond : seconds;
        }
    }

    static Optional<Interval> parse(String line) {
        Matcher m = INTERVAL.matcher(line);
        if (!m.find()) {
            return Optional.empty();
        }
        long seconds = Long.parseLong(m.group(2)) * 3600 + Long.parseLong(m.group(3)) * 60 + Long.parseLong(m.group(4));
        long samples = Long.parseLong(m.group(1));
        // The rate as JMeter computed it from its exact interval; the whole seconds above are only for the phase.
        double rate = seconds == 0 ? samples : samples / (double) seconds;
        try {
            rate = Double.parseDouble(m.group(5).replace(",", "."));
        } catch (NumberFormatException grouped) {
            // a locale with grouping separators: keep samples / seconds
        }
        return Optional.of(new Interval(samples, seconds, rate, Long.parseLong(m.group(6))));
    }

    @Override
    public void accept(String line) {
        if (line.startsWith(SAID)) {
            say(line);
            return;
        }
        parse(line).ifPresent(this::show);
    }

    /** A line the samplers say on JMeter's console (a registry lost, say): shown as it is, on a line of its own. */
    private synchronized void say(String line) {
        if (inPlace && lastWidth > 0) {
            out.println();
            lastWidth = 0;
        }
        out.println(prefix + "  " + line);
        out.flush();
    }

    private synchronized void show(Interval interval) {
        calling |= interval.samples() > 0;
        if (calling) {
            elapsedSeconds += interval.exactSeconds();
        }
        errors += interval.errors();
        out.print(inPlace ? "\r" + pad(status(interval)) : status(interval) + System.lineSeparator());
        out.flush();
    }

    /** The status after {@code interval}: phase, its elapsed and total seconds, time left, TPS and errors. */
    synchronized String status(Interval interval) {
        if (!calling) {
            return String.format(Locale.ROOT, "%s  %-9s no call yet, the clients are being set up", prefix, "set-up");
        }
        long elapsed = Math.round(elapsedSeconds);
        boolean warming = elapsed < warmupSeconds;
        long phaseElapsed = warming ? elapsed : Math.min(elapsed - warmupSeconds, measuredSeconds);
        long left = Math.max(0, warmupSeconds + measuredSeconds - elapsed);
        return String.format(Locale.ROOT, "%s  %-9s %5d/%d s, %d s left   %,.0f TPS   %d errors (%d in the last %d s)",
                prefix, warming ? "warm-up" : "measuring", phaseElapsed, warming ? warmupSeconds : measuredSeconds,
                left, interval.perSecond(), errors, interval.errors(), interval.seconds());
    }

    private String pad(String status) {
        String padded = status.length() < lastWidth ? status + " ".repeat(lastWidth - status.length()) : status;
        lastWidth = status.length();
        return padded;
    }

    /** Ends the in-place line so the next output starts on a line of its own. */
    public synchronized void finish() {
        if (inPlace && lastWidth > 0) {
            out.println();
            out.flush();
        }
    }
}
