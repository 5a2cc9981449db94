package io.rpcbench.benchmark.queueing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The M/D/c figures against what is known independently of the chain they are computed from: for one server,
 * Erlang's closed form of the M/D/1 wait (1909) and the Pollaczek-Khinchine mean; for several, Crommelin's series for
 * the mean wait (1932) and the queue's own rule played out for a million seeded arrivals.
 */
class MdcQueueTest {

    @Test
    void capacityIsServersOverServiceTime() {
        MdcQueue queue = MdcQueue.of(400, 4, 0.005);

        assertThat(queue.capacityPerSecond()).isEqualTo(800.0, within(1e-9));
        assertThat(queue.utilisation()).isEqualTo(0.5, within(1e-12));
    }

    @ParameterizedTest(name = "rho {0}")
    @CsvSource({"0.3", "0.5", "0.8", "0.9"})
    void oneServerWaitsAsErlangsClosedFormSays(double rho) {
        double d = 0.002;
        double lambda = rho / d;
        MdcQueue queue = MdcQueue.of(lambda, 1, d);

        for (double x : new double[] {0, 0.0005, 0.002, 0.0031, 0.0077, 0.012}) {
            assertThat(queue.waitingTimeCdf(x)).as("P(W <= %s)", x).isEqualTo(erlangMd1Cdf(lambda, d, x), within(1e-9));
        }
        assertThat(queue.waitProbability()).as("P(W > 0) is rho").isEqualTo(rho, within(1e-9));
    }

    @ParameterizedTest(name = "rho {0}")
    @CsvSource({"0.3", "0.5", "0.8", "0.9", "0.95"})
    void oneServersMeanWaitIsPollaczekKhinchines(double rho) {
        double d = 0.005;
        MdcQueue queue = MdcQueue.of(rho / d, 1, d);

        assertThat(queue.meanWaitingSeconds()).isEqualTo(rho * d / (2 * (1 - rho)), within(1e-9));
    }

    @ParameterizedTest(name = "c {0}, rho {1}")
    @CsvSource({"2, 0.5", "4, 0.5", "4, 0.9", "8, 0.7", "32, 0.5", "32, 0.9"})
    void severalServersMeanWaitIsCrommelins(int c, double rho) {
        double d = 0.002;
        MdcQueue queue = MdcQueue.of(rho * c / d, c, d);

        assertThat(queue.meanWaitingSeconds()).isEqualTo(crommelinMeanWait(c, rho * c, d), within(1e-9));
    }

    @ParameterizedTest(name = "c {0}, rho {1}")
    @CsvSource({"1, 0.5", "4, 0.5", "4, 0.9", "32, 0.5", "32, 0.9"})
    void percentilesAgreeWithTheQueuePlayedOutForAMillionArrivals(int c, double rho) {
        double d = 0.002;
        double lambda = rho * c / d;
        MdcQueue queue = MdcQueue.of(lambda, c, d);
        double[] waits = playedOut(lambda, c, d, 1_000_000, 39);

        for (double percent : new double[] {90, 99, 99.9}) {
            double played = waits[(int) Math.ceil(percent / 100 * waits.length) - 1];
            double computed = queue.waitingTimePercentile(percent);
            // A million arrivals put a percentile within a few % of the truth (and the 99.9th within 10 %), or within
            // a few µs where it is near 0.
            double tolerance = Math.max(percent == 99.9 ? 0.1 * computed : 0.04 * computed, 5e-6);
            assertThat(played).as("p%s wait, s", percent).isCloseTo(computed, within(tolerance));
            assertThat(queue.responseTimePercentile(percent)).isEqualTo(computed + d, within(1e-12));
        }
    }

    @Test
    void halfLoadOnFourServersOfFiveMsAndThirtyTwoOfTwoMs() {
        // The figures docs/performance.md compares runs with; pinned so that a change of the model shows.
        assertThat(MdcQueue.of(400, 4, 0.005).responseTimePercentile(99) * 1000).isCloseTo(8.554, within(0.001));
        assertThat(MdcQueue.of(2_000, 8, 0.002).responseTimePercentile(99) * 1000).isCloseTo(2.585, within(0.001));
        assertThat(MdcQueue.of(8_000, 32, 0.002).responseTimePercentile(99) * 1000).as("under 1 %% wait at all")
                .isCloseTo(2.000, within(0.001));
    }

