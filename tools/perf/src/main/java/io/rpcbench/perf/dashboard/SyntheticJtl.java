package io.rpcbench.perf.dashboard;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A JTL as long as wanted, shaped like the shipped plans' runs write them, for the dashboard benchmark: JMeter's
 * default CSV header and columns, the four plans' labels, 20 threads, response times with a long tail, about 0.1 %
 * failed samples with a category and a message, the plans' byte counts, and rows in the order JMeter writes them
 * (by end time) at a few thousand samples per second. The same seed and length give the same bytes.
 *
 * <pre>{@code
 * new SyntheticJtl(42).write(Path.of("results/perf-dashboard/synthetic-1m.jtl"), 1_000_000);
 * }</pre>
 *
 * Rows are assembled as bytes in one reused buffer (no String.format, no String per row), so 50 million rows take
 * about as long as the disk needs for their 5 GB.
 */
final class SyntheticJtl {

    /** JMeter 5.6.3's default CSV columns, as the shipped plans' runs write them. */
    static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
            + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";

    static final int THREADS = 20;

    /** The four echo plans: label, URL (the provider that answered), bytes received, bytes sent, median ms. */
    private record Plan(String label, String url, int received, int sent, double medianMs) {}

    private static final Plan[] PLANS = {
        new Plan("dubbo-echo-1k", "dubbo://127.0.0.1:20880", 1058, 1024, 3),
        new Plan("dubbo-echo-100k", "dubbo://127.0.0.1:20880", 102443, 102400, 12),
        new Plan("thrift-echo-1k", "thrift://127.0.0.1:9090", 1048, 1048, 2),
        new Plan("thrift-echo-100k", "thrift://127.0.0.1:9090", 102424, 102424, 9),
    };

    /** What failed samples say: the category in responseCode and the sampler's message (some hold commas). */
    private static final String[][] FAILURES = {
        {"timeout", "Timeout after 1000 ms, waiting for 127.0.0.1:20880"},
        {"connection", "Connection refused: 127.0.0.1:20880"},
        {"remote-exception", "org.apache.dubbo.rpc.RpcException: the provider threw IllegalStateException"},
        {"serialization", "the provider could not decode the request"},
    };

    /** One failed sample in this many, about 0.1 %. */
    private static final int FAILURE_ONE_IN = 1000;

    /** The run's first end time: 2023-11-14, a fixed date so the bytes depend on the seed alone. */
    private static final long START_MS = 1_700_000_000_000L;

    /**
     * What a JTL looks like beyond the plain one: the shapes that the dashboard must read as fast as the plain one
     * (issue 40), each as a real run writes it.
     */
    enum Shape {
        /** JMeter's default columns, four labels, one thread group, by end time: the shipped plans' runs before
         * sample_variables. */
        PLAIN("plain", "JMeter's default columns, 4 labels, 1 thread group, rows by end time, 0.1 % failed"),
        /** The same with rpcbench's {@code elapsed_us} and {@code lag_us} columns, as every rpcbench run writes. */
        MICROSECONDS("elapsed-us", "the same with the \"elapsed_us\" and \"lag_us\" columns (lag empty), as "
                + "rpcbench runs write them"),
        /** Rows up to 2 s out of time order, as several engines' samples merged into one JTL come. */
        OUT_OF_ORDER("out-of-order", "time stamps up to 2 s out of order, as remote engines' samples arrive"),
        /** 48 labels in 4 thread groups of 50 threads on 2 remote engines (thread names with the engine prefix). */
        LABELS("labels", "48 labels, 4 thread groups of 50 threads on 2 remote engines (198.18.0.4-Thread Group 2-17)"),
        /** One sample in ten failed, with messages that hold commas, quotes and line feeds. */
        FAILURES("failures", "1 in 10 failed, messages with commas, quotes and line feeds (quoted as JMeter does)");

        final String name;
        final String description;

        Shape(String name, String description) {
            this.name = name;
            this.description = description;
        }

