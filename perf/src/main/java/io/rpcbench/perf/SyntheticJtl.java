package io.rpcbench.perf;

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

    private final long seed;

    SyntheticJtl(long seed) {
        this.seed = seed;
    }

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
        row.text(HEADER).newline();
        row.flushTo(out);
        // End times advance by the gap between samples of 20 threads, 3,000 samples/s on average (1/3 ms apart):
        // kept in microseconds, written in ms, as JMeter writes them by end time.
        long endMicros = START_MS * 1000;
        for (long i = 0; i < samples; i++) {
            endMicros += (long) (-Math.log(1 - random.nextDouble()) * 333);
            Plan plan = PLANS[random.nextInt(PLANS.length)];
            int thread = 1 + random.nextInt(THREADS);
            long elapsed = elapsedMs(random, plan.medianMs());
            boolean failed = random.nextInt(FAILURE_ONE_IN) == 0;
            long end = endMicros / 1000;
            row.number(end - elapsed).comma().number(elapsed).comma().text(plan.label()).comma();
            if (failed) {
                String[] failure = FAILURES[random.nextInt(FAILURES.length)];
                row.text(failure[0]).comma().quoted(failure[1]).comma();
            } else {
                row.text("OK,OK,");
            }
            row.text("Thread Group 1-").number(thread).text(",text,").text(failed ? "false" : "true").text(",,")
                    .number(failed ? 0 : plan.received()).comma().number(plan.sent()).comma()
                    .number(THREADS).comma().number(THREADS).comma().text(plan.url()).text(",0,0,0").newline();
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
