package io.rpcbench.reports;

import java.nio.file.Path;

/**
 * The current row of a CSV JTL ({@link JtlRows} reuses one per file), with typed access by column position: the
 * reader finds its columns' positions once per file ({@link JtlRows.Header#column}) and names each column it reads,
 * so every bad value is a {@link JtlFormatException} naming the file, the line, the column and what was expected.
 * A position of -1 is a column the file does not have: the {@code absent} value is given instead.
 */
final class JtlRow {

    private final Path file;
    private final String[] fields;
    private long line;

    /** A row of {@code columns} fields of {@code file}. */
    JtlRow(Path file, int columns) {
        this.file = file;
        this.fields = new String[columns];
    }

    /** The fields, filled by {@link JtlRows} for each row. */
    String[] fields() {
        return fields;
    }

    /** The row now in {@link #fields()} starts on {@code line}. */
    void at(long line) {
        this.line = line;
    }

    String text(int column) {
        return fields[column];
    }

    /** The column's text, or {@code absent} when the file has no such column (position -1). */
    String text(int column, String absent) {
        return column < 0 ? absent : fields[column];
    }

    long number(int column, String name) {
        String value = fields[column];
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
            throw new JtlFormatException(file, line, "'" + name + "' is '" + fields[column]
                    + "'; expected a whole number from 0");
        }
        return value;
    }

    /** The column's whole number from 0, or {@code absent} when the file has no such column. */
    long atLeastZero(int column, String name, long absent) {
        return column < 0 ? absent : atLeastZero(column, name);
    }

    boolean bool(int column, String name) {
        String value = fields[column].trim();
        if ("true".equalsIgnoreCase(value)) {
            return true;
        }
        if ("false".equalsIgnoreCase(value)) {
            return false;
        }
        throw new JtlFormatException(file, line, "'" + name + "' is '" + value + "'; expected true or false");
    }
}
