package io.rpcbench.reports.jtl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** A JTL parsed on a thread of its own: the consumer sees every sample in order, and either side's failure ends both. */
class ParsingAheadTest {

    private static JtlSample sample(long i) {
        return new JtlSample(1_700_000_000_000L + i, 1, "echo", "200", "OK", true, 10, 10, 1, "");
    }

    /** A parse of {@code count} samples that fails with {@code failure} after them, if given. */
    private static ParsingAhead.Parse samples(long count, RuntimeException failure) {
        return consumer -> {
            for (long i = 0; i < count; i++) {
                consumer.accept(sample(i));
            }
            if (failure != null) {
                throw failure;
            }
            return count;
        };
    }

    @Test
    void everySampleReachesTheConsumerInFileOrder() {
        long count = ParsingAhead.BATCH * (ParsingAhead.BATCHES_AHEAD + 3L) + 17;
        List<Long> seen = new ArrayList<>();

        long read = ParsingAhead.read(samples(count, null), s -> seen.add(s.timeStamp() - 1_700_000_000_000L));

        assertThat(read).isEqualTo(count);
        assertThat(seen).hasSize((int) count);
        for (int i = 0; i < seen.size(); i++) {
            assertThat(seen.get(i)).isEqualTo(i);
        }
    }

    @Test
    void aParseErrorReachesTheCallerAfterTheSamplesBeforeIt() {
        JtlFormatException bad = new JtlFormatException(Path.of("run.jtl"), 5000, "'elapsed' is 'x'");
        long[] seen = {0};

        assertThatThrownBy(() -> ParsingAhead.read(samples(4998, bad), s -> seen[0]++)).isSameAs(bad);
        assertThat(seen[0]).isEqualTo(4998);
    }

    @Test
    void aConsumerThatFailsStopsTheParser() throws Exception {
        IllegalStateException full = new IllegalStateException("consumer gave up");
        Consumer<JtlSample> failing = s -> {
            if (s.timeStamp() - 1_700_000_000_000L == 100) {
                throw full;
            }
        };
        long endless = Long.MAX_VALUE;

        assertThatThrownBy(() -> ParsingAhead.read(samples(endless, null), failing)).isSameAs(full);
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().equals("jtl-parser"));
    }

    @Test
    void aFileOfNoSamplesEndsAtOnce() {
        List<JtlSample> seen = new ArrayList<>();

        assertThat(ParsingAhead.read(samples(0, null), seen::add)).isZero();
        assertThat(seen).isEmpty();
    }
}
