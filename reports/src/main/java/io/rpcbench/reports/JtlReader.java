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
 * Streams the samples of a JMeter CSV result file (JTL) one at a time, so memory stays bounded whatever
 * the file's size. The file must start with JMeter's header line ({@code jmeter.save.saveservice.print_field_names},
 * on by default) and store timestamps in ms ({@code timestamp_format=ms}, the default); columns are found
 * by name, so any column order or extra columns work.
 *
 * <pre>{@code
 * long rows = JtlReader.read(path, sample -> summary.add(sample));
 * }</pre>
 */
public final class JtlReader {

    private static final List<String> REQUIRED = List.of("timeStamp", "elapsed", "label", "responseCode", "success");

    private static final CsvMapper CSV = new CsvMapper();

    private JtlReader() {}

    /**
     * Feeds every sample of {@code file} to {@code consumer}, in file order.
     *
     * @return the number of samples read
     * @throws JtlFormatException naming the file and line when the header lacks a required column or a row
     *     holds a value of the wrong type
     */
    public static long read(Path file, Consumer<JtlSample> consumer) {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
                MappingIterator<String[]> rows = CSV.readerFor(String[].class)
                        .with(CsvParser.Feature.WRAP_AS_ARRAY)
                        .readValues(reader)) {
            if (!rows.hasNext()) {
                throw new JtlFormatException(file, 1, "the file is empty; expected JMeter's CSV header line");
            }
            Columns columns = Columns.of(file, rows.next());
            long count = 0;
            while (rows.hasNext()) {
                String[] row = nextRow(file, rows, count + 2);
                if (row.length == 1 && row[0].isEmpty()) {
                    continue;
                }
                consumer.accept(columns.sample(file, count + 2, row));
                count++;
            }
            return count;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JTL file " + file + ": " + e.getMessage(), e);
        }
    }

    private static String[] nextRow(Path file, MappingIterator<String[]> rows, long line) {
        try {
            return rows.next();
        } catch (RuntimeException e) {
            Throwable cause = e.getCause() instanceof JsonProcessingException ? e.getCause() : e;
            throw new JtlFormatException(file, line, "not a CSV row: " + cause.getMessage(), e);
        }
    }

    /** Where each column sits in this file's rows. */
    private record Columns(int timeStamp, int elapsed, int label, int responseCode, int responseMessage,
            int success, int bytes, int sentBytes, int allThreads) {

        static Columns of(Path file, String[] header) {
            Map<String, Integer> index = new HashMap<>();
            for (int i = 0; i < header.length; i++) {
                index.putIfAbsent(header[i].trim(), i);
            }
            for (String name : REQUIRED) {
                if (!index.containsKey(name)) {
                    throw new JtlFormatException(file, 1, "the header has no '" + name + "' column; expected a JMeter "
                            + "CSV header with at least " + REQUIRED + ", found " + Arrays.toString(header));
                }
            }
            return new Columns(index.get("timeStamp"), index.get("elapsed"), index.get("label"),
                    index.get("responseCode"), index.getOrDefault("responseMessage", -1), index.get("success"), index.getOrDefault("bytes", -1),
                    index.getOrDefault("sentBytes", -1), index.getOrDefault("allThreads", -1));
        }

        JtlSample sample(Path file, long line, String[] row) {
            return new JtlSample(
                    number(file, line, row, timeStamp, "timeStamp"),
                    number(file, line, row, elapsed, "elapsed"),
                    text(file, line, row, label, "label"),
                    text(file, line, row, responseCode, "responseCode"),
                    responseMessage < 0 ? "" : text(file, line, row, responseMessage, "responseMessage"),
                    bool(file, line, row, success),
                    bytes < 0 ? 0 : number(file, line, row, bytes, "bytes"),
                    sentBytes < 0 ? 0 : number(file, line, row, sentBytes, "sentBytes"),
                    allThreads < 0 ? 0 : (int) number(file, line, row, allThreads, "allThreads"));
        }

        private static String text(Path file, long line, String[] row, int column, String name) {
            if (column >= row.length) {
                throw new JtlFormatException(file, line, "the row has " + row.length + " fields; expected a '" + name
                        + "' value in field " + (column + 1) + " (truncated line?)");
            }
            return row[column];
        }

        private static long number(Path file, long line, String[] row, int column, String name) {
            String value = text(file, line, row, column, name);
            try {
                return Long.parseLong(value.trim());
            } catch (NumberFormatException e) {
                throw new JtlFormatException(file, line, "'" + name + "' is '" + value + "'; expected a whole number"
                        + ("timeStamp".equals(name) ? " of ms (jmeter.save.saveservice.timestamp_format=ms)" : ""));
            }
        }

        private static boolean bool(Path file, long line, String[] row, int column) {
            String value = text(file, line, row, column, "success").trim();
            if ("true".equalsIgnoreCase(value)) {
                return true;
            }
            if ("false".equalsIgnoreCase(value)) {
                return false;
            }
            throw new JtlFormatException(file, line, "'success' is '" + value + "'; expected true or false");
        }
    }
}
