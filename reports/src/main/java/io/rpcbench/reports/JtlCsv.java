package io.rpcbench.reports;

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
            int c = read();
            if (c == '"') {
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
                while (c >= 0 && c != ',' && c != '\n' && c != '\r') {
                    append((char) c);
                    c = read();
                }
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
