package io.rpcbench.reports.jtl;

import java.nio.file.Path;

/**
 * The current row of a CSV JTL ({@link JtlRows} reuses one per file, over its {@link JtlCsv}), with typed access by
 * column position: the reader finds its columns' positions once per file ({@link JtlRows.Header#column}) and names
 * each column it reads, so every bad value is a {@link JtlFormatException} naming the file, the line, the column and
 * what was expected. Numbers and booleans are read from the row's characters in place; texts a file repeats come
 * from its {@link RepeatedText}. A position of -1 is a column the file does not have: {@code absent} is given.
 */
final class JtlRow {

    private final Path file;
    private final JtlCsv csv;
    private final RepeatedText texts = new RepeatedText();
    private long line;

    JtlRow(Path file, JtlCsv csv) {
        this.file = file;
        this.csv = csv;
    }

    /** The row now in the {@link JtlCsv} starts on {@code line}. */
    void at(long line) {
        this.line = line;
    }

    /** The column's text, a new String. */
    String text(int column) {
        return csv.text(column);
    }

    /** The column's text, or {@code absent} when the file has no such column (position -1). */
    String text(int column, String absent) {
        return column < 0 ? absent : csv.text(column);
    }

    /** The column's text, one String for every row with the same text ({@link RepeatedText}). */
    String repeated(int column) {
        return texts.of(csv.chars(), csv.start(column), csv.end(column));
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
        char[] chars = csv.chars();
        int start = trimmedStart(column);
        int end = trimmedEnd(column, start);
        if (start == end) {
            return true;
        }
        if (end - start != text.length()) {
            return false;
        }
        for (int i = start; i < end; i++) {
            if (chars[i] != text.charAt(i - start)) {
                return false;
            }
        }
        return true;
    }

    /** The column's whole number, as {@code Long.parseLong} of its trimmed text reads it. */
    long number(int column, String name) {
        char[] chars = csv.chars();
        int start = trimmedStart(column);
        int end = trimmedEnd(column, start);
        boolean negative = start < end && chars[start] == '-';
        int digits = negative || start < end && chars[start] == '+' ? start + 1 : start;
        if (end > digits && end - digits <= 18) { // no overflow in 18 digits
            long value = 0;
            int i = digits;
            while (i < end && chars[i] >= '0' && chars[i] <= '9') {
                value = value * 10 + chars[i++] - '0';
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
    long number(int column, String name, long absent) {
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

    boolean bool(int column, String name) {
        char[] chars = csv.chars();
        int start = trimmedStart(column);
        int end = trimmedEnd(column, start);
        if (is(chars, start, end, "true")) {
            return true;
        }
        if (is(chars, start, end, "false")) {
            return false;
        }
        throw new JtlFormatException(file, line, "'" + name + "' is '" + csv.text(column).trim()
                + "'; expected true or false");
    }

    /** Where the column's text starts once leading blanks (chars up to ' ', as String.trim) are passed. */
    private int trimmedStart(int column) {
        char[] chars = csv.chars();
        int start = csv.start(column);
        int end = csv.end(column);
        while (start < end && chars[start] <= ' ') {
            start++;
        }
        return start;
    }

    /** Where the column's text ends before trailing blanks, not before {@code start}. */
    private int trimmedEnd(int column, int start) {
        char[] chars = csv.chars();
        int end = csv.end(column);
        while (end > start && chars[end - 1] <= ' ') {
            end--;
        }
        return end;
    }

    /** Whether {@code chars[start, end)} is {@code word} ignoring case, as {@link String#equalsIgnoreCase} tells. */
    private static boolean is(char[] chars, int start, int end, String word) {
        if (end - start != word.length()) {
            return false;
        }
        for (int i = start; i < end; i++) {
            char a = chars[i];
            char b = word.charAt(i - start);
            if (a != b) {
                char upperA = Character.toUpperCase(a);
                char upperB = Character.toUpperCase(b);
                if (upperA != upperB && Character.toLowerCase(upperA) != Character.toLowerCase(upperB)) {
                    return false;
                }
            }
        }
        return true;
    }
}
