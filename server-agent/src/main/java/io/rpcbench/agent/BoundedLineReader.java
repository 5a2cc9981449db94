package io.rpcbench.agent;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads UTF-8 lines from a client's stream, refusing any line longer than a limit, so a client that never sends a
 * newline cannot make the agent buffer without end ({@link java.io.BufferedReader#readLine} would).
 *
 * <p>Call {@link #readLine()} until it returns null (end of stream); it throws {@link LineTooLongException} once a
 * line passes the limit, after which the connection should be closed.
 */
final class BoundedLineReader {
    /** A request line the agent accepts: far more than any spec list a collector sends. */
    static final int MAX_LINE_BYTES = 64 * 1024;

    private final InputStream in;
    private final int maxBytes;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);

    BoundedLineReader(InputStream in, int maxBytes) {
        this.in = new BufferedInputStream(in);
        this.maxBytes = maxBytes;
    }

    /** The next line without its newline, or null at the end of the stream (a last line without newline counts). */
    String readLine() throws IOException {
        line.reset();
        int b;
        while ((b = in.read()) != -1) {
            if (b == '\n') {
                return text();
            }
            if (line.size() >= maxBytes) {
                throw new LineTooLongException(maxBytes);
            }
            line.write(b);
        }
        return line.size() == 0 ? null : text();
    }

    private String text() {
        return new String(line.toByteArray(), StandardCharsets.UTF_8);
    }

    /** A line passed the limit without a newline. */
    static final class LineTooLongException extends IOException {
        private static final long serialVersionUID = 1L;

        LineTooLongException(int maxBytes) {
            super("a request line is longer than " + maxBytes + " bytes without a newline");
        }
    }
}
