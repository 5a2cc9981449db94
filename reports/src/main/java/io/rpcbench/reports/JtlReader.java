package io.rpcbench.reports;

import java.nio.file.Path;
import java.util.List;
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

    private JtlReader() {}

    /**
     * Feeds every sample of {@code file} to {@code consumer}, in file order.
     *
     * @return the number of samples read
     * @throws JtlFormatException naming the file and line when the header lacks a required column or a row
     *     holds a value of the wrong type
     */
    public static long read(Path file, Consumer<JtlSample> consumer) {
        return JtlRows.read(file, REQUIRED, row -> consumer.accept(sample(row)));
    }

    /** JMeter writes {@code null} for a sample without a URL, as Java Request samples were until rpcbench's. */
    private static String url(String column) {
        return column.equals("null") ? "" : column;
    }

    private static JtlSample sample(JtlRow row) {
        return new JtlSample(
                row.number("timeStamp"),
                row.atLeastZero("elapsed"),
                row.text("label"),
                row.text("responseCode"),
                row.text("responseMessage", ""),
                row.bool("success"),
                row.atLeastZero("bytes", 0),
                row.atLeastZero("sentBytes", 0),
                (int) row.number("allThreads", 0),
                url(row.text("URL", "")));
    }
}
