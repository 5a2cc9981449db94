package io.rpcbench.reports;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Streams the rows of a JMeter CSV result file with its header line, one {@link JtlRow} at a time. Both
 * readers of this package sit on it: {@link JtlReader} (load samples) and {@link PerfMonReader} (the PerfMon
 * Metrics Collector's file, which is a JTL too). {@code required} names the columns the caller cannot do without,
 * checked against the header before any row is read; then the caller is handed the {@link Header} once, to find
 * the positions of the columns it reads, and returns the consumer of the rows.
 *
 * <p>The file is read with Jackson's streaming CSV parser (JMeter's quoting: fields in double quotes, doubled
 * quotes inside, line breaks and commas inside quoted fields), token by token into one reused row: no array or row
 * object per line.
 *
 * <pre>{@code
 * JtlRows.read(file, List.of("timeStamp"), Long.MAX_VALUE, header -> {
 *     int timeStamp = header.column("timeStamp");
 *     return row -> starts.add(row.number(timeStamp, "timeStamp"));
 * });
 * }</pre>
 */
final class JtlRows {

    /** Jackson's CSV parsers, without a schema: each line is an array of its fields as text. */
    private static final CsvFactory CSV = new CsvFactory();

    private JtlRows() {}

    /** The header line of a file: the position of each column by its name. */
    static final class Header {
        private final Map<String, Integer> columns;

        private Header(Map<String, Integer> columns) {
            this.columns = columns;
        }

        /** The position of the column named {@code name} (the first such), or -1 when the file has none. */
        int column(String name) {
            return columns.getOrDefault(name, -1);
        }
    }

    /**
     * Feeds every non-blank row after the header to the consumer {@code open} makes from the header; returns how
     * many. A row whose field count differs from the header's is refused rather than read: JMeter writes every column
     * of every row, so a short row is a truncated or corrupt line, whose remaining values could be misread as the
     * wrong columns.
     */
    static long read(Path file, List<String> required, Function<Header, Consumer<JtlRow>> open) {
        return read(file, required, Long.MAX_VALUE, open);
    }

    /** As {@link #read(Path, List, Function)}, stopping after {@code maxRows} rows. */
    static long read(Path file, List<String> required, long maxRows, Function<Header, Consumer<JtlRow>> open) {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(file, reader, required, maxRows, open);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JTL file " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * As {@link #read(Path, List, long, Function)} from {@code reader}, which holds a header line and rows of
     * {@code file} (e.g. the header and the file's last rows); {@code file} only names the rows in messages.
     */
    static long read(Path file, Reader reader, List<String> required, long maxRows,
            Function<Header, Consumer<JtlRow>> open) throws IOException {
        try (CsvParser parser = parser(file, reader)) {
            List<String> header = new ArrayList<>();
            if (header(file, parser, header) < 0) {
                throw new JtlFormatException(file, 1, "the file is empty; expected JMeter's CSV header line");
            }
            Consumer<JtlRow> consumer = open.apply(columns(file, header, required));
            JtlRow row = new JtlRow(file, header.size());
            long count = 0;
            long line = 1;
            while (count < maxRows) {
                int fields = next(file, parser, line + 1, row.fields());
                if (fields < 0) {
                    break;
                }
                line++;
                if (fields == 1 && row.fields()[0].isEmpty()) { // a blank line
                    continue;
                }
                if (fields != header.size()) {
                    throw new JtlFormatException(file, line, "the row has " + fields + " fields; expected "
                            + header.size() + " as in the header line (truncated or corrupt line?)");
                }
                row.at(line);
                consumer.accept(row);
                count++;
            }
            return count;
        }
    }

    private static CsvParser parser(Path file, Reader reader) throws IOException {
        try {
            return CSV.createParser(reader);
        } catch (CharacterCodingException e) {
            throw notText(file, 1, e);
        }
    }

    /** Reads the header line's fields into {@code header}; returns how many, or -1 when the file is empty. */
    private static int header(Path file, CsvParser parser, List<String> header) {
        try {
            if (parser.nextToken() == null) {
                return -1;
            }
            // Without a schema Jackson's CSV parser gives each line as an array of text values.
            JsonToken token;
            while ((token = parser.nextToken()) != JsonToken.END_ARRAY && token != null) {
                header.add(parser.getText());
            }
            return header.size();
        } catch (IOException e) {
            throw unreadable(file, 1, e);
        }
    }

    /**
     * Reads the next row's fields into {@code fields} (as many as fit; the rest are counted only); returns the row's
     * field count, or -1 at the end of the file. {@code line} is the line number the row starts on.
     */
    private static int next(Path file, CsvParser parser, long line, String[] fields) {
        try {
            if (parser.nextToken() == null) {
                return -1;
            }
            int count = 0;
            JsonToken token;
            while ((token = parser.nextToken()) != JsonToken.END_ARRAY && token != null) {
                if (count < fields.length) {
                    fields[count] = parser.getText();
                }
                count++;
            }
            return count;
        } catch (IOException e) {
            throw unreadable(file, line, e);
        }
    }

    /** What a failed read of the row on {@code line} means: not text, not CSV, or the file could not be read. */
    private static RuntimeException unreadable(Path file, long line, IOException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof CharacterCodingException) {
                return notText(file, line, e);
            }
        }
        if (e instanceof JsonProcessingException) {
            return new JtlFormatException(file, line, "not a CSV row: " + e.getMessage(), e);
        }
        return new UncheckedIOException("cannot read JTL file " + file + ": " + e.getMessage(), e);
    }

    // The parser reads ahead in blocks, so the bytes it could not decode are on this line or a later one.
    private static JtlFormatException notText(Path file, long line, Exception e) {
        return new JtlFormatException(file, line, "bytes that are not UTF-8 text on this line or soon after; "
                + "expected JMeter CSV results (a text file), not a binary or compressed file", e);
    }

    private static Header columns(Path file, List<String> header, List<String> required) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            index.putIfAbsent(header.get(i).trim(), i);
        }
        for (String name : required) {
            if (!index.containsKey(name)) {
                throw new JtlFormatException(file, 1, "the header has no '" + name + "' column; expected a JMeter "
                        + "CSV header with at least " + required + ", found " + header);
            }
        }
        return new Header(index);
    }
}
