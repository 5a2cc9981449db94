package io.rpcbench.sampler.call.echo;

import io.rpcbench.echo.EchoPayload;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.SamplerParameters;

/**
 * A payload size that changes at random every interval, as in seed 000's high-pressure test ("the String parameter
 * from 20 bytes to 200 KB, changed at random every 10 minutes"): the size of interval {@code i} is drawn from
 * {@code [minBytes, maxBytes]} by a hash of {@code seed} and {@code i}, so it depends on nothing else.
 *
 * <p>Why a hash of the interval rather than a random generator per thread: the intervals are counted from the epoch
 * ({@code i = epochMillis / everyMillis}), so every thread of a JMeter, and every JMeter on machines with the same
 * clock, uses the same size at the same moment and switches at the same instant; and a run with the same seed
 * sees the same sizes again at the same wall-clock intervals. The first interval of a run is therefore a partial
 * one (a run started at 12:07 with a 600 s interval switches at 12:10).
 *
 * <pre>{@code
 * SizeChange change = SizeChange.from(parameters);         // size_min_bytes, size_max_bytes, size_every_s, size_seed
 * int size = change.sizeAt(System.currentTimeMillis());
 * }</pre>
 *
 * @param minBytes     smallest size, inclusive
 * @param maxBytes     largest size, inclusive
 * @param everySeconds length of an interval
 * @param seed         which sequence of sizes
 */
public record SizeChange(int minBytes, int maxBytes, int everySeconds, int seed) {

    public static final String MIN_BYTES = "size_min_bytes";
    public static final String MAX_BYTES = "size_max_bytes";
    public static final String EVERY_SECONDS = "size_every_s";
    public static final String SEED = "size_seed";

    /** The seed's range: 20 bytes to 200 KiB. */
    public static final int DEFAULT_MIN_BYTES = 20;
    public static final int DEFAULT_MAX_BYTES = 200 * 1024;
    /** The seed's interval: 10 minutes. */
    public static final int DEFAULT_EVERY_SECONDS = 600;
    public static final int DEFAULT_SEED = 1;

    /** Longest interval accepted: a week; the seed's longest run was 50 hours. */
    public static final int MAX_EVERY_SECONDS = 7 * 24 * 3600;

    public SizeChange {
        if (minBytes < 0 || maxBytes < minBytes || maxBytes > EchoPayload.MAX_SIZE_BYTES) {
            throw new IllegalArgumentException("size range " + minBytes + "-" + maxBytes + " is not a range from 0 to "
                    + EchoPayload.MAX_SIZE_BYTES + " bytes");
        }
        if (everySeconds < 1 || everySeconds > MAX_EVERY_SECONDS) {
            throw new IllegalArgumentException("interval " + everySeconds + " s is out of range; expected 1 to "
                    + MAX_EVERY_SECONDS + " s");
        }
    }

    /**
     * Reads {@value #MIN_BYTES}, {@value #MAX_BYTES}, {@value #EVERY_SECONDS} and {@value #SEED}.
     *
     * @throws BadParameterException naming the parameter, its value and what was expected
     */
    public static SizeChange from(SamplerParameters parameters) {
        int min = parameters.integer(MIN_BYTES, DEFAULT_MIN_BYTES, 0, EchoPayload.MAX_SIZE_BYTES);
        int max = parameters.integer(MAX_BYTES, DEFAULT_MAX_BYTES, 0, EchoPayload.MAX_SIZE_BYTES);
        if (max < min) {
            throw BadParameterException.of(MAX_BYTES, Integer.toString(max), "is below " + MIN_BYTES + " " + min,
                    "a size from " + min + " to " + EchoPayload.MAX_SIZE_BYTES);
        }
        int every = parameters.integer(EVERY_SECONDS, DEFAULT_EVERY_SECONDS, 1, MAX_EVERY_SECONDS);
        int seed = parameters.integer(SEED, DEFAULT_SEED, Integer.MIN_VALUE, Integer.MAX_VALUE);
        return new SizeChange(min, max, every, seed);
    }

    /** The number of the interval holding {@code epochMillis}, counted from the epoch. */
    public long intervalAt(long epochMillis) {
        return Math.floorDiv(epochMillis, everySeconds * 1000L);
    }

    /** The size during interval number {@code interval}. */
    public int sizeOf(long interval) {
        long span = (long) maxBytes - minBytes + 1;
        return (int) (minBytes + Long.remainderUnsigned(mix(seed * 0x9E3779B97F4A7C15L + interval), span));
    }

    /** The size at {@code epochMillis}. */
    public int sizeAt(long epochMillis) {
        return sizeOf(intervalAt(epochMillis));
    }

    /** E.g. {@code random 20-204800 bytes every 600 s (seed 1)}. */
    public String describe() {
        return "random " + minBytes + "-" + maxBytes + " bytes every " + everySeconds + " s (seed " + seed + ")";
    }

    /**
     * The finaliser of SplitMix64 (Steele, Lea and Flood, 2014): neighbouring inputs give unrelated outputs. Written
     * out rather than taken from {@code java.util.SplittableRandom}, whose algorithm the JDK may change: a seed must
     * give the same sizes on every JDK.
     */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
