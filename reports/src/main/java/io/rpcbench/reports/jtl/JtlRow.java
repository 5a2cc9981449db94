package io.rpcbench.reports.jtl;

import io.rpcbench.seconds.StreamFigures;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The current row of a CSV JTL ({@link JtlRows} reuses one per file, over its {@link JtlCsv}), with typed access by
 * column position: the reader finds its columns' positions once per file ({@link JtlRows.Header#column}) and names
 * each column it reads, so every bad value is a {@link JtlFormatException} naming the file, the line, the column and
 * what was expected. Numbers and booleans are read from the row's bytes in place; texts a file repeats come
 * from its {@link RepeatedText}. A position of -1 is a column the file does not have: {@code absent} is given.
 */
public final class JtlRow {

    private final Path file;
    private final JtlCsv csv;
    private final RepeatedText texts;
    /** Per column, the text {@link #repeated} gave on the row before, and its bytes. */
    private final String[] lastTexts = new String[64];
    private final byte[][] lastBytes = new byte[64][];
    private long line;

    JtlRow(Path file, JtlCsv csv) {
        this(file, csv, new RepeatedText());
    }

    /** A row whose repeated texts come from {@code texts}, e.g. one shared by the chunks of one file. */
    JtlRow(Path file, JtlCsv csv, RepeatedText texts) {
        this.file = file;
        this.csv = csv;
        this.texts = texts;
    }

    /** The row now in the {@link JtlCsv} starts on {@code line}. */
    void at(long line) {
        this.line = line;
    }

    /** The column's text, a new String. */
    public String text(int column) {
        return csv.text(column);
    }

    /** The column's text, or {@code absent} when the file has no such column (position -1). */
    public String text(int column, String absent) {
        return column < 0 ? absent : csv.text(column);
    }

    /**
     * The column's text, one String for every row with the same text ({@link RepeatedText}). The text this column
     * had on the row before is tried first: a response code, a message or a provider is mostly the same row after
     * row, and comparing its bytes costs less than hashing them.
     */
    String repeated(int column) {
        byte[] bytes = csv.bytes();
        int start = csv.start(column);
        int end = csv.end(column);
        if (column < lastTexts.length) {
            byte[] last = lastBytes[column];
            if (last != null && Arrays.equals(last, 0, last.length, bytes, start, end)) {
                return lastTexts[column];
            }
            String text = texts.of(bytes, start, end);
            lastBytes[column] = texts.lastKey();
            lastTexts[column] = text;
            return text;
        }
        return texts.of(bytes, start, end);
    }

    /** As {@link #repeated(int)}, or {@code absent} when the file has no such column (position -1). */
    String repeated(int column, String absent) {
        return column < 0 ? absent : repeated(column);
    }

    /** Whether the column is absent, or its text trimmed is empty or {@code absent} (e.g. JMeter's "null"). */
    boolean isBlankOr(int column, String text) {
        if (column < 0) {
            return true;
        }
        byte[] bytes = csv.bytes();
        int start = trimmedStart(column);
        int end = trimmedEnd(column, start);
        if (start == end) {
            return true;
        }
        if (end - start != text.length()) {
            return false;
        }
        for (int i = start; i < end; i++) {
            if (bytes[i] != text.charAt(i - start)) { // text is ASCII
                return false;
            }
        }
        return true;
    }

    /** The column's whole number, as {@code Long.parseLong} of its trimmed text reads it. */
    public long number(int column, String name) {
        byte[] bytes = csv.bytes();
        int start = trimmedStart(column);
        int end = trimmedEnd(column, start);
        boolean negative = start < end && bytes[start] == '-';
        int digits = negative || start < end && bytes[start] == '+' ? start + 1 : start;
        if (end > digits && end - digits <= 18) { // no overflow in 18 digits
            long value = 0;
            int i = digits;
            while (i < end && bytes[i] >= '0' && bytes[i] <= '9') {
                value = value * 10 + bytes[i++] - '0';
            }
            if (i == end) {
                return negative ? -value : value;
            }
        }
        String value = csv.text(column); // the rare or wrong: exactly as Long.parseLong reads it, or refused
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new JtlFormatException(file, line, "'" + name + "' is '" + value + "'; expected a whole number"
                    + ("timeStamp".equals(name) ? " of ms (jmeter.save.saveservice.timestamp_format=ms)" : ""));
        }
    }

    /** The column's whole number, or {@code absent} when the file has no such column. */
    public long number(int column, String name, long absent) {
        return column < 0 ? absent : number(column, name);
    }

    /** The column's whole number, refused when negative: a duration or a byte count, which would skew every figure. */
    long atLeastZero(int column, String name) {
        long value = number(column, name);
        if (value < 0) {
            throw new JtlFormatException(file, line, "'" + name + "' is '" + csv.text(column)
                    + "'; expected a whole number from 0");
        }
        return value;
    }

    /** The column's whole number from 0, or {@code absent} when the file has no such column. */
    long atLeastZero(int column, String name, long absent) {
        return column < 0 ? absent : atLeastZero(column, name);
    }

    /** The column's stream figures ({@link StreamFigures#parse}); a bad text is named with the file and line. */
    StreamFigures streamFigures(int column) {
        try {
            return StreamFigures.parse(csv.text(column));
        } catch (IllegalArgumentException e) {
            throw new JtlFormatException(file, line, e.getMessage());
        }
    }

    public boolean bool(int column, String name) {
        byte[] bytes = csv.bytes();
        int start = trimmedStart(column);
        int end = trimmedEnd(column, start);
        if (is(bytes, start, end, "true")) {
            return true;
        }
        if (is(bytes, start, end, "false")) {
            return false;
        }
        throw new JtlFormatException(file, line, "'" + name + "' is '" + csv.text(column).trim()
                + "'; expected true or false");
    }

    /** Where the column's text starts once leading blanks (chars up to ' ', as String.trim) are passed. */
    private int trimmedStart(int column) {
        byte[] bytes = csv.bytes();
        int start = csv.start(column);
        int end = csv.end(column);
        while (start < end && (bytes[start] & 0xff) <= ' ') {
            start++;
        }
        return start;
    }

    /** Where the column's text ends before trailing blanks, not before {@code start}. */
    private int trimmedEnd(int column, int start) {
        byte[] bytes = csv.bytes();
        int end = csv.end(column);
        while (end > start && (bytes[end - 1] & 0xff) <= ' ') {
            end--;
        }
        return end;
    }

    /**
     * Whether {@code bytes[start, end)} is {@code word}, lower-case ASCII letters, ignoring case: each byte is the
     * letter or its capital (the two differ in bit 5 alone).
     */
    private static boolean is(byte[] bytes, int start, int end, String word) {
        if (end - start != word.length()) {
            return false;
        }
        for (int i = start; i < end; i++) {
            if ((bytes[i] | 0x20) != word.charAt(i - start)) {
                return false;
            }
        }
        return true;
    }
}
