package io.rpcbench.benchmark.ab;

import java.util.Collections;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What ApacheBench ({@code ab}, version 2.3) reports at the end of a run, read from its text by {@link #parse}: the
 * figures seed 003 published for its REST endpoint, so that ours can be printed beside them.
 *
 * <pre>{@code
 * AbReport report = AbReport.parse(Files.readString(abOutput));
 * report.requestsPerSecond();         // 3258.85 for the seed's first consumer
 * report.servedWithinMs().get(99);    // 8 (ms): "99%      8"
 * }</pre>
 *
 * @param concurrency                 {@code Concurrency Level}
 * @param timeTakenSeconds            {@code Time taken for tests}
 * @param completeRequests            {@code Complete requests}
 * @param failedRequests              {@code Failed requests} (connect, receive, length or exception failures; an
 *                                    HTTP error status is not one of them, see {@code non2xxResponses})
 * @param writeErrors                 {@code Write errors}; ab 2.3 prints the line only when it is not 0
 * @param non2xxResponses             {@code Non-2xx responses}; printed only when there were some, else 0
 * @param keepAliveRequests           {@code Keep-Alive requests}; printed only with {@code -k}, else 0
 * @param totalTransferredBytes       {@code Total transferred}: responses with their headers
 * @param htmlTransferredBytes        {@code HTML transferred}: response bodies only
 * @param requestsPerSecond           {@code Requests per second ... (mean)}
 * @param timePerRequestMs            {@code Time per request ... (mean)}: per request of one concurrent user
 * @param timePerRequestAcrossAllMs   {@code Time per request ... (mean, across all concurrent requests)}
 * @param transferRateKbytesPerSecond {@code Transfer rate ... [Kbytes/sec] received}
 * @param servedWithinMs              the "Percentage of the requests served within a certain time (ms)" table:
 *                                    percentage (50, 66, ..., 100) to milliseconds, in ascending order
 */
public record AbReport(
        int concurrency,
        double timeTakenSeconds,
        long completeRequests,
        long failedRequests,
        long writeErrors,
        long non2xxResponses,
        long keepAliveRequests,
        long totalTransferredBytes,
        long htmlTransferredBytes,
        double requestsPerSecond,
        double timePerRequestMs,
        double timePerRequestAcrossAllMs,
        double transferRateKbytesPerSecond,
        SortedMap<Integer, Long> servedWithinMs) {

    private static final String NUMBER = "(\\d+(?:\\.\\d+)?)";
    private static final String PERCENTAGE_HEADER = "Percentage of the requests served within a certain time (ms)";
    /** A row of the percentage table: {@code "  50%      3"}, {@code " 100%    257 (longest request)"}. */
    private static final Pattern PERCENTAGE_ROW = Pattern.compile("^\\s*(\\d+)%\\s+(\\d+)(?:\\s.*)?$");

    public AbReport {
        servedWithinMs = Collections.unmodifiableSortedMap(new TreeMap<>(servedWithinMs));
    }

    /**
     * Reads ab's report out of its output (progress lines such as {@code Completed 100 requests} and stderr mixed in
     * are ignored).
     *
     * @throws IllegalArgumentException naming the first line that is missing
     */
    public static AbReport parse(String output) {
        return new AbReport(
                (int) count(output, "Concurrency Level:", "(\\d+)"),
                decimal(output, "Time taken for tests:", NUMBER + " seconds"),
                count(output, "Complete requests:", "(\\d+)"),
                count(output, "Failed requests:", "(\\d+)"),
                countIfPrinted(output, "Write errors:"),
                countIfPrinted(output, "Non-2xx responses:"),
                countIfPrinted(output, "Keep-Alive requests:"),
                count(output, "Total transferred:", "(\\d+) bytes"),
                count(output, "HTML transferred:", "(\\d+) bytes"),
                decimal(output, "Requests per second:", NUMBER + " \\[#/sec\\] \\(mean\\)"),
                decimal(output, "Time per request:", NUMBER + " \\[ms\\] \\(mean\\)"),
                decimal(output, "Time per request:", NUMBER + " \\[ms\\] \\(mean, across all concurrent requests\\)"),
                decimal(output, "Transfer rate:", NUMBER + " \\[Kbytes/sec\\] received"),
                servedWithin(output));
    }

    private static long count(String output, String label, String value) {
        return Long.parseLong(required(output, label, value));
    }

    private static double decimal(String output, String label, String value) {
        return Double.parseDouble(required(output, label, value));
    }

    /** A count ab prints only when it is not 0. */
    private static long countIfPrinted(String output, String label) {
        return find(output, label, "(\\d+)").map(Long::parseLong).orElse(0L);
    }

    private static String required(String output, String label, String value) {
        return find(output, label, value).orElseThrow(() -> new IllegalArgumentException(
                "not a complete ApacheBench report: no line '" + label + " " + readable(value)
                        + "'; expected the report ab 2.3 prints at the end of a run"));
    }

    /** The first number of the line that starts with {@code label} and whose rest matches {@code value}. */
    private static Optional<String> find(String output, String label, String value) {
        Matcher line = Pattern.compile("^" + Pattern.quote(label) + "\\s+" + value + "\\s*$", Pattern.MULTILINE)
                .matcher(output);
        return line.find() ? Optional.of(line.group(1)) : Optional.empty();
    }

    private static SortedMap<Integer, Long> servedWithin(String output) {
        int header = output.indexOf(PERCENTAGE_HEADER);
        if (header < 0) {
            throw new IllegalArgumentException("not a complete ApacheBench report: no line '" + PERCENTAGE_HEADER
                    + "'; expected the report ab 2.3 prints at the end of a run");
        }
        SortedMap<Integer, Long> rows = new TreeMap<>();
        for (String line : output.substring(header + PERCENTAGE_HEADER.length()).strip().split("\\R")) {
            Matcher row = PERCENTAGE_ROW.matcher(line);
            if (!row.matches()) {
                break;
            }
            rows.put(Integer.valueOf(row.group(1)), Long.valueOf(row.group(2)));
        }
        if (!rows.containsKey(100)) {
            throw new IllegalArgumentException("ApacheBench's percentage table ends before its '100%' row; read "
                    + rows.keySet() + "; expected 50% to 100%");
        }
        return rows;
    }

    /** The value pattern as a reader would write it: {@code <number> [#/sec] (mean)}. */
    private static String readable(String value) {
        return value.replace(NUMBER, "<number>").replace("(\\d+)", "<number>").replace("\\", "");
    }
}
