package io.rpcbench.reports.jtl;

import io.rpcbench.seconds.SampleTimes;
import io.rpcbench.seconds.StreamFigures;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.function.Consumer;

/**
 * Streams the samples of a JMeter CSV result file (JTL) one at a time, so memory stays bounded whatever
 * the file's size. The file must start with JMeter's header line ({@code jmeter.save.saveservice.print_field_names},
 * on by default) and store timestamps in ms ({@code timestamp_format=ms}, the default); columns are found
 * by name, so any column order or extra columns work.
 *
 * <p>Response times: JMeter's {@code elapsed} is whole milliseconds. rpcbench's samplers also time each call with
 * System.nanoTime and put the microseconds in the sample variable {@code elapsed_us}, which JMeter appends as a
 * column after its own ({@code sample_variables=elapsed_us}; the header names it, in double quotes). A row with
 * a value there holds a sample of microsecond resolution; a file without the column, or a row whose value is
 * empty or {@code null} (JMeter's text for a variable the sampler did not set), gives {@code elapsed} x 1000 and a
 * sample marked as whole-ms ({@link JtlSample#microseconds()} false). So does a value more than
 * {@value #AGREEMENT_MS} ms above {@code elapsed}: rpcbench times the call inside JMeter's timer, so its own value is
 * never longer than JMeter's but for JMeter's whole-ms rounding; a longer one is another sampler's row repeating
 * the thread's last rpcbench value (JMeter writes a thread's variable on every row of that thread). A value well
 * below {@code elapsed} is kept: the thread was descheduled between JMeter's timer and the call (on a saturated
 * machine, 2 of 1.4 million samples), which is JMeter's time, not the call's. A plan mixing rpcbench samplers with
 * others in one thread can still carry a leftover shorter than the other sampler's own time; such plans should
 * read their other samplers' rows at whole ms (another label).
 *
 * <p>Schedule lag: under a thread group that issues arrivals from a schedule, rpcbench's samplers measure from when
 * each arrival was due and put the lag, from the due time to the call's start, in the sample variable
 * {@value #LAG_US}; the row's time stamp is then the due time and {@code elapsed_us} the lag plus
 * the call. Its value is read like {@code elapsed_us}, in place (a negative one, a call started before it
 * was due, as 0: it was not late); empty or {@code null} (a closed workload's sample) or
 * a file without the column gives no lag ({@link JtlSample#NO_LAG}), as does a row whose {@code elapsed_us} is not
 * taken. {@code elapsed_us} is taken when it lies within {@value #AGREEMENT_MS} ms above {@code elapsed} plus the lag,
 * so a sampler that leaves JMeter's {@code elapsed} at the call's own time is read the same.
 *
 * <p>Streams: a sample that was a stream carries its per-message figures in the sample variable
 * {@value StreamFigures#VARIABLE} ({@link JtlSample#stream()}); empty, {@code null} or a file without the column gives
 * none.
 *
 * <p>Load generators: in JMeter's distributed mode the {@code threadName} column starts with the remote engine that
 * made the sample ({@code 198.18.0.21-Thread Group 1-1}); {@link JtlSample#generator()} holds it
 * ({@link LoadGeneratorName}), empty for a local run.
 *
 * <p>The file is parsed on a thread of its own while the consumer runs on the caller's ({@link ParsingAhead}); given
 * the chunks a scan of the file found ({@link JtlSpanScan#scan}), on several threads ({@link ParsingInChunks}).
 *
 * <pre>{@code
 * long rows = JtlReader.read(path, sample -> summary.add(sample));
 * }</pre>
 */
public final class JtlReader {

    /** The sample variable rpcbench's samplers set to the call's elapsed microseconds. */
    public static final String ELAPSED_US = SampleTimes.ELAPSED_US;

    /** The sample variable rpcbench's samplers set to the schedule lag in microseconds, empty when none. */
    public static final String LAG_US = SampleTimes.LAG_US;

    /** How far {@code elapsed_us} may lie above {@code elapsed} and still be the same sample's time. */
    static final long AGREEMENT_MS = SampleTimes.AGREEMENT_MS;

    private static final List<String> REQUIRED = List.of("timeStamp", "elapsed", "label", "responseCode", "success");

    private JtlReader() {}

    /**
     * Feeds every sample of {@code file} to {@code consumer}, in file order.
     *
     * @return the number of samples read
     * @throws JtlFormatException naming the file and line when the header lacks a required column or a row
     *     holds a value of the wrong type
     */
    public static long read(Path file, Consumer<JtlSample> consumer) {
        return ParsingAhead.read(samples -> JtlRows.read(file, REQUIRED, header -> new Columns(header, samples)),
                consumer);
    }

