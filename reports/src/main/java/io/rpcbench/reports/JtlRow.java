package io.rpcbench.reports;

import java.nio.file.Path;
import java.util.Map;

/**
 * One row of a CSV JTL with typed access by column name; every bad value is a {@link JtlFormatException}
 * naming the file, the line, the column and what was expected.
 */
final class JtlRow {

    private final Path file;
    private final long line;
    private final String[] fields;
    private final Map<String, Integer> columns;

    JtlRow(Path file, long line, String[] fields, Map<String, Integer> columns) {
        this.file = file;
        this.line = line;
        this.fields = fields;
        this.columns = columns;
    }

    boolean has(String name) {
        return columns.containsKey(name);
    }

    String text(String name) {
        int column = columns.get(name);
        if (column >= fields.length) {
            throw new JtlFormatException(file, line, "the row has " + fields.length + " fields; expected a '" + name
                    + "' value in field " + (column + 1) + " (truncated line?)");
        }
        return fields[column];
    }

    /** The column's text, or {@code absent} when the file has no such column. */
    String text(String name, String absent) {
        return has(name) ? text(name) : absent;
    }

    long number(String name) {
        String value = text(name);
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new JtlFormatException(file, line, "'" + name + "' is '" + value + "'; expected a whole number"
                    + ("timeStamp".equals(name) ? " of ms (jmeter.save.saveservice.timestamp_format=ms)" : ""));
        }
    }

    /** The column's whole number, or {@code absent} when the file has no such column. */
    long number(String name, long absent) {
        return has(name) ? number(name) : absent;
    }

    /** The column's whole number, refused when negative: a duration or a byte count, which would skew every figure. */
    long atLeastZero(String name) {
        long value = number(name);
        if (value < 0) {
            throw new JtlFormatException(file, line, "'" + name + "' is '" + text(name) + "'; expected a whole number"
                    + " from 0");
        }
        return value;
    }

    /** The column's whole number from 0, or {@code absent} when the file has no such column. */
    long atLeastZero(String name, long absent) {
        return has(name) ? atLeastZero(name) : absent;
    }

    boolean bool(String name) {
        String value = text(name).trim();
        if ("true".equalsIgnoreCase(value)) {
            return true;
        }
        if ("false".equalsIgnoreCase(value)) {
            return false;
        }
        throw new JtlFormatException(file, line, "'" + name + "' is '" + value + "'; expected true or false");
    }

    Path file() { return file; }

    long line() { return line; }
}
