package io.rpcbench.reports.statistics;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.figures.Figures;
import io.rpcbench.reports.jtl.JtlSample;
import io.rpcbench.seconds.SampleFigures;
import io.rpcbench.seconds.StreamFigures;
import org.HdrHistogram.Histogram;

/**
 * The streams among some samples (a label's): how many, the messages they sent and received, and three distributions
 * made of every stream's own figures ({@link JtlSample#stream()}): the time to the first message (one value a
 * stream), the gaps between messages received and a ping-pong's round trips (one value a message, every stream's
 * added). Each distribution is an HdrHistogram of 3 significant digits in µs beside its exact maximum, as the
 * response times are kept ({@link SampleFigures}): a percentile is within 0.1 % of the exact nearest rank over all the
 * messages, never above the maximum.
 *
 * <pre>{@code
 * StreamStatistics streams = new StreamStatistics();
 * samples.forEach(sample -> streams.add(sample.stream()));
 * DashboardData.Streams figures = streams.figures(windowMs);
 * }</pre>
 */
public final class StreamStatistics {

    private long streams;
    private long sent;
    private long received;
    private final Distribution first = new Distribution();
    private final Distribution gaps = new Distribution();
    private final Distribution roundTrips = new Distribution();

    /** Adds one stream's figures. */
    public void add(StreamFigures stream) {
        streams++;
        sent += stream.sent();
        received += stream.received();
        if (stream.firstUs() >= 0) {
            first.record(stream.firstUs());
        }
        for (long gap : stream.gapsUs()) {
            gaps.record(gap);
        }
        for (long trip : stream.rttsUs()) {
            roundTrips.record(trip);
        }
    }

    public long streams() { return streams; }

    public long sent() { return sent; }

    public long received() { return received; }

    /** The time to the first message at {@code percentile} over the streams that had one, ms; 0 when none had. */
    public double firstPercentileMs(double percentile) { return first.percentileMs(percentile); }

    /** The gap between two messages at {@code percentile} over every stream's gaps, ms; 0 without gaps. */
    public double gapPercentileMs(double percentile) { return gaps.percentileMs(percentile); }

    /** A ping-pong's round trip at {@code percentile} over every message's, ms; 0 without round trips. */
    public double roundTripPercentileMs(double percentile) { return roundTrips.percentileMs(percentile); }

    /**
     * The figures for the dashboard, ms with µs precision, rates per second of {@code windowMs} (the measured window,
     * or the samples' span); a distribution without values is null.
     */
    public DashboardData.Streams figures(long windowMs) {
        double seconds = windowMs / 1000.0;
        return new DashboardData.Streams(streams, sent, received,
                Figures.round(seconds <= 0 ? 0 : sent / seconds, 3),
                Figures.round(seconds <= 0 ? 0 : received / seconds, 3),
                first.figures(), gaps.figures(), roundTrips.figures());
    }

    /** One distribution of µs values: an HdrHistogram of 3 significant digits and the exact maximum. */
    private static final class Distribution {
        private final Histogram histogram = new Histogram(SampleFigures.SIGNIFICANT_DIGITS);
        private long maxUs;

        void record(long us) {
            histogram.recordValue(us);
            maxUs = Math.max(maxUs, us);
        }

        double percentileMs(double percentile) {
            return histogram.getTotalCount() == 0 ? 0
                    : Math.min(histogram.getValueAtPercentile(percentile), maxUs) / 1000.0;
        }

        DashboardData.Percentiles figures() {
            return histogram.getTotalCount() == 0 ? null
                    : new DashboardData.Percentiles(histogram.getTotalCount(), Figures.round(percentileMs(50), 3),
                            Figures.round(percentileMs(99), 3), Figures.round(maxUs / 1000.0, 3));
        }
    }
}
