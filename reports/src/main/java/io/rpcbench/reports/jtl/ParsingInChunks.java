package io.rpcbench.reports.jtl;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Parses a JTL's chunks ({@link JtlChunks}) on several threads while the caller's thread feeds their samples to the
 * consumer, chunk after chunk in file order, so the consumer sees exactly what one reader would hand it. Parsing is
 * most of a pass; with the rows cut in two or more, a pass on two cores takes about as long as the consumer's
 * statistics or half the parse, whichever is longer, where {@link ParsingAhead} takes the whole parse.
 *
 * <p>Memory stays bounded: at most {@value #AHEAD_PER_THREAD} chunks per parser thread are parsed and waiting. A
 * parse error (a {@link JtlFormatException}, an unreadable file) reaches the caller as the exception the parser threw,
 * after every sample before it in the file was fed, as one reader would; an exception of the consumer stops the
 * parsers before it is rethrown.
 *
 * <pre>{@code
 * long samples = ParsingInChunks.read(chunks.count(), (chunk, samples) -> parseChunk(chunk, samples), statistics);
 * }</pre>
 */
final class ParsingInChunks {

    static final int AHEAD_PER_THREAD = 2;
    /** More parser threads than this only contend for the same disk and memory. */
    static final int MAX_THREADS = 4;

    /** Parses chunk {@code chunk}, feeding its samples to {@code samples} in file order; returns how many. */
    @FunctionalInterface
    interface ParseChunk {
        long into(int chunk, Consumer<JtlSample> samples);
    }

    /** One chunk's samples in batches, and the failure that ended its parse early, if any. */
    private static final class Parsed implements Consumer<JtlSample> {
        private final List<JtlSample[]> batches = new ArrayList<>();
        private JtlSample[] batch = new JtlSample[ParsingAhead.BATCH];
        private int size;
        private long count;
        private RuntimeException failure;
        private Error error;

        @Override
        public void accept(JtlSample sample) {
            if (size == batch.length) {
                batches.add(batch);
                batch = new JtlSample[ParsingAhead.BATCH];
                size = 0;
            }
            batch[size++] = sample;
        }

        void feed(Consumer<JtlSample> consumer) {
            for (JtlSample[] full : batches) {
                for (JtlSample sample : full) {
                    consumer.accept(sample);
                }
            }
            for (int i = 0; i < size; i++) {
                consumer.accept(batch[i]);
            }
        }
    }

    private ParsingInChunks() {}

    /**
     * Parses chunks {@code 0 .. chunks - 1} with {@code parse} on parser threads (one per processor, from two to
     * {@value #MAX_THREADS}) and feeds their samples to {@code consumer} on this thread; returns how many samples the
     * parse counted. With one processor, or one chunk, parses on this thread alone.
     */
    static long read(int chunks, ParseChunk parse, Consumer<JtlSample> consumer) {
        int threads = Math.min(Runtime.getRuntime().availableProcessors(), MAX_THREADS);
        if (threads < 2 || chunks < 2) {
            long count = 0;
            for (int chunk = 0; chunk < chunks; chunk++) {
                count += parse.into(chunk, consumer);
            }
            return count;
        }
        List<Thread> started = new CopyOnWriteArrayList<>();
        ExecutorService parsers = Executors.newFixedThreadPool(threads, task -> {
            Thread thread = new Thread(task, "jtl-parser-" + (started.size() + 1));
            thread.setDaemon(true);
            started.add(thread);
            return thread;
        });
        try {
            List<Future<Parsed>> parsed = new ArrayList<>(chunks);
            int ahead = threads * AHEAD_PER_THREAD;
            long count = 0;
            for (int chunk = 0; chunk < chunks; chunk++) {
                while (parsed.size() < chunks && parsed.size() < chunk + ahead) {
                    int next = parsed.size();
                    parsed.add(parsers.submit(() -> parse(parse, next)));
                }
                Parsed done = Uninterruptibly.get(parsed.get(chunk), "a JTL parser thread");
                parsed.set(chunk, null); // its samples may go once fed
                done.feed(consumer);
                count += done.count;
                if (done.error != null) {
                    throw done.error;
                }
                if (done.failure != null) {
                    throw done.failure;
                }
            }
            return count;
        } finally {
            parsers.shutdownNow(); // no chunk is started after this; a chunk being parsed is read to its end
            Uninterruptibly.join(started);
        }
    }

    private static Parsed parse(ParseChunk parse, int chunk) {
        Parsed parsed = new Parsed();
        try {
            parsed.count = parse.into(chunk, parsed);
        } catch (RuntimeException e) {
            parsed.failure = e;
        } catch (Error e) {
            parsed.error = e;
        }
        return parsed;
    }
}
