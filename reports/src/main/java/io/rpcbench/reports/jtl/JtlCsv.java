package io.rpcbench.reports.jtl;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * JMeter's CSV split into records and fields without a String per field: a field starting with a double quote runs
 * to the next quote not doubled ({@code ""} inside is one quote), and may hold commas and line breaks; any other
 * field runs to the next comma or line end ({@code \n}, {@code \r\n} or {@code \r}), quotes inside it taken as they
 * are. JMeter's CSVSaveService writes exactly these (it quotes a value holding the delimiter, a quote or a line
 * break). A record with no quoted field that lies whole in the input buffer, as most do, is read where it lies:
 * its fields are positions in that buffer. Any other record's fields are copied, unquoted, into one reused byte
 * buffer. {@link JtlRow} reads numbers and booleans from {@link #bytes} in place and makes Strings only of the texts
 * it is asked for.
 *
 * <p>The file is UTF-8 and is read as bytes, not decoded to chars: none of the separators (comma, quote, line end)
 * is ever part of a multi-byte character, and most records are ASCII. A record holding any byte above ASCII is
 * checked as UTF-8, field by field, before it is handed on, so a file that is not UTF-8 text is refused on the line
 * where it stops being text ({@link java.nio.charset.CharacterCodingException}).
 *
 * <pre>{@code
 * JtlCsv csv = new JtlCsv(in);
 * while (csv.next()) {
 *     int fields = csv.fields();  // then csv.start(i), csv.end(i) into csv.bytes()
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

    private final InputStream in;
    private final byte[] input = new byte[1 << 16];
    private int position;
    private int limit;

    /** The record's bytes: {@link #input} for a record read in place, else {@link #copied}. */
    private byte[] bytes;
    private byte[] copied = new byte[512];
    private int length;
    private int[] starts = new int[32];
    private int[] ends = new int[32];
    private int fields;
    /** Every byte of the record or'ed together: bit 7 is set when one lies outside ASCII. */
    private int bits;
    private CharsetDecoder utf8;

    JtlCsv(InputStream in) {
        this.in = in;
    }

    /** Reads the next record; false at the end of the input. */
    boolean next() throws IOException {
        if (position == limit && !fill()) {
            return false;
        }
        fields = 0;
        bits = 0;
        if (inPlace()) {
            if ((bits & 0x80) != 0) {
                checkText();
            }
            return true;
        }
        bytes = copied;
        length = 0;
        fields = 0;
        bits = 0;
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
                    append((byte) c);
                    bits |= c;
                }
                field(start);
                if (c == ',') {
                    continue;
                }
                if (c != '\n' && c != '\r' && c >= 0) {
                    throw new MalformedException(describe(c) + " after a quoted field's closing quote; expected "
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
            if ((bits & 0x80) != 0) {
                checkText();
            }
            return true;
        }
    }

    /**
     * Reads the record at {@link #position} where it lies in the input buffer, when none of its fields is quoted and
     * its line end is in the buffer; false otherwise, with nothing consumed. Most records are read this way: no copy.
     */
    private boolean inPlace() {
        byte[] in = input;
        int end = limit;
        int i = position;
        int start = i;
        int seen = 0;
        if (i < end && in[i] == '"') {
            return false;
        }
        while (i < end) {
            byte c = in[i];
            if (c > ',') { // most bytes: digits, letters, '-', '.', '/', ':'; one test each
                i++;
            } else if (c == ',') {
                field(start, i);
                start = ++i;
                if (i < end && in[i] == '"') {
                    fields = 0;
                    return false;
                }
            } else if (c == '\n' || c == '\r') {
                int next = i + 1;
                if (c == '\r') {
                    if (next == end) {
                        fields = 0;
                        return false; // a \n may follow in the next buffer
                    }
                    if (in[next] == '\n') {
                        next++;
                    }
                }
                field(start, i);
                bytes = in;
                bits = seen;
                position = next;
                return true;
            } else {
                seen |= c; // a byte above ASCII is negative
                i++;
            }
        }
        fields = 0;
        return false; // the line end is in the next buffer, or the input ends without one
    }

    /**
     * Copies an unquoted field to the record, a run of the input at a time; returns what ended it (a comma, a line
     * end) or -1 at the end of the input. Most fields are unquoted: this is the reader's inner loop.
     */
    private int unquoted() throws IOException {
        while (position < limit || fill()) {
            byte[] from = input;
            int first = position;
            int end = limit;
            int seen = 0;
            for (int i = first; i < end; i++) {
                byte c = from[i];
                seen |= c;
                if (c == ',' || c == '\n' || c == '\r') {
                    append(from, first, i);
                    bits |= seen;
                    position = i + 1;
                    return c;
                }
            }
            append(from, first, end);
            bits |= seen;
            position = end;
        }
        return -1;
    }

    /** Each field of a record holding bytes outside ASCII is UTF-8 text, or the record is refused. */
    private void checkText() throws IOException {
        if (utf8 == null) {
            utf8 = StandardCharsets.UTF_8.newDecoder(); // reports malformed input, replaces nothing
        }
        for (int i = 0; i < fields; i++) {
            utf8.reset().decode(ByteBuffer.wrap(bytes, starts[i], ends[i] - starts[i]));
        }
    }

    private static String describe(int c) {
        return c < 0x80 ? "'" + (char) c + "'" : String.format("the byte 0x%02x", c);
    }

    /** The fields of the record read last. */
    int fields() {
        return fields;
    }

    /** The record's bytes, unquoted; field i is [start(i), end(i)). */
    byte[] bytes() {
        return bytes;
    }

    int start(int field) {
        return starts[field];
    }

    int end(int field) {
        return ends[field];
    }

    /** Field i as text. */
    String text(int field) {
        return new String(bytes, starts[field], ends[field] - starts[field], StandardCharsets.UTF_8);
    }

    private int read() throws IOException {
        if (position == limit && !fill()) {
            return -1;
        }
        return input[position++] & 0xff;
    }

    private boolean fill() throws IOException {
        int read = in.read(input, 0, input.length);
        while (read == 0) {
            read = in.read(input, 0, input.length);
        }
        if (read < 0) {
            return false;
        }
        position = 0;
        limit = read;
        return true;
    }

    private void append(byte c) {
        if (length == copied.length) {
            bytes = copied = Arrays.copyOf(copied, length * 2);
        }
        copied[length++] = c;
    }

    private void append(byte[] from, int start, int end) {
        int count = end - start;
        if (length + count > copied.length) {
            bytes = copied = Arrays.copyOf(copied, Math.max(copied.length * 2, length + count));
        }
        System.arraycopy(from, start, copied, length, count);
        length += count;
    }

    /** The field copied last: from {@code start} to the copy's end. */
    private void field(int start) {
        field(start, length);
    }

    private void field(int start, int end) {
        if (fields == starts.length) {
            starts = Arrays.copyOf(starts, fields * 2);
            ends = Arrays.copyOf(ends, fields * 2);
        }
        starts[fields] = start;
        ends[fields] = end;
        fields++;
    }
}
