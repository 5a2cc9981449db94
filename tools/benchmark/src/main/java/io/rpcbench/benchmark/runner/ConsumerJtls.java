package io.rpcbench.benchmark.runner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JTLs of a cell's consumers (JMeter runs of one plan at the same time on this machine) as one JTL, so that the
 * cell's figures count every consumer's samples together, and the reports tell the consumers apart as they tell a
 * distributed run's engines apart: by a prefix of the thread name ({@code <engine>-Thread Group 1-1}). Consumer n's
 * prefix is {@code consumer-n.localhost} (the {@code .localhost} names are loopback's, RFC 6761, and look like a host
 * to the reports). The rows are copied in file order, consumer by consumer: the reports find a run's time span in
 * any row order.
 *
 * <pre>{@code
 * ConsumerJtls.merge(List.of(first.jtl(), second.jtl()), folder.resolve("seed-000-pressure.jtl"));
 * }</pre>
 */
public final class ConsumerJtls {

    private static final String THREAD_NAME = "threadName";

    private ConsumerJtls() {}

    /** Consumer n's name as the reports show it, from 1. */
    static String consumerName(int n) {
        return "consumer-" + n + ".localhost";
    }

    /**
     * Writes {@code jtls} as one JTL to {@code merged}, each row's thread name prefixed with its consumer's name.
     *
     * @throws IllegalArgumentException naming the file whose header differs from the first's or has no
     *     {@code threadName} column
     */
    static void merge(List<Path> jtls, Path merged) throws IOException {
        String header = null;
        int threadColumn = -1;
        try (Writer out = Files.newBufferedWriter(merged, StandardCharsets.UTF_8)) {
            for (int n = 1; n <= jtls.size(); n++) {
                Path jtl = jtls.get(n - 1);
                try (BufferedReader in = Files.newBufferedReader(jtl, StandardCharsets.UTF_8)) {
                    String own = in.readLine();
                    if (own == null) {
                        throw new IllegalArgumentException("consumer " + n + "'s JTL " + jtl + " is empty; expected "
                                + "JMeter's CSV results with a header");
                    }
                    if (header == null) {
                        header = own;
                        threadColumn = columns(header).indexOf(THREAD_NAME);
                        if (threadColumn < 0) {
                            throw new IllegalArgumentException("consumer 1's JTL " + jtl + " has no " + THREAD_NAME
                                    + " column in its header '" + header + "'; expected JMeter's CSV results");
                        }
                        out.write(header);
                        out.write('\n');
                    } else if (!own.equals(header)) {
                        throw new IllegalArgumentException("consumer " + n + "'s JTL " + jtl + " has the header '"
                                + own + "'; expected consumer 1's, '" + header + "'");
                    }
                    copyRows(in, out, threadColumn, consumerName(n) + "-");
                }
            }
        }
    }

    /** The header's column names, quotes removed (JMeter quotes sample variables' names). */
    static List<String> columns(String header) {
        List<String> names = new ArrayList<>();
        for (String name : header.split(",", -1)) {
            names.add(name.replace("\"", ""));
        }
        return names;
    }

    /**
     * Copies CSV rows, {@code prefix} put at the start of field {@code column} of each (inside its quotes when it is
     * quoted); a quoted field may hold commas and line breaks, so a row is read on until its quotes are closed.
     */
    static void copyRows(BufferedReader in, Writer out, int column, String prefix) throws IOException {
        String line;
        StringBuilder row = new StringBuilder();
        while ((line = in.readLine()) != null) {
            if (row.length() > 0) {
                row.append('\n');
            }
            row.append(line);
            if (quotes(row) % 2 != 0) {
                continue; // a line break inside a quoted field
            }
            if (row.length() > 0) {
                out.write(withPrefix(row.toString(), column, prefix));
                out.write('\n');
            }
            row.setLength(0);
        }
        if (row.length() > 0) { // a last row whose quotes never closed: JMeter was stopped mid-write
            out.write(row.toString());
            out.write('\n');
        }
    }

    /** {@code row} with {@code prefix} at the start of field {@code column}, inside its opening quote if it has one. */
    static String withPrefix(String row, int column, String prefix) {
        boolean quoted = false;
        int field = 0;
        int at = column == 0 ? 0 : -1;
        for (int i = 0; i < row.length() && at < 0; i++) {
            char c = row.charAt(i);
            if (c == '"') {
                quoted = !quoted; // an escaped quote ("") toggles twice
            } else if (c == ',' && !quoted && ++field == column) {
                at = i + 1;
            }
        }
        if (at < 0) {
            return row; // a row with fewer fields: left as it is, the reports say what is wrong with it
        }
        if (at < row.length() && row.charAt(at) == '"') {
            at++;
        }
        return row.substring(0, at) + prefix + row.substring(at);
    }

    private static int quotes(CharSequence text) {
        int count = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '"') {
                count++;
            }
        }
        return count;
    }
}
