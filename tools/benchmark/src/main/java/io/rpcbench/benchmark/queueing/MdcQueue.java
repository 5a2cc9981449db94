package io.rpcbench.benchmark.queueing;

import java.util.Arrays;
import java.util.Locale;

/**
 * The M/D/c queue: calls arriving at random (Poisson, {@code λ} a second), {@code c} servers, each call's service
 * exactly {@code d}, served in arrival order. It is what a provider of known capacity is (the provider app's {@code
 * --service-workers c --service-time-us d}) under an open workload, so its figures are what {@code ./run-benchmark
 * --capacity} and an open run at a given rate must find: the capacity {@code c / d}, and the response time's
 * percentiles at a rate below it.
 *
 * <p>Computed exactly, not simulated (Crommelin 1932; Tijms, <i>A First Course in Stochastic Models</i>, 2003,
 * on M/D/c). Calls in the system at times {@code d} apart form a Markov chain: every call in service at
 * {@code t} has left by {@code t + d}, every call waiting at {@code t} is still there, so {@code N(t + d) = max(N(t) -
 * c, 0) + A}, {@code A} the Poisson({@code λd}) arrivals in between. Its stationary distribution, found by iterating
 * that step, is the distribution of {@code N} at any time. A call arriving at {@code t} waits at most {@code kd + u}
 * ({@code 0 <= u < d}) when fewer than {@code c} of the calls before it are left at {@code t + kd + u}; counting those
 * back to {@code t + u - d} gives {@code P(W <= kd + u) = P(max(N - c, 0) + Poisson(λ(d - u)) <= (k + 1)c - 1)}. The
 * response time is {@code W + d}.
 *
 * <pre>{@code
 * MdcQueue queue = MdcQueue.of(400, 4, 0.005);   // 400 calls/s at 4 workers x 5 ms
 * queue.capacityPerSecond();                      // 800
 * queue.responseTimePercentile(99);               // seconds
 * }</pre>
 */
public final class MdcQueue {

    /** The stationary distribution is iterated until two steps differ by less than this (sum of differences). */
    private static final double CONVERGED = 1e-13;
    /** At most this many steps of the chain; a load this near 1 is refused instead. */
    private static final int MAX_STEPS = 1_000_000;
    /** The highest utilisation computed: nearer 1 the chain takes too long to settle. */
    public static final double MAX_UTILISATION = 0.95;

    private final double arrivalsPerSecond;
    private final int servers;
    private final double serviceSeconds;
    /** {@code a = λd}: arrivals during one service time. */
    private final double load;
    /** {@code p[j]}: the probability of {@code j} calls in the system; beyond its length, none to speak of. */
    private final double[] inSystem;

    private MdcQueue(double arrivalsPerSecond, int servers, double serviceSeconds) {
        this.arrivalsPerSecond = arrivalsPerSecond;
        this.servers = servers;
        this.serviceSeconds = serviceSeconds;
        this.load = arrivalsPerSecond * serviceSeconds;
        this.inSystem = stationary(load, servers);
    }

