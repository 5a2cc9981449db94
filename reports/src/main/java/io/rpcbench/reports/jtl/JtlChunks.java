package io.rpcbench.reports.jtl;

import java.util.Arrays;

/**
 * A JTL cut at row starts into pieces of about {@link #BYTES} bytes, so that its rows can be parsed on several
 * threads and still be handed on in file order ({@link ParsingInChunks}). Found by the scan that finds the file's span
 * ({@link JtlSpanScan}), which already walks every row end outside double quotes: a cut never falls inside a quoted
 * value holding a line break.
 *
 * <p>Chunk {@code i} holds the bytes {@code [start(i), start(i + 1))}, the last one up to the end of the file as the
 * scan read it; its first row is line {@link #firstLine}{@code (i)} of the file (the header is line 1; a line is
 * counted at each line feed outside quotes, as the reader counts rows, blank ones included).
 */
public final class JtlChunks {

    /** About how many bytes a chunk holds: some 35,000 rows of JMeter's default columns. */
    static final int BYTES = 4 << 20;

    private final long headerEnd;
    private final long[] starts;
    private final long[] lines;
    private final long end;

    JtlChunks(long headerEnd, long[] starts, long[] lines, long end) {
        if (starts.length != lines.length || starts.length == 0) {
            throw new IllegalArgumentException("chunks need a start and a line each, and at least one");
        }
        this.headerEnd = headerEnd;
        this.starts = starts.clone();
        this.lines = lines.clone();
        this.end = end;
    }

    /** Where the header line ends (after its line feed): it is bytes {@code [0, headerEnd)}. */
    long headerEnd() {
        return headerEnd;
    }

    int count() {
        return starts.length;
    }

    long start(int chunk) {
        return starts[chunk];
    }

    long end(int chunk) {
        return chunk + 1 < starts.length ? starts[chunk + 1] : end;
    }

    long firstLine(int chunk) {
        return lines[chunk];
    }

    @Override
    public String toString() {
        return "JtlChunks[header to " + headerEnd + ", starts " + Arrays.toString(starts) + ", lines "
                + Arrays.toString(lines) + ", end " + end + "]";
    }
}
