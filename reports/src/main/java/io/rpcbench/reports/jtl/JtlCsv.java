package io.rpcbench.reports.jtl;

import java.io.IOException;
import java.io.Reader;
import java.util.Arrays;

/**
 * JMeter's CSV split into records and fields without a String per field: a field starting with a double quote runs
 * to the next quote not doubled ({@code ""} inside is one quote), and may hold commas and line breaks; any other
 * field runs to the next comma or line end ({@code \n}, {@code \r\n} or {@code \r}), quotes inside it taken as they
 * are. JMeter's CSVSaveService writes exactly these (it quotes a value holding the delimiter, a quote or a line
 * break). Each record's fields are copied, unquoted, into one reused char buffer; {@link JtlRow} reads numbers and
 * booleans from it in place and makes Strings only of the texts it is asked for.
 *
 * <pre>{@code
 * JtlCsv csv = new JtlCsv(reader);
 * while (csv.next()) {
 *     int fields = csv.fields();  // then csv.start(i), csv.end(i) into csv.chars()
 * }
 * }</pre>
 */
final class JtlCsv {

    /** A record that is not CSV as JMeter writes it; the message says what was found. */
    static final class MalformedException extends IOException {
        private static final long serialVersionUID = 1L;

        MalformedException(String message) {
            super(message);
        }
    }

    private final Reader reader;
    private final char[] input = new char[1 << 16];
    private int position;
    private int limit;

    private char[] chars = new char[512];
    private int length;
    private int[] starts = new int[32];
    private int[] ends = new int[32];
    private int fields;

    JtlCsv(Reader reader) {
        this.reader = reader;
    }

    /** Reads the next record; false at the end of the input. */
    boolean next() throws IOException {
        if (position == limit && !fill()) {
            return false;
        }
        length = 0;
        fields = 0;
        while (true) {
            int start = length;
            int c;
            if ((position < limit || fill()) && input[position] == '"') {
                position++;
                while (true) {
                    c = read();
                    if (c < 0) {
                        throw new MalformedException("a quoted field is not closed before the end of the file");
                    }
                    if (c == '"') {
                        c = read();
                        if (c != '"') {
                            break; // c follows the closing quote
                        }
                    }
                    append((char) c);
                }
                field(start);
                if (c == ',') {
                    continue;
                }
                if (c != '\n' && c != '\r' && c >= 0) {
                    throw new MalformedException("'" + (char) c + "' after a quoted field's closing quote; expected "
                            + "a comma or the end of the line");
                }
            } else {
                c = unquoted();
                field(start);
                if (c == ',') {
                    continue;
                }
            }
            if (c == '\r' && (position < limit || fill()) && input[position] == '\n') {
                position++;
            }
            return true;
        }
    }

    /**
     * Copies an unquoted field to the record, a run of the input at a time; returns what ended it (a comma, a line
     * end) or -1 at the end of the input. Most fields are unquoted: this is the reader's inner loop.
     */
    private int unquoted() throws IOException {
        while (position < limit || fill()) {
            char[] in = input;
            int from = position;
            int end = limit;
            for (int i = from; i < end; i++) {
                char c = in[i];
                if (c == ',' || c == '\n' || c == '\r') {
                    append(in, from, i);
                    position = i + 1;
                    return c;
                }
            }
            append(in, from, end);
            position = end;
        }
        return -1;
    }

    /** The fields of the record read last. */
    int fields() {
        return fields;
    }

    /** The record's characters, unquoted; field i is [start(i), end(i)). */
    char[] chars() {
        return chars;
    }

    int start(int field) {
        return starts[field];
    }

    int end(int field) {
        return ends[field];
    }

    /** Field i as text. */
    String text(int field) {
        return new String(chars, starts[field], ends[field] - starts[field]);
    }

    private int read() throws IOException {
        if (position == limit && !fill()) {
            return -1;
        }
        return input[position++];
    }

    private boolean fill() throws IOException {
        int read = reader.read(input, 0, input.length);
        while (read == 0) {
            read = reader.read(input, 0, input.length);
        }
        if (read < 0) {
            return false;
        }
        position = 0;
        limit = read;
        return true;
    }

    private void append(char c) {
        if (length == chars.length) {
            chars = Arrays.copyOf(chars, length * 2);
        }
        chars[length++] = c;
    }

    private void append(char[] from, int start, int end) {
        int count = end - start;
        if (length + count > chars.length) {
            chars = Arrays.copyOf(chars, Math.max(chars.length * 2, length + count));
        }
        System.arraycopy(from, start, chars, length, count);
        length += count;
    }

    private void field(int start) {
        if (fields == starts.length) {
            starts = Arrays.copyOf(starts, fields * 2);
            ends = Arrays.copyOf(ends, fields * 2);
        }
        starts[fields] = start;
        ends[fields] = length;
        fields++;
    }
}
