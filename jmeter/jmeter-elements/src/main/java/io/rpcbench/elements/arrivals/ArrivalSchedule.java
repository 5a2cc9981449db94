package io.rpcbench.elements.arrivals;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * When each arrival of an open workload is due, in seconds from the schedule's start: the schedule as segments, each
 * with a rate that goes linearly from its begin to its end rate over its duration, its arrivals at random times (a
 * Poisson process of that rate) or evenly spaced. It is the shape of JMeter's Open Model Thread Group schedule
 * ({@code rate(1000/sec) random_arrivals(10 min) rate(2000/sec) ...}), which {@link ArrivalsThreadGroup} parses with
 * JMeter's own parser and hands over as segments.
 *
 * <p>Arrival times come from the segment's cumulative rate {@code Λ(t) = r0 t + (r1 - r0) t² / 2D}: the k-th arrival is
 * due where {@code Λ(t)} reaches {@code k - 1/2} (even arrivals: a constant rate {@code r} gives {@code r D} arrivals
 * in the middle of each {@code 1/r}) or the sum of {@code k} unit exponential draws (random arrivals: a Poisson process
 * whose rate follows {@code r(t)}, by the time change of its cumulative rate). What is left of the count at a
 * segment's end carries into the next, so a rate that stays the same across segments gives the same process.
 *
 * <p>Not thread-safe: {@link Arrivals} draws from it under its lock.
 *
 * <pre>{@code
 * ArrivalSchedule schedule = new ArrivalSchedule(List.of(new Segment(1000, 1000, 60, true)), seed);
 * for (double t = schedule.next(); !Double.isNaN(t); t = schedule.next()) { ... }
 * }</pre>
 */
public final class ArrivalSchedule {

    /**
     * A stretch of the schedule.
     *
     * @param beginRate arrivals a second at the segment's start, 0 or more
     * @param endRate   arrivals a second at its end, 0 or more
     * @param seconds   its duration, 0 or more
     * @param random    random arrivals (a Poisson process) rather than evenly spaced ones
     */
    public record Segment(double beginRate, double endRate, double seconds, boolean random) {

        public Segment {
            if (!(beginRate >= 0) || !(endRate >= 0) || Double.isInfinite(beginRate) || Double.isInfinite(endRate)) {
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "a rate of %s..%s arrivals a second; expected 0 or more", beginRate, endRate));
            }
            if (!(seconds >= 0) || Double.isInfinite(seconds)) {
                throw new IllegalArgumentException("a duration of " + seconds + " s; expected 0 or more");
            }
        }

        /** The arrivals expected in the segment: its mean rate times its duration. */
        public double expectedArrivals() {
            return (beginRate + endRate) / 2 * seconds;
        }

        /** The segment with its rates divided by {@code parts}, e.g. one engine's share of the rate. */
        Segment share(int parts) {
            return new Segment(beginRate / parts, endRate / parts, seconds, random);
        }

        /** Where the cumulative rate reaches {@code count} within the segment ({@code count <= expectedArrivals()}). */
        double timeOf(double count) {
            double slope = (endRate - beginRate) / seconds; // rate change a second
            if (Math.abs(slope) < 1e-12) {
                return count / beginRate;
            }
            // r0 t + slope t^2 / 2 = count, solved in the form that stays exact when the slope is small
            double root = Math.sqrt(Math.max(0, beginRate * beginRate + 2 * slope * count));
            return 2 * count / (beginRate + root);
        }
    }

    private final List<Segment> segments;
    private final SplittableRandom random;
    private final double totalSeconds;
    private final double expectedArrivals;
    /** The segment being drawn from, its start in seconds, and the count reached within it. */
    private int segment;
    private double segmentStart;
    private double count;
    /** The count the next arrival is due at, when drawn but beyond the segment it was drawn in; else NaN. */
    private double pending = Double.NaN;
    /** Whether an even arrival was placed: the first is due at a count of 1/2, the rest 1 apart. */
    private boolean evenStarted;

    /**
     * @param segments the schedule, in order
     * @param seed     the random arrivals' seed: the same seed, the same times
     */
    public ArrivalSchedule(List<Segment> segments, long seed) {
        this.segments = List.copyOf(segments);
        this.random = new SplittableRandom(seed);
        this.totalSeconds = this.segments.stream().mapToDouble(Segment::seconds).sum();
        this.expectedArrivals = this.segments.stream().mapToDouble(Segment::expectedArrivals).sum();
    }

    /** The same schedule with every rate divided by {@code engines}: one of that many engines' share. */
    public static List<Segment> share(List<Segment> segments, int engines) {
        if (engines < 1) {
            throw new IllegalArgumentException("engines is " + engines + "; expected 1 or more");
        }
        return segments.stream().map(s -> s.share(engines)).toList();
    }

    /** The schedule's length in seconds. */
    public double totalSeconds() {
        return totalSeconds;
    }

    /** The arrivals the schedule expects in all: each segment's mean rate times its duration. */
    public double expectedArrivals() {
        return expectedArrivals;
    }

    /** The arrivals expected after the last one drawn: what a run stopped now leaves not started. */
    public double expectedAfterLast() {
        double left = segment < segments.size() ? segments.get(segment).expectedArrivals() - count : 0;
        for (int i = segment + 1; i < segments.size(); i++) {
            left += segments.get(i).expectedArrivals();
        }
        return Math.max(0, left);
    }

    /** The next arrival's due time in seconds from the schedule's start; NaN when the schedule has no more. */
    public double next() {
        while (segment < segments.size()) {
            Segment current = segments.get(segment);
            if (Double.isNaN(pending)) {
                double step;
                if (current.random()) {
                    step = -Math.log(1 - random.nextDouble()); // a unit exponential draw, never log(0)
                } else {
                    step = evenStarted ? 1 : 0.5;
                    evenStarted = true;
                }
                pending = count + step;
            }
            if (pending <= current.expectedArrivals()) {
                count = pending;
                pending = Double.NaN;
                return segmentStart + current.timeOf(count);
            }
            // beyond this segment's end: what is left of the step is taken in the next segment
            pending -= current.expectedArrivals();
            count = 0;
            segmentStart += current.seconds();
            segment++;
        }
        return Double.NaN;
    }
}
