package io.rpcbench.reports.jtl;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
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
            byte[] header = header(jtl);
            byte[] tail = tail(jtl);
            int lineBreak = indexOf(tail, tail.length, (byte) '\n');
            if (header == null || lineBreak < 0) {
                return Optional.empty();
            }
            JtlReader.read(jtl, new SequenceInputStream(new ByteArrayInputStream(header),
                    new ByteArrayInputStream(tail, lineBreak + 1, tail.length - lineBreak - 1)), tracker);
            return Optional.of(tracker.span());
        } catch (JtlFormatException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JTL file " + jtl + ": " + e.getMessage(), e);
        }
    }

    /** The file's first line with its line feed, or null when it has none. */
    private static byte[] header(Path jtl) throws IOException {
        try (InputStream in = Files.newInputStream(jtl)) {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            int read;
            while ((read = in.read(buffer)) >= 0) {
                int lineBreak = indexOf(buffer, read, (byte) '\n');
                if (lineBreak >= 0) {
                    line.write(buffer, 0, lineBreak + 1);
                    return line.toByteArray();
                }
                line.write(buffer, 0, read);
            }
            return null;
        }
    }

    /** Where {@code b} is first in {@code bytes[0, length)}, or -1. */
    private static int indexOf(byte[] bytes, int length, byte b) {
        for (int i = 0; i < length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** The file's last bytes; a character cut at the start lies on a line that is skipped. */
    private static byte[] tail(Path jtl) throws IOException {
        try (FileChannel channel = FileChannel.open(jtl, StandardOpenOption.READ)) {
            long size = channel.size();
            long from = Math.max(0, size - TAIL_BYTES);
            ByteBuffer bytes = ByteBuffer.allocate((int) (size - from));
            // A read may return fewer bytes than asked: read until the buffer is full or the file ends.
            int read;
            do {
                read = channel.read(bytes, from + bytes.position());
            } while (read >= 0 && bytes.hasRemaining());
            return Arrays.copyOf(bytes.array(), bytes.position());
        }
    }
}