    /**
     * As {@link #read(Path, Consumer)}, the file's rows parsed on several threads, cut where {@code chunks} says (the
     * scan of {@code file} found them, {@link JtlSpanScan#scan}); the samples still reach {@code consumer} in file
     * order ({@link ParsingInChunks}). Only the bytes the scan read are read.
     */
    public static long read(Path file, JtlChunks chunks, Consumer<JtlSample> consumer) {
        if (chunks.count() < 2) {
            return read(file, consumer);
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            byte[] header = bytes(file, channel, 1, 0, chunks.headerEnd());
            RepeatedText.Shared texts = new RepeatedText.Shared();
            return ParsingInChunks.read(chunks.count(), (chunk, samples) -> {
                byte[] rows = bytes(file, channel, chunks.firstLine(chunk), chunks.start(chunk), chunks.end(chunk));
                InputStream in = new SequenceInputStream(new ByteArrayInputStream(header),
                        new ByteArrayInputStream(rows));
                try {
                    return JtlRows.read(file, in, REQUIRED, Long.MAX_VALUE, chunks.firstLine(chunk),
                            new RepeatedText(texts), h -> new Columns(h, samples));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read JTL file " + file + ": " + e.getMessage(), e);
                }
            }, consumer);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JTL file " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The bytes {@code [from, to)} of {@code file}, whose first row is on {@code line}, read from {@code channel} at
     * their position (on any thread).
     */
    private static byte[] bytes(Path file, FileChannel channel, long line, long from, long to) {
        ByteBuffer buffer = ByteBuffer.allocate(Math.toIntExact(to - from));
        try {
            while (buffer.hasRemaining()) {
                if (channel.read(buffer, from + buffer.position()) < 0) {
                    throw new JtlFormatException(file, 1, "the file ended at byte " + (from + buffer.position())
                            + " while it was read; expected the " + to + " bytes found before (a finished run's "
                            + "results, not one still being written or cut)");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JTL file " + file + ": " + e.getMessage(), e);
        }
        return buffer.array();
    }

    /** As {@link #read(Path, Consumer)}, stopping after the first {@code maxSamples} samples. */
    static long readFirst(Path file, long maxSamples, Consumer<JtlSample> consumer) {
        return JtlRows.read(file, REQUIRED, maxSamples, header -> new Columns(header, consumer));
    }

    /** The samples of {@code in}, a header line and rows of {@code file} (named in messages only). */
    static long read(Path file, InputStream in, Consumer<JtlSample> consumer) throws IOException {
        return JtlRows.read(file, in, REQUIRED, Long.MAX_VALUE, header -> new Columns(header, consumer));
    }

    /** JMeter writes {@code null} for a sample without a URL, as Java Request samples were until rpcbench's. */
    private static String url(String column) {
        return column.equals("null") ? "" : column;
    }

    /**
     * The positions of one file's columns, found once from its header (-1 for a column it does not have), turning
     * each row into a sample for {@code consumer}.
     */
    private static final class Columns implements Consumer<JtlRow> {
        private final int timeStamp;
        private final int elapsed;
        private final int label;
        private final int responseCode;
        private final int responseMessage;
        private final int success;
        private final int bytes;
        private final int sentBytes;
        private final int allThreads;
        private final int url;
        private final int elapsedUs;
        private final int lagUs;
        private final int threadName;
        private final int stream;
        private final LoadGeneratorName generators = new LoadGeneratorName();
        private final Consumer<JtlSample> consumer;

        Columns(JtlRows.Header header, Consumer<JtlSample> consumer) {
            this.timeStamp = header.column("timeStamp");
            this.elapsed = header.column("elapsed");
            this.label = header.column("label");
            this.responseCode = header.column("responseCode");
            this.responseMessage = header.column("responseMessage");
            this.success = header.column("success");
            this.bytes = header.column("bytes");
            this.sentBytes = header.column("sentBytes");
            this.allThreads = header.column("allThreads");
            this.url = header.column("URL");
            this.elapsedUs = header.column(ELAPSED_US);
            this.lagUs = header.column(LAG_US);
            this.threadName = header.column("threadName");
            this.stream = header.column(StreamFigures.VARIABLE);
            this.consumer = consumer;
        }

        @Override
        public void accept(JtlRow row) {
            consumer.accept(sample(row));
        }

        private JtlSample sample(JtlRow row) {
            long elapsedMs = row.atLeastZero(elapsed, "elapsed");
            long elapsedUsValue = row.isBlankOr(elapsedUs, "null") ? -1
                    : row.atLeastZero(elapsedUs, ELAPSED_US); // parsed once a row
            boolean hasLag = elapsedUsValue >= 0 && !row.isBlankOr(lagUs, "null");
            // The one rule of the live figures too (a call started early was not late; a leftover is whole ms).
            SampleTimes times = SampleTimes.of(elapsedMs, elapsedUsValue, hasLag,
                    hasLag ? row.number(lagUs, LAG_US) : JtlSample.NO_LAG);
            return new JtlSample(
                    row.number(timeStamp, "timeStamp"),
                    elapsedMs,
                    row.repeated(label),
                    row.repeated(responseCode),
                    row.repeated(responseMessage, ""),
                    row.bool(success, "success"),
                    row.atLeastZero(bytes, "bytes", 0),
                    row.atLeastZero(sentBytes, "sentBytes", 0),
                    (int) row.number(allThreads, "allThreads", 0),
                    url(row.repeated(url, "")),
                    times.elapsedUs(),
                    times.microseconds(),
                    generators.of(row.repeated(threadName, "")),
                    times.lagUs(),
                    row.isBlankOr(stream, "null") ? null : row.streamFigures(stream));
        }
    }
}
