package io.rpcbench.reports;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
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

    /** Feeds every non-blank row after the header to {@code consumer}; returns how many. */
    static long read(Path file, List<String> required, Consumer<JtlRow> consumer) {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
                MappingIterator<String[]> rows = CSV.readerFor(String[].class)
                        .with(CsvParser.Feature.WRAP_AS_ARRAY)
                        .readValues(reader)) {
            if (!rows.hasNext()) {
                throw new JtlFormatException(file, 1, "the file is empty; expected JMeter's CSV header line");
            }
            Map<String, Integer> columns = columns(file, rows.next(), required);
            long count = 0;
            long line = 1;
            while (rows.hasNext()) {
                line++;
                String[] fields = nextRow(file, rows, line);
                if (fields.length == 1 && fields[0].isEmpty()) {
                    continue;
                }
                consumer.accept(new JtlRow(file, line, fields, columns));
                count++;
            }
            return count;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JTL file " + file + ": " + e.getMessage(), e);
        }
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

    private static String[] nextRow(Path file, MappingIterator<String[]> rows, long line) {
        try {
            return rows.next();
        } catch (RuntimeException e) {
            Throwable cause = e.getCause() instanceof JsonProcessingException ? e.getCause() : e;
            throw new JtlFormatException(file, line, "not a CSV row: " + cause.getMessage(), e);
        }
    }
}