        static Shape named(String name) {
            for (Shape shape : values()) {
                if (shape.name.equals(name)) {
                    return shape;
                }
            }
            throw new IllegalArgumentException("JTL shape '" + name + "' is not one of "
                    + java.util.Arrays.stream(values()).map(s -> s.name).toList());
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private final long seed;
    private final Shape shape;

    SyntheticJtl(long seed) {
        this(seed, Shape.PLAIN);
    }

    SyntheticJtl(long seed, Shape shape) {
        this.seed = seed;
        this.shape = shape;
    }

    /** The labels of the {@link Shape#LABELS} shape: 48 operations of the four plans' kinds. */
    private static final Plan[] MANY = manyPlans();

    private static Plan[] manyPlans() {
        Plan[] many = new Plan[48];
        for (int i = 0; i < many.length; i++) {
            Plan base = PLANS[i % PLANS.length];
            many[i] = new Plan(base.label() + "-op" + (i / PLANS.length + 1), base.url(), base.received(), base.sent(),
                    base.medianMs());
        }
        return many;
    }

    /** Failed samples' messages of the {@link Shape#FAILURES} shape. */
    private static final String[][] ROUGH_FAILURES = {
        {"timeout", "Timeout after 1000 ms, waiting for 127.0.0.1:20880, \"echo\" of 1,024 bytes"},
        {"remote-exception", "org.apache.dubbo.rpc.RpcException: Failed to invoke\n\tat Provider.echo(Provider.java:42)"},
        {"bad-parameter", "argument 'size' is \"1k\"; expected a whole number, e.g. 1024"},
    };

    /**
     * Writes {@code samples} rows after the header to {@code file}, through a temporary file renamed at the end, so an
     * interrupted write never leaves a short file under the final name.
     */
    void write(Path file, long samples) throws IOException {
        if (samples < 0) {
            throw new IllegalArgumentException("samples is " + samples + "; expected 0 or more");
        }
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path partial = parent.resolve(file.getFileName() + ".partial");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(partial), 1 << 20)) {
            write(out, samples);
        }
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING);
    }

    void write(OutputStream out, long samples) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        Row row = new Row();
        row.text(HEADER);
        if (shape == Shape.MICROSECONDS) {
            row.text(",\"elapsed_us\",\"lag_us\"");
        }
        row.newline();
        row.flushTo(out);
        // End times advance by the gap between samples of 20 threads, 3,000 samples/s on average (1/3 ms apart):
        // kept in microseconds, written in ms, as JMeter writes them by end time.
        long endMicros = START_MS * 1000;
        Plan[] plans = shape == Shape.LABELS ? MANY : PLANS;
        int failureOneIn = shape == Shape.FAILURES ? 10 : FAILURE_ONE_IN;
        String[][] failures = shape == Shape.FAILURES ? ROUGH_FAILURES : FAILURES;
        for (long i = 0; i < samples; i++) {
            endMicros += (long) (-Math.log(1 - random.nextDouble()) * 333);
            Plan plan = plans[random.nextInt(plans.length)];
            long elapsed = elapsedMs(random, plan.medianMs());
            boolean failed = random.nextInt(failureOneIn) == 0;
            long end = endMicros / 1000;
            if (shape == Shape.OUT_OF_ORDER) {
                end += random.nextInt(4001) - 2000;
            }
            row.number(end - elapsed).comma().number(elapsed).comma().text(plan.label()).comma();
            if (failed) {
                String[] failure = failures[random.nextInt(failures.length)];
                row.text(failure[0]).comma().quoted(failure[1]).comma();
            } else {
                row.text("OK,OK,");
            }
            int threads = THREADS;
            if (shape == Shape.LABELS) {
                int group = 1 + random.nextInt(4);
                threads = 200;
                row.text(random.nextBoolean() ? "198.18.0.4-" : "198.18.0.5-").text("Thread Group ").number(group)
                        .text("-").number(1 + random.nextInt(50));
            } else {
                row.text("Thread Group 1-").number(1 + random.nextInt(THREADS));
            }
            row.text(",text,").text(failed ? "false" : "true").text(",,")
                    .number(failed ? 0 : plan.received()).comma().number(plan.sent()).comma()
                    .number(threads).comma().number(threads).comma().text(plan.url()).text(",0,0,0");
            if (shape == Shape.MICROSECONDS) {
                row.comma().number(elapsed * 1000 + random.nextInt(1000)).comma();
            }
            row.newline();
            if (row.length() > (1 << 16)) {
                row.flushTo(out);
            }
        }
        row.flushTo(out);
    }

    /**
     * A response time in whole ms: log-normal around the plan's median (most samples), and one in 200 from a Pareto
     * tail reaching hundreds of ms and, rarely, seconds, as GC pauses and retransmits do.
     */
    static long elapsedMs(SplittableRandom random, double medianMs) {
        double ms;
        if (random.nextInt(200) == 0) {
            ms = medianMs * 10 / Math.pow(1 - random.nextDouble(), 1 / 1.5);
        } else {
            ms = medianMs * Math.exp(0.5 * random.nextGaussian());
        }
        return Math.min((long) ms, 60_000);
    }

    /** The bytes of the rows being assembled, in one growing array: ASCII only, so chars are bytes. */
    private static final class Row {

        private byte[] bytes = new byte[1 << 17];
        private int length;
        private final byte[] digits = new byte[20];

        Row text(String s) {
            ensure(s.length());
            for (int i = 0; i < s.length(); i++) {
                bytes[length++] = (byte) s.charAt(i);
            }
            return this;
        }

        /** CSV quoting as JMeter does it: the text in double quotes, its own quotes doubled. */
        Row quoted(String s) {
            return text("\"").text(s.replace("\"", "\"\"")).text("\"");
        }

        Row number(long value) {
            if (value < 0) {
                text("-");
                value = -value;
            }
            int n = 0;
            do {
                digits[n++] = (byte) ('0' + value % 10);
                value /= 10;
            } while (value != 0);
            ensure(n);
            while (n > 0) {
                bytes[length++] = digits[--n];
            }
            return this;
        }

        Row comma() {
            return text(",");
        }

        Row newline() {
            return text("\n");
        }

        int length() {
            return length;
        }

        void flushTo(OutputStream out) throws IOException {
            out.write(bytes, 0, length);
            length = 0;
        }

        private void ensure(int more) {
            if (length + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
            }
        }
    }

    static String describe() {
        return "the four echo plans' labels at random, " + THREADS + " threads, ~3,000 samples/s by end time, "
                + "log-normal response times (medians 2-12 ms) with a Pareto tail in 1 of 200, 1 in "
                + FAILURE_ONE_IN + " failed (timeout, connection, remote-exception, serialization, with messages)";
    }
}
