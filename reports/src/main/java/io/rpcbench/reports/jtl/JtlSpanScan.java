package io.rpcbench.reports.jtl;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Optional;

/**
 * The exact span of a JTL ({@link JtlSpan}) from one scan of its bytes, reading only each row's first two values: in
 * JMeter's default column order they are {@code timeStamp} and {@code elapsed}, whole numbers. The rest of a row is
 * skipped by looking for its line end outside double quotes (JMeter quotes a value holding a line break, and doubles a
 * quote inside one), without decoding text: no byte of a multi-byte UTF-8 character is a quote or a line break. A
 * fraction of a full read's cost, so that the measured window is placed exactly before the one pass that makes the
 * figures ({@code statistics.WindowedJtl}): a guess from the file's first rows misses the earliest start whenever a
 * sample that started early ended late, as a run's first, slow calls do, and a missed guess costs a second pass.
 *
 * <p>Empty whenever the file is not that simple (another column order, a number with a sign, spaces or quotes, a date
 * instead of ms, a quoted value left open): the caller then falls back on the guess. The pass that follows checks the
 * span this gave against its own, so a file this misreads still gets the exact window.
 */
public final class JtlSpanScan {

    private static final String FIRST_COLUMNS = "timeStamp,elapsed,";
    private static final int MAX_HEADER_BYTES = 64 * 1024;
    private static final int MAX_DIGITS = 18; // no overflow
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private enum State { HEADER, LINE_START, TIME_STAMP, ELAPSED, REST, QUOTED }

    private State state = State.HEADER;
    private int headerLength;
    private final byte[] header = new byte[FIRST_COLUMNS.length()];
    private long timeStamp;
    private long elapsed;
    private int digits;
    private long samples;
    private long firstStart = Long.MAX_VALUE;
    private long lastStart = Long.MIN_VALUE;
    private long lastEnd = Long.MIN_VALUE;
    /** The file offset of the buffer being read, and of the header's end. */
    private long offset;
    private long headerEnd;
    /** Line feeds outside quotes so far: the line a row starting now is on, less one. */
    private long lineFeeds;
    private final int chunkBytes;
    private long[] chunkStarts = new long[16];
    private long[] chunkLines = new long[16];
    private int chunks;

    private JtlSpanScan(int chunkBytes) {
        this.chunkBytes = chunkBytes;
    }

    /** What one scan found: the file's span, and where its rows may be cut to be parsed in parallel. */
    public record Result(JtlSpan span, JtlChunks chunks) {}

    /** The span of every sample of {@code jtl}, or empty when its rows do not start with the two numbers. */
    public static Optional<JtlSpan> of(Path jtl) {
        return scan(jtl).map(Result::span);
    }

    /** The span of every sample of {@code jtl} and its chunks, or empty when its rows do not start with the two numbers. */
    public static Optional<Result> scan(Path jtl) {
        return scan(jtl, JtlChunks.BYTES);
    }

    static Optional<Result> scan(Path jtl, int chunkBytes) {
        try (FileChannel channel = FileChannel.open(jtl, StandardOpenOption.READ)) {
            JtlSpanScan scan = new JtlSpanScan(chunkBytes);
            ByteBuffer buffer = ByteBuffer.allocate(1 << 20);
            while (channel.read(buffer.clear()) >= 0) {
                if (!scan.bytes(buffer.array(), buffer.position())) {
                    return Optional.empty();
                }
                scan.offset += buffer.position();
            }
            return scan.end();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JTL file " + jtl + ": " + e.getMessage(), e);
        }
    }

    /** A line feed outside quotes at {@code bytes[i]}: the next row starts after it, where a chunk may begin. */
    private void lineFeed(int i) {
        lineFeeds++;
        long next = offset + i + 1;
        if (chunks == 0 || next - chunkStarts[chunks - 1] >= chunkBytes) {
            if (chunks == chunkStarts.length) {
                chunkStarts = Arrays.copyOf(chunkStarts, chunks * 2);
                chunkLines = Arrays.copyOf(chunkLines, chunks * 2);
            }
            chunkStarts[chunks] = next;
            chunkLines[chunks] = lineFeeds + 1;
            chunks++;
        }
    }