    @Test
    void refusesALoadAtOrPastCapacityNamingIt() {
        assertThatThrownBy(() -> MdcQueue.of(800, 4, 0.005)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("utilisation 1.0000 (800.0 a second at 4 x 0.005 s, capacity 800.0 a second); "
                        + "expected at most 0.95");
        assertThatThrownBy(() -> MdcQueue.of(0, 4, 0.005)).hasMessage("arrival rate 0.0 a second; expected more than 0");
        assertThatThrownBy(() -> MdcQueue.of(1, 0, 0.005)).hasMessage("servers 0; expected 1 or more");
        assertThatThrownBy(() -> MdcQueue.of(1, 1, 0)).hasMessage("service time 0.0 s; expected more than 0");
        assertThatThrownBy(() -> MdcQueue.of(1, 1, 0.005).waitingTimePercentile(100))
                .hasMessage("percentile 100.0; expected more than 0 and less than 100");
    }

    /** Erlang's M/D/1: {@code P(W <= x) = (1 - ρ) Σ_{k=0}^{⌊x/d⌋} (λ(kd - x))^k / k! e^(-λ(kd - x))}. */
    private static double erlangMd1Cdf(double lambda, double d, double x) {
        double rho = lambda * d;
        double sum = 0;
        for (int k = 0; k <= Math.floor(x / d); k++) {
            double y = lambda * (k * d - x);
            double term = Math.exp(-y);
            for (int i = 1; i <= k; i++) {
                term *= y / i;
            }
            sum += term;
        }
        return (1 - rho) * sum;
    }

    /**
     * Crommelin's mean wait of M/D/c, {@code a = λd}: {@code d Σ_{k>=1} e^(-ka) [Σ_{j>=kc} (ka)^j / j! - (c / a)
     * Σ_{j>=kc+1} (ka)^j / j!]}.
     */
    private static double crommelinMeanWait(int c, double a, double d) {
        double sum = 0;
        for (int k = 1; k < 100_000; k++) {
            double mean = k * a;
            // The upper tails of Poisson(ka) at kc and kc + 1, e^(-ka) included.
            double atKc = poissonUpperTail(mean, k * c);
            double atKc1 = atKc - poissonPmf(mean, k * c);
            double term = atKc - (c / a) * atKc1;
            sum += term;
            if (Math.abs(term) < 1e-17 && k > 10) {
                break;
            }
        }
        return d * sum;
    }

    private static double poissonPmf(double mean, int k) {
        double log = -mean + k * Math.log(mean);
        for (int i = 2; i <= k; i++) {
            log -= Math.log(i);
        }
        return Math.exp(log);
    }

    /** {@code P(Poisson(mean) >= k)}, summed upwards from k. */
    private static double poissonUpperTail(double mean, int k) {
        double term = poissonPmf(mean, k);
        double sum = 0;
        for (int j = k; term > 1e-20 || j < mean; j++) {
            sum += term;
            term *= mean / (j + 1);
        }
        return sum;
    }

    /**
     * The waits of {@code count} Poisson arrivals at {@code c} servers of service {@code d}, in arrival order: each
     * call starts when it arrives or when the call {@code c} before it ends, whichever is later. Sorted.
     */
    private static double[] playedOut(double lambda, int c, double d, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] ends = new double[c];
        double[] waits = new double[count];
        double t = 0;
        // A first tenth to reach the steady state, not counted.
        int warmup = count / 10;
        for (int n = -warmup; n < count; n++) {
            t += -Math.log(1 - random.nextDouble()) / lambda;
            int server = Math.floorMod(n, c);
            double start = Math.max(t, ends[server]);
            ends[server] = start + d;
            if (n >= 0) {
                waits[n] = start - t;
            }
        }
        Arrays.sort(waits);
        return waits;
    }
}
