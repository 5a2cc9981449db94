package io.rpcbench.reports.jtl;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Where a JTL's samples lie in time: how many, the earliest start, the latest start and the latest end. The
 * measured window of a run ({@code statistics.MeasuredWindow}) is placed from it.
 *
 * <p>{@link #of} reads every row. {@link #guess} reads only the first {@link #HEAD_SAMPLES} rows and the last
 * {@link #TAIL_BYTES} bytes: JMeter writes a sample when it ends, so the earliest start is almost always among the
 * first rows and the latest end among the last. A guess is only a guess (one very long first sample, or a quoted line
 * break in the tail, can fool it); {@code statistics.WindowedJtl} checks it against the exact span of the pass it
 * makes.
 *
 * @param samples      the number of samples; the times are meaningless when 0
 * @param firstStartMs the earliest {@code timeStamp} (sample start), ms since the epoch
 * @param lastStartMs  the latest sample start
 * @param lastEndMs    the latest sample end (start + elapsed)
 */
public record JtlSpan(long samples, long firstStartMs, long lastStartMs, long lastEndMs) {

    public static final int HEAD_SAMPLES = 10_000;
    public static final int TAIL_BYTES = 256 * 1024;

    /**
     * The end of the run: the last sample's end, or 1 ms after the last start when that sample took 0 ms, so a
     * window to the end ([first start, run end)) holds every sample.
     */
    public long runEndMs() {
        return Math.max(lastEndMs, lastStartMs + 1);
    }

    /** Tracks the span of the samples fed to it. */
    public static final class Tracker implements Consumer<JtlSample> {
        private long samples;
        private long firstStart = Long.MAX_VALUE;
        private long lastStart = Long.MIN_VALUE;
        private long lastEnd = Long.MIN_VALUE;

        @Override
        public void accept(JtlSample sample) {
            samples++;
            firstStart = Math.min(firstStart, sample.timeStamp());
            lastStart = Math.max(lastStart, sample.timeStamp());
            lastEnd = Math.max(lastEnd, sample.endTime());
        }

        public JtlSpan span() {
            return samples == 0 ? new JtlSpan(0, 0, 0, 0) : new JtlSpan(samples, firstStart, lastStart, lastEnd);
        }
    }

    /** The exact span: one pass over every row. */
    public static JtlSpan of(Path jtl) {
        Tracker tracker = new Tracker();
        JtlReader.read(jtl, tracker);
        return tracker.span();
    }

    /**
     * The span of the file's first rows and last bytes (its sample count is of those rows only); exact when the
     * file has no more than {@link #HEAD_SAMPLES} rows. Empty when the tail cannot be read as rows, e.g. when it
     * starts inside a quoted message that holds a line break.
     *
     * @throws JtlFormatException for a malformed header or first row, as a full read would
     */
    public static Optional<JtlSpan> guess(Path jtl) {
        Tracker tracker = new Tracker();
        if (JtlReader.readFirst(jtl, HEAD_SAMPLES, tracker) < HEAD_SAMPLES) {
            return Optional.of(tracker.span());
        }
        try {
            String header;
            try (BufferedReader reader = Files.newBufferedReader(jtl, StandardCharsets.UTF_8)) {
                header = reader.readLine();
            }
            String tail = tail(jtl);
            int lineBreak = tail.indexOf('\n');
            if (header == null || lineBreak < 0) {
                return Optional.empty();
            }
            JtlReader.read(jtl, new StringReader(header + "\n" + tail.substring(lineBreak + 1)), tracker);
            return Optional.of(tracker.span());
        } catch (JtlFormatException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JTL file " + jtl + ": " + e.getMessage(), e);
        }
    }

    /** The file's last bytes as text; a character cut at the start becomes U+FFFD on a line that is skipped. */
    private static String tail(Path jtl) throws IOException {
        try (FileChannel channel = FileChannel.open(jtl, StandardOpenOption.READ)) {
            long size = channel.size();
            long from = Math.max(0, size - TAIL_BYTES);
            ByteBuffer bytes = ByteBuffer.allocate((int) (size - from));
            // A read may return fewer bytes than asked: read until the buffer is full or the file ends.
            int read;
            do {
                read = channel.read(bytes, from + bytes.position());
            } while (read >= 0 && bytes.hasRemaining());
            return new String(bytes.array(), 0, bytes.position(), StandardCharsets.UTF_8);
        }
    }
}
