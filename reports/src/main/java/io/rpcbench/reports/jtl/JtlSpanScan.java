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
import java.util.concurrent.CompletableFuture;

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
 *
 * <p>The same walk over the rows cuts the file into chunks at row starts ({@link JtlChunks}), so that the pass can
 * parse it on several threads. A file of {@value #MIN_HALVES_BYTES} bytes or more is scanned in two halves at once.
 */
public final class JtlSpanScan {

    private static final String FIRST_COLUMNS = "timeStamp,elapsed,";
    private static final int MAX_HEADER_BYTES = 64 * 1024;
    private static final int MAX_DIGITS = 18; // no overflow
    /** Files from this size are scanned in two halves at once (when there are two processors). */
    static final long MIN_HALVES_BYTES = 16L << 20;
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
        return scan(jtl, chunkBytes, MIN_HALVES_BYTES);
    }

    /**
     * As {@link #scan(Path)}, a file of at least {@code minHalvesBytes} read in two halves at once when there are two
     * processors: the second half from the first row start after the file's middle, on a thread of its own, as if that
     * line feed were outside quotes. The first half's scan tells whether it was; when it was not (a quoted value
     * holding a line break spans the middle), the second half is scanned again after the first.
     */
    static Optional<Result> scan(Path jtl, int chunkBytes, long minHalvesBytes) {
        try (FileChannel channel = FileChannel.open(jtl, StandardOpenOption.READ)) {
            long size = channel.size();
            long split = size >= minHalvesBytes && Runtime.getRuntime().availableProcessors() >= 2
                    ? rowStartAfter(channel, size / 2) : -1;
            JtlSpanScan first = new JtlSpanScan(chunkBytes);
            if (split < 0) {
                return first.read(channel, 0, size) ? first.end() : Optional.empty();
            }
            JtlSpanScan second = JtlSpanScan.fromRowStart(chunkBytes, split);
            CompletableFuture<Boolean> secondRead = CompletableFuture.supplyAsync(() -> {
                try {
                    return second.read(channel, split, size);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read JTL file " + jtl + ": " + e.getMessage(), e);
                }
            }, task -> {
                Thread thread = new Thread(task, "jtl-span-scan");
                thread.setDaemon(true);
                thread.start();
            });
            boolean firstSimple = first.read(channel, 0, split);
            boolean secondSimple = Uninterruptibly.get(secondRead, "the scan of a JTL's second half");
            if (!firstSimple) {
                return Optional.empty();
            }
            if (first.state != State.LINE_START) { // the middle line feed was inside quotes: read on from there
                return first.read(channel, split, size) ? first.end() : Optional.empty();
            }
            return secondSimple ? first.append(second).end() : Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JTL file " + jtl + ": " + e.getMessage(), e);
        }
    }

    /** A scan that starts at {@code rowStart}, at the start of a row: no header, and its first chunk starting there. */
    private static JtlSpanScan fromRowStart(int chunkBytes, long rowStart) {
        JtlSpanScan scan = new JtlSpanScan(chunkBytes);
        scan.state = State.LINE_START;
        scan.offset = rowStart;
        scan.chunkStarts[0] = rowStart;
        scan.chunkLines[0] = 1; // a line after the first half's last: made absolute by append
        scan.chunks = 1;
        return scan;
    }

    /** Where the first row after {@code from} starts (after a line feed), or -1 when no line feed follows soon. */
    private static long rowStartAfter(FileChannel channel, long from) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
        while (buffer.hasRemaining() && channel.read(buffer, from + buffer.position()) >= 0) {
            // read until full or the end
        }
        for (int i = 0; i < buffer.position(); i++) {
            if (buffer.get(i) == '\n') {
                return from + i + 1;
            }
        }
        return -1;
    }

    /** Scans the bytes {@code [from, to)}; false as soon as the file turns out not to be simple. */
    private boolean read(FileChannel channel, long from, long to) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(1 << 20);
        long position = from;
        while (position < to) {
            buffer.clear().limit((int) Math.min(buffer.capacity(), to - position));
            int read = channel.read(buffer, position);
            if (read < 0) {
                break;
            }
            if (!bytes(buffer.array(), buffer.position())) {
                return false;
            }
            position += read;
            offset = position;
        }
        return true;
    }

    /** This scan, which ended at a row start, followed by {@code next}, which started there. */
    private JtlSpanScan append(JtlSpanScan next) {
        samples += next.samples;
        firstStart = Math.min(firstStart, next.firstStart);
        lastStart = Math.max(lastStart, next.lastStart);
        lastEnd = Math.max(lastEnd, next.lastEnd);
        if (chunks > 0 && chunkStarts[chunks - 1] == next.chunkStarts[0]) {
            chunks--; // this scan's last cut, at the very end of its half, is next's first
        }
        for (int i = 0; i < next.chunks; i++) {
            addChunk(next.chunkStarts[i], lineFeeds + next.chunkLines[i]);
        }
        lineFeeds += next.lineFeeds;
        state = next.state;
        timeStamp = next.timeStamp;
        elapsed = next.elapsed;
        digits = next.digits;
        offset = next.offset;
        return this;
    }

    /** A line feed outside quotes at {@code bytes[i]}: the next row starts after it, where a chunk may begin. */
    private void lineFeed(int i) {
        lineFeeds++;
        long next = offset + i + 1;
        if (chunks == 0 || next - chunkStarts[chunks - 1] >= chunkBytes) {
            addChunk(next, lineFeeds + 1);
        }
    }

    private void addChunk(long start, long line) {
        if (chunks == chunkStarts.length) {
            chunkStarts = Arrays.copyOf(chunkStarts, chunks * 2);
            chunkLines = Arrays.copyOf(chunkLines, chunks * 2);
        }
        chunkStarts[chunks] = start;
        chunkLines[chunks] = line;
        chunks++;
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
