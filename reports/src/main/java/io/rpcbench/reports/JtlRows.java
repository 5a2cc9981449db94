package io.rpcbench.reports;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Streams the rows of a JMeter CSV result file with its header line, one {@link JtlRow} at a time. Both
 * readers of this package sit on it: {@link JtlReader} (load samples) and {@link PerfMonReader} (the PerfMon
 * Metrics Collector's file, which is a JTL too). Columns are found by name; {@code required} names the
 * columns the caller cannot do without, checked against the header before any row is read.
 */
final class JtlRows {

    private static final CsvMapper CSV = new CsvMapper();

    private JtlRows() {}

    /**
     * Feeds every non-blank row after the header to {@code consumer}; returns how many. A row whose field count
     * differs from the header's is refused rather than read: JMeter writes every column of every row, so a short
     * row is a truncated or corrupt line, whose remaining values could be misread as the wrong columns.
     */
    static long read(Path file, List<String> required, Consumer<JtlRow> consumer) {
        return read(file, required, Long.MAX_VALUE, consumer);
    }

    /** As {@link #read(Path, List, Consumer)}, stopping after {@code maxRows} rows. */
    static long read(Path file, List<String> required, long maxRows, Consumer<JtlRow> consumer) {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(file, reader, required, maxRows, consumer);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JTL file " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * As {@link #read(Path, List, long, Consumer)} from {@code reader}, which holds a header line and rows of
     * {@code file} (e.g. the header and the file's last rows); {@code file} only names the rows in messages.
     */
    static long read(Path file, Reader reader, List<String> required, long maxRows, Consumer<JtlRow> consumer)
            throws IOException {
        MappingIterator<String[]> rows = open(file, reader);
        String[] header = next(file, rows, 1);
        if (header == null) {
            throw new JtlFormatException(file, 1, "the file is empty; expected JMeter's CSV header line");
        }
        Map<String, Integer> columns = columns(file, header, required);
        long count = 0;
        long line = 1;
        while (count < maxRows) {
            String[] fields = next(file, rows, line + 1);
            if (fields == null) {
                break;
            }
            line++;
            if (fields.length == 1 && fields[0].isEmpty()) {
                continue;
            }
            if (fields.length != header.length) {
                throw new JtlFormatException(file, line, "the row has " + fields.length + " fields; expected "
                        + header.length + " as in the header line (truncated or corrupt line?)");
            }
            consumer.accept(new JtlRow(file, line, fields, columns));
            count++;
        }
        return count;
    }

    private static MappingIterator<String[]> open(Path file, Reader reader) throws IOException {
        try {
            return CSV.readerFor(String[].class).with(CsvParser.Feature.WRAP_AS_ARRAY).readValues(reader);
        } catch (CharacterCodingException e) {
            throw notText(file, 1, e);
        }
    }

    /** The next row, or null at the end of the file; {@code line} is the line number the row starts on. */
    private static String[] next(Path file, MappingIterator<String[]> rows, long line) {
        try {
            return rows.hasNext() ? rows.next() : null;
        } catch (RuntimeException e) {
            for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                if (cause instanceof CharacterCodingException) {
                    throw notText(file, line, e);
                }
            }
            Throwable cause = e.getCause() instanceof JsonProcessingException ? e.getCause() : e;
            throw new JtlFormatException(file, line, "not a CSV row: " + cause.getMessage(), e);
        }
    }

    // The parser reads ahead in blocks, so the bytes it could not decode are on this line or a later one.
    private static JtlFormatException notText(Path file, long line, Exception e) {
        return new JtlFormatException(file, line, "bytes that are not UTF-8 text on this line or soon after; "
                + "expected JMeter CSV results (a text file), not a binary or compressed file", e);
    }

    private static Map<String, Integer> columns(Path file, String[] header, List<String> required) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < header.length; i++) {
            index.putIfAbsent(header[i].trim(), i);
        }
        for (String name : required) {
            if (!index.containsKey(name)) {
                throw new JtlFormatException(file, 1, "the header has no '" + name + "' column; expected a JMeter "
                        + "CSV header with at least " + required + ", found " + Arrays.toString(header));
            }
        }
        return index;
    }
}