    /** Reads {@code length} bytes; false as soon as the file turns out not to be simple. */
    private boolean bytes(byte[] bytes, int length) {
        int i = 0;
        while (i < length) {
            switch (state) {
                case HEADER -> {
                    byte b = bytes[i++];
                    if (headerLength < header.length) {
                        header[headerLength] = b;
                    }
                    headerLength++;
                    if (headerLength == header.length
                            && !new String(header, StandardCharsets.US_ASCII).equals(FIRST_COLUMNS)) {
                        return false;
                    }
                    if (b == '\n') {
                        if (headerLength <= header.length) {
                            return false;
                        }
                        headerEnd = offset + i;
                        lineFeed(i - 1);
                        state = State.LINE_START;
                    } else if (headerLength > MAX_HEADER_BYTES) {
                        return false;
                    }
                }
                case LINE_START -> {
                    byte b = bytes[i++];
                    if (b >= '0' && b <= '9') {
                        timeStamp = b - '0';
                        digits = 1;
                        state = State.TIME_STAMP;
                    } else if (b == '\n') { // a blank line is skipped, as the reader does
                        lineFeed(i - 1);
                    } else if (b != '\r') {
                        return false;
                    }
                }
                case TIME_STAMP -> {
                    byte b = bytes[i++];
                    if (b >= '0' && b <= '9' && digits < MAX_DIGITS) {
                        timeStamp = timeStamp * 10 + b - '0';
                        digits++;
                    } else if (b == ',') {
                        elapsed = 0;
                        digits = 0;
                        state = State.ELAPSED;
                    } else {
                        return false;
                    }
                }
                case ELAPSED -> {
                    byte b = bytes[i++];
                    if (b >= '0' && b <= '9' && digits < MAX_DIGITS) {
                        elapsed = elapsed * 10 + b - '0';
                        digits++;
                    } else if (digits > 0 && (b == ',' || b == '\n' || b == '\r')) {
                        sample();
                        if (b == '\n') {
                            lineFeed(i - 1);
                        }
                        state = b == '\n' ? State.LINE_START : State.REST;
                    } else {
                        return false;
                    }
                }
                case REST -> {
                    int found = lineEndOrQuote(bytes, i, length);
                    if (found < 0) {
                        i = length;
                    } else {
                        state = bytes[found] == '\n' ? State.LINE_START : State.QUOTED;
                        if (state == State.LINE_START) {
                            lineFeed(found);
                        }
                        i = found + 1;
                    }
                }
                case QUOTED -> {
                    while (i < length) {
                        if (bytes[i++] == '"') { // a doubled quote reopens at once
                            state = State.REST;
                            break;
                        }
                    }
                }
                default -> throw new IllegalStateException(state.name());
            }
        }
        return true;
    }

    /**
     * The position of the first line end or double quote in {@code bytes[from, to)}, or -1: eight bytes at a time
     * (a byte equal to one of the two leaves a zero byte after an exclusive or, which the classic test finds; the
     * lowest byte it flags is always a true one). The rest of each row, most of the file, is read here.
     */
    static int lineEndOrQuote(byte[] bytes, int from, int to) {
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            long word = (long) LONGS.get(bytes, i);
            long lineEnds = word ^ 0x0A0A0A0A0A0A0A0AL;
            long quotes = word ^ 0x2222222222222222L;
            long found = ((lineEnds - 0x0101010101010101L) & ~lineEnds | (quotes - 0x0101010101010101L) & ~quotes)
                    & 0x8080808080808080L;
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (bytes[i] == '\n' || bytes[i] == '"') {
                return i;
            }
        }
        return -1;
    }

    private void sample() {
        samples++;
        firstStart = Math.min(firstStart, timeStamp);
        lastStart = Math.max(lastStart, timeStamp);
        lastEnd = Math.max(lastEnd, timeStamp + elapsed);
    }

    private Optional<Result> end() {
        if (state == State.ELAPSED && digits > 0) { // the last row without a line end
            sample();
        } else if (state != State.LINE_START && state != State.REST) {
            return Optional.empty();
        }
        JtlSpan span = samples == 0 ? new JtlSpan(0, 0, 0, 0) : new JtlSpan(samples, firstStart, lastStart, lastEnd);
        if (chunks > 1 && chunkStarts[chunks - 1] == offset) { // the last cut at the very end holds nothing
            chunks--;
        }
        return Optional.of(new Result(span, new JtlChunks(headerEnd, Arrays.copyOf(chunkStarts, chunks),
                Arrays.copyOf(chunkLines, chunks), offset)));
    }
}