    /**
     * @param arrivalsPerSecond λ, more than 0
     * @param servers           c, 1 or more
     * @param serviceSeconds    d, more than 0
     * @throws IllegalArgumentException for a value out of range, or a utilisation {@code λd / c} above {@value
     *                                  #MAX_UTILISATION} (at 1 and above no steady state exists)
     */
    public static MdcQueue of(double arrivalsPerSecond, int servers, double serviceSeconds) {
        if (!(arrivalsPerSecond > 0) || Double.isInfinite(arrivalsPerSecond)) {
            throw new IllegalArgumentException("arrival rate " + arrivalsPerSecond + " a second; expected more than 0");
        }
        if (servers < 1) {
            throw new IllegalArgumentException("servers " + servers + "; expected 1 or more");
        }
        if (!(serviceSeconds > 0) || Double.isInfinite(serviceSeconds)) {
            throw new IllegalArgumentException("service time " + serviceSeconds + " s; expected more than 0");
        }
        double utilisation = arrivalsPerSecond * serviceSeconds / servers;
        if (utilisation > MAX_UTILISATION + 1e-9) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "utilisation %.4f (%s a second at %d x %s s, "
                    + "capacity %s a second); expected at most %.2f: at 1 or more the queue grows without end",
                    utilisation, arrivalsPerSecond, servers, serviceSeconds, servers / serviceSeconds,
                    MAX_UTILISATION));
        }
        return new MdcQueue(arrivalsPerSecond, servers, serviceSeconds);
    }

    /** {@code c / d}: the most calls a second the servers serve. */
    public double capacityPerSecond() {
        return servers / serviceSeconds;
    }

    /** {@code ρ = λd / c}: the share of time a server is busy. */
    public double utilisation() {
        return load / servers;
    }

    /** The chance that a call waits at all: {@code P(W > 0)}. */
    public double waitProbability() {
        return 1 - waitingTimeCdf(0);
    }

    /** The mean wait, s: the mean number waiting over λ (Little's law). */
    public double meanWaitingSeconds() {
        double waiting = 0;
        for (int j = servers + 1; j < inSystem.length; j++) {
            waiting += (j - servers) * inSystem[j];
        }
        return waiting / arrivalsPerSecond;
    }

    /** {@code P(W <= seconds)}: the chance a call waits at most {@code seconds} before its service starts. */
    public double waitingTimeCdf(double seconds) {
        if (seconds < 0) {
            return 0;
        }
        long k = (long) Math.floor(seconds / serviceSeconds);
        double u = seconds - k * serviceSeconds;
        return cdfAt(k, u);
    }

    /** {@code P(W <= kd + u)}, {@code 0 <= u < d}. */
    private double cdfAt(long k, double u) {
        long limit = (k + 1) * servers - 1;
        if (limit - servers >= inSystem.length) {
            return 1;
        }
        double mean = arrivalsPerSecond * (serviceSeconds - u);
        double[] poissonCdf = poissonCdf(mean, (int) limit);
        // m = max(N - c, 0): m = 0 for N <= c, else N - c.
        double sum = 0;
        for (int m = 0; m <= limit; m++) {
            double pm;
            if (m == 0) {
                pm = 0;
                for (int j = 0; j <= servers && j < inSystem.length; j++) {
                    pm += inSystem[j];
                }
            } else {
                int j = m + servers;
                if (j >= inSystem.length) {
                    break;
                }
                pm = inSystem[j];
            }
            sum += pm * poissonCdf[(int) (limit - m)];
        }
        return Math.min(1, sum);
    }

    /** The waiting time that {@code percent} % of the calls do not exceed, s. */
    public double waitingTimePercentile(double percent) {
        if (!(percent > 0) || !(percent < 100)) {
            throw new IllegalArgumentException("percentile " + percent + "; expected more than 0 and less than 100");
        }
        double p = percent / 100;
        if (cdfAt(0, 0) >= p) {
            return 0;
        }
        long k = 0;
        while (cdfAt(k + 1, 0) < p) {
            k++;
        }
        // Within [kd, (k+1)d) the distribution function rises continuously: halve the interval.
        double low = 0;
        double high = serviceSeconds;
        for (int i = 0; i < 60; i++) {
            double middle = (low + high) / 2;
            if (cdfAt(k, middle) < p) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return k * serviceSeconds + high;
    }

    /** The response time (wait and service) that {@code percent} % of the calls do not exceed, s. */
    public double responseTimePercentile(double percent) {
        return waitingTimePercentile(percent) + serviceSeconds;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "M/D/%d at %.1f/s, d %.6f s (utilisation %.3f)", servers, arrivalsPerSecond,
                serviceSeconds, utilisation());
    }

    /** The distribution of the number in the system: the chain's step iterated until it no longer changes. */
    private static double[] stationary(double load, int servers) {
        int poissonTop = (int) Math.ceil(load + 12 * Math.sqrt(load) + 30);
        double[] arrivals = poissonPmf(load, poissonTop);
        double decay = decayRoot(load, servers);
        int size = servers + poissonTop + (int) Math.ceil(Math.log(1e16) / Math.log(decay)) + 10;
        // Started from the geometric shape of the answer, so that fewer steps settle it.
        double[] p = new double[size];
        for (int j = 0; j < size; j++) {
            p[j] = Math.pow(decay, -j);
        }
        double[] next = new double[size];
        for (int step = 0; step < MAX_STEPS; step++) {
            Arrays.fill(next, 0);
            for (int j = 0; j < size; j++) {
                if (p[j] == 0) {
                    continue;
                }
                int left = Math.max(j - servers, 0);
                int top = Math.min(poissonTop, size - 1 - left);
                for (int a = 0; a <= top; a++) {
                    next[left + a] += p[j] * arrivals[a];
                }
            }
            double total = 0;
            for (double v : next) {
                total += v;
            }
            double change = 0;
            for (int j = 0; j < size; j++) {
                // What the truncation drops is put back in proportion: it is below 1e-15 by the tail's length.
                next[j] /= total;
                change += Math.abs(next[j] - p[j]);
            }
            double[] swap = p;
            p = next;
            next = swap;
            if (change < CONVERGED && step > 10) {
                return p;
            }
        }
        throw new IllegalStateException("the M/D/" + servers + " queue at load " + load + " did not settle in "
                + MAX_STEPS + " steps");
    }

    /**
     * The number in the system falls off geometrically as {@code z^-j}, {@code z > 1} the root of {@code z^c = e^(a(z -
     * 1))}: enough states are kept for {@code z^-j} to fall under 1e-16.
     */
    private static double decayRoot(double load, int servers) {
        // f(z) = c ln z - a (z - 1) is 0 at z = 1 and at the root sought, positive in between (a < c).
        double high = 2;
        while (servers * Math.log(high) - load * (high - 1) > 0) {
            high *= 2;
        }
        double low = 1 + 1e-12;
        // f > 0 just above 1 when a < c; bisect for the sign change.
        for (int i = 0; i < 200; i++) {
            double middle = (low + high) / 2;
            if (servers * Math.log(middle) - load * (middle - 1) > 0) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return high;
    }

    /** Poisson({@code mean}) probabilities of 0 to {@code top}. */
    private static double[] poissonPmf(double mean, int top) {
        double[] pmf = new double[top + 1];
        if (mean == 0) {
            pmf[0] = 1;
            return pmf;
        }
        // In logarithms, so that e^-mean does not underflow for a large mean.
        double log = -mean;
        double logMean = Math.log(mean);
        for (int k = 0; k <= top; k++) {
            if (k > 0) {
                log += logMean - Math.log(k);
            }
            pmf[k] = Math.exp(log);
        }
        return pmf;
    }

    /** {@code P(Poisson(mean) <= k)} for k from 0 to {@code top}. */
    private static double[] poissonCdf(double mean, int top) {
        double[] pmf = poissonPmf(mean, top);
        double[] cdf = new double[top + 1];
        double sum = 0;
        for (int k = 0; k <= top; k++) {
            sum += pmf[k];
            cdf[k] = Math.min(1, sum);
        }
        return cdf;
    }
}
