package io.rpcbench.reports.jtl;

import java.io.IOException;
import java.io.InputStream;
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
 * <p>The file is split by {@link JtlCsv} (JMeter's quoting: fields in double quotes, doubled quotes inside, line
 * breaks and commas inside quoted fields) into one reused row: no array, row object or String per field. Jackson's
 * streaming CSV parser, which this replaced, makes a String of every field of every row, and a JTL row has 17 of
 * which the reports read 5 to 12.
 *
 * <pre>{@code
 * JtlRows.read(file, List.of("timeStamp"), Long.MAX_VALUE, header -> {
 *     int timeStamp = header.column("timeStamp");
 *     return row -> starts.add(row.number(timeStamp, "timeStamp"));
 * });
 * }</pre>
 */
public final class JtlRows {

    private JtlRows() {}

    /** The header line of a file: the position of each column by its name. */
    public static final class Header {
        private final Map<String, Integer> columns;

        private Header(Map<String, Integer> columns) {
            this.columns = columns;
        }

        /** The position of the column named {@code name} (the first such), or -1 when the file has none. */
        public int column(String name) {
            return columns.getOrDefault(name, -1);
        }
    }

    /**
     * Feeds every non-blank row after the header to the consumer {@code open} makes from the header; returns how
     * many. A row whose field count differs from the header's is refused rather than read: JMeter writes every column
     * of every row, so a short row is a truncated or corrupt line, whose remaining values could be misread as the
     * wrong columns.
     */
    public static long read(Path file, List<String> required, Function<Header, Consumer<JtlRow>> open) {
        return read(file, required, Long.MAX_VALUE, open);
    }

    /** As {@link #read(Path, List, Function)}, stopping after {@code maxRows} rows. */
    public static long read(Path file, List<String> required, long maxRows, Function<Header, Consumer<JtlRow>> open) {
        try (InputStream in = Files.newInputStream(file)) {
            return read(file, in, required, maxRows, open);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JTL file " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * As {@link #read(Path, List, long, Function)} from {@code in}, which holds a header line and rows of
     * {@code file} (e.g. the header and the file's last rows); {@code file} only names the rows in messages.
     */
    public static long read(Path file, InputStream in, List<String> required, long maxRows,
            Function<Header, Consumer<JtlRow>> open) throws IOException {
        return read(file, in, required, maxRows, 2, new RepeatedText(), open);
    }

    /**
     * As {@link #read(Path, InputStream, List, long, Function)}, the first row after the header being line
     * {@code firstLine} of {@code file} in messages, and the repeated texts coming from {@code texts} (e.g. a header
     * and a chunk from the middle of the file, with texts shared by all its chunks).
     */
    public static long read(Path file, InputStream in, List<String> required, long maxRows, long firstLine,
            RepeatedText texts, Function<Header, Consumer<JtlRow>> open) throws IOException {
        JtlCsv csv = new JtlCsv(in);
        List<String> header = new ArrayList<>();
        if (!next(file, csv, 1)) {
            throw new JtlFormatException(file, 1, "the file is empty; expected JMeter's CSV header line");
        }
        for (int i = 0; i < csv.fields(); i++) {
            header.add(csv.text(i));
        }
        if (!header.isEmpty() && header.get(0).stripLeading().startsWith("<")) {
            throw new JtlFormatException(file, 1, "JMeter's XML results (jmeter.save.saveservice.output_format=xml); "
                    + "the reports read its CSV results: run again with output_format=csv, JMeter's default");
        }
        Consumer<JtlRow> consumer = open.apply(columns(file, header, required));
        JtlRow row = new JtlRow(file, csv, texts);
        long count = 0;
        long line = firstLine - 1;
        while (count < maxRows && next(file, csv, line + 1)) {
            line++;
            int fields = csv.fields();
            if (fields == 1 && csv.start(0) == csv.end(0)) { // a blank line
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

    /** Reads the next row, which starts on {@code line}; false at the end of the file. */
    private static boolean next(Path file, JtlCsv csv, long line) {
        try {
            return csv.next();
        } catch (JtlCsv.MalformedException e) {
            throw new JtlFormatException(file, line, "not a CSV row: " + e.getMessage(), e);
        } catch (CharacterCodingException e) {
            throw notText(file, line, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JTL file " + file + ": " + e.getMessage(), e);
        }
    }

    // Each record holding bytes outside ASCII is checked before it is read ({@link JtlCsv}): they are on this line.
    private static JtlFormatException notText(Path file, long line, Exception e) {
        return new JtlFormatException(file, line, "bytes that are not UTF-8 text on this line; "
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
