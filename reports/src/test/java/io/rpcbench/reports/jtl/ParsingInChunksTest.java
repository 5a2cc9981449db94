package io.rpcbench.reports.jtl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** A JTL's chunks parsed on several threads: the consumer sees every sample in file order, as one reader hands them. */
class ParsingInChunksTest {

    private static final long T0 = 1_700_000_000_000L;

    private static JtlSample sample(long i) {
        return new JtlSample(T0 + i, 1, "echo", "200", "OK", true, 10, 10, 1, "");
    }

    /** Chunk c holds the samples c * size .. c * size + size - 1; chunk {@code failing} fails after half of them. */
    private static ParsingInChunks.ParseChunk chunksOf(int size, int failing, RuntimeException failure,
            Set<Integer> started) {
        return (chunk, samples) -> {
            started.add(chunk);
            for (int i = 0; i < size; i++) {
                if (chunk == failing && i == size / 2) {
                    throw failure;
                }
                samples.accept(sample((long) chunk * size + i));
            }
            return size;
        };
    }

    @Test
    void everySampleReachesTheConsumerInFileOrder() {
        int chunks = 57;
        int size = ParsingAhead.BATCH * 2 + 13; // chunks of unequal batches
        List<Long> seen = new ArrayList<>();

        long read = ParsingInChunks.read(chunks, chunksOf(size, -1, null, ConcurrentHashMap.newKeySet()),
                s -> seen.add(s.timeStamp() - T0));

        assertThat(read).isEqualTo((long) chunks * size);
        assertThat(seen).hasSize(chunks * size);
        for (int i = 0; i < seen.size(); i++) {
            assertThat(seen.get(i)).isEqualTo(i);
        }
    }

    @Test
    void aParseErrorReachesTheCallerAfterEverySampleBeforeIt() {
        JtlFormatException bad = new JtlFormatException(Path.of("run.jtl"), 5000, "'elapsed' is 'x'");
        int size = 1000;
        List<Long> seen = new ArrayList<>();

        assertThatThrownBy(() -> ParsingInChunks.read(20, chunksOf(size, 7, bad, ConcurrentHashMap.newKeySet()),
                s -> seen.add(s.timeStamp() - T0))).isSameAs(bad);
        assertThat(seen).hasSize(7 * size + size / 2);
        assertThat(seen.get(seen.size() - 1)).isEqualTo(7L * size + size / 2 - 1);
    }

    @Test
    void aConsumerThatFailsEndsTheParsing() {
        IllegalStateException full = new IllegalStateException("consumer gave up");
        Consumer<JtlSample> failing = s -> {
            if (s.timeStamp() - T0 == 2500) {
                throw full;
            }
        };
        Set<Integer> started = ConcurrentHashMap.newKeySet();
        int chunks = 1000;

        assertThatThrownBy(() -> ParsingInChunks.read(chunks, chunksOf(1000, -1, null, started), failing))
                .isSameAs(full);
        assertThat(started).hasSizeLessThanOrEqualTo(3 + ParsingInChunks.MAX_THREADS * ParsingInChunks.AHEAD_PER_THREAD);
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().startsWith("jtl-parser-"));
    }

    @Test
    void oneChunkAndNoChunksAreReadOnTheCallersThread() {
        List<String> threads = new ArrayList<>();
        ParsingInChunks.ParseChunk parse = (chunk, samples) -> {
            threads.add(Thread.currentThread().getName());
            samples.accept(sample(chunk));
            return 1;
        };

        assertThat(ParsingInChunks.read(1, parse, s -> { })).isEqualTo(1);
        assertThat(ParsingInChunks.read(0, parse, s -> { })).isZero();
        assertThat(threads).containsExactly(Thread.currentThread().getName());
    }
}
