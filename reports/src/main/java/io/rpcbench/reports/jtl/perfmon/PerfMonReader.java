package io.rpcbench.reports.jtl.perfmon;

import io.rpcbench.reports.jtl.JtlRows;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Streams the results file of the stock PerfMon Metrics Collector (kg.apc:jmeter-plugins-perfmon 2.1).
 *
 * <p>That file is a CSV JTL (the collector forces CSV with a header line): one row per metric per interval,
 * the label {@code <host> <type>[ <parameter or label>]} (see {@link PerfMonMetric}), and the value in the
 * {@code elapsed} column multiplied by 1000 and truncated to a whole number, because the collector stores it
 * as a sample's end time minus start time ({@code PerfMonSampleResult.setValue}: end = start + (long)
 * (value * 1000)). So {@code elapsed=12345} is 12.345. A read the collector could not parse is a row with
 * {@code success=false}, {@code elapsed=-1000} and the reason in {@code responseMessage}: those become samples
 * with value NaN. The {@code timeStamp} column is the read's time, which JMeter writes as the start time
 * under its shipped {@code sampleresult.timestamp.start=true}.
 *
 * <pre>{@code
 * PerfMonReader.read(Path.of("results/perfmon.jtl"), sample -> timeline.add(sample));
 * }</pre>
 */
public final class PerfMonReader {

    private static final List<String> REQUIRED = List.of("timeStamp", "elapsed", "label");

    /** The collector's fixed-point factor: three decimals of the metric's value. */
    static final double VALUE_SCALE = 1000.0;

    private PerfMonReader() {}

    /**
     * Feeds every value of {@code file} to {@code consumer}, in file order.
     *
     * @return the number of rows read
     * @throws JtlFormatException naming the file and line for a missing column or a malformed row
     */
    public static long read(Path file, Consumer<PerfMonSample> consumer) {
        return JtlRows.read(file, REQUIRED, header -> {
            int timeStamp = header.column("timeStamp");
            int elapsed = header.column("elapsed");
            int label = header.column("label");
            int success = header.column("success");
            int responseMessage = header.column("responseMessage");
            return row -> {
                boolean passed = success < 0 || row.bool(success, "success");
                long value = row.number(elapsed, "elapsed");
                consumer.accept(new PerfMonSample(
                        row.number(timeStamp, "timeStamp"),
                        PerfMonMetric.parse(row.text(label)),
                        passed ? value / VALUE_SCALE : Double.NaN,
                        passed,
                        passed ? "" : row.text(responseMessage, "")));
            };
        });
    }
}
