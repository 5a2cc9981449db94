package io.rpcbench.reports.jtl;

import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Splits reading a JTL over two threads: a thread of its own parses the file's rows into samples and hands them over
 * in batches, while the caller's thread feeds them to the consumer, in file order. Parsing is most of a pass (the
 * CSV, the numbers, the repeated texts); the consumer's statistics the rest, so on a machine with two cores or more a
 * pass takes about as long as parsing alone. Memory stays bounded: at most {@value #BATCHES_AHEAD} batches of
 * {@value #BATCH} samples wait.
 *
 * <p>A parse error (a {@link JtlFormatException}, an unreadable file) reaches the caller as the exception the parser
 * threw, after the samples before it were fed; an exception of the consumer stops the parser before it is rethrown.
 *
 * <pre>{@code
 * long samples = ParsingAhead.read(samples -> JtlRows.read(file, required, header -> ...), statistics);
 * }</pre>
 */
final class ParsingAhead {

    static final int BATCH = 1024;
    static final int BATCHES_AHEAD = 8;

    /** What the parser hands over when it is done: no more batches. */
    private static final JtlSample[] END = new JtlSample[0];

    /** Parses a file, feeding each sample to the consumer given; returns how many. */
    @FunctionalInterface
    interface Parse {
        long into(Consumer<JtlSample> samples);
    }

    /** Thrown inside the parser's thread once the caller has stopped taking batches. */
    private static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stopped() {
            super(null, null, false, false);
        }
    }

    private final BlockingQueue<JtlSample[]> batches = new ArrayBlockingQueue<>(BATCHES_AHEAD);
    private volatile boolean stopped;
    private volatile RuntimeException failure;
    private volatile Error error;
    private long parsed;

    private ParsingAhead() {}

    /**
     * Runs {@code parse} on a thread of its own and feeds its samples to {@code consumer} on this one; returns how
     * many samples the parse counted. With one processor, parses on this thread alone.
     */
    static long read(Parse parse, Consumer<JtlSample> consumer) {
        if (Runtime.getRuntime().availableProcessors() < 2) {
            return parse.into(consumer);
        }
        return new ParsingAhead().run(parse, consumer);
    }

    private long run(Parse parse, Consumer<JtlSample> consumer) {
        Thread parser = new Thread(() -> parse(parse), "jtl-parser");
        parser.setDaemon(true);
        parser.start();
        boolean done = false;
        try {
            while (true) {
                JtlSample[] batch = take();
                if (batch == END) {
                    break;
                }
                for (JtlSample sample : batch) {
                    if (sample == null) {
                        break;
                    }
                    consumer.accept(sample);
                }
            }
            done = true;
        } finally {
            if (!done) {
                stopped = true;
                batches.clear(); // frees the parser if it waits to put a batch
            }
            Uninterruptibly.join(List.of(parser));
        }
        if (error != null) {
            throw error;
        }
        if (failure != null) {
            throw failure;
        }
        return parsed;
    }

    private void parse(Parse parse) {
        JtlSample[][] batch = {new JtlSample[BATCH]};
        int[] size = {0};
        try {
            parsed = parse.into(sample -> {
                batch[0][size[0]++] = sample;
                if (size[0] == BATCH) {
                    put(batch[0]);
                    batch[0] = new JtlSample[BATCH];
                    size[0] = 0;
                }
            });
        } catch (Stopped e) {
            return;
        } catch (RuntimeException e) {
            failure = e;
        } catch (Error e) {
            error = e;
        }
        try {
            if (size[0] > 0) { // the samples before the end, or before the failure
                put(batch[0]);
            }
        } catch (Stopped e) {
            return;
        }
        putEnd();
    }

    private void put(JtlSample[] batch) {
        try {
            while (!batches.offer(batch, 50, TimeUnit.MILLISECONDS)) {
                if (stopped) {
                    throw new Stopped();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Stopped();
        }
        if (stopped) {
            throw new Stopped();
        }
    }

    private void putEnd() {
        try {
            while (!stopped && !batches.offer(END, 50, TimeUnit.MILLISECONDS)) {
                // the caller takes batches until END
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private JtlSample[] take() {
        try {
            return batches.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading a JTL", e);
        }
    }
}
