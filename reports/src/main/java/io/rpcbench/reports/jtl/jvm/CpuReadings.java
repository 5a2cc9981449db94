package io.rpcbench.reports.jtl.jvm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A process's CPU time read about once a second while it ran ({@code ./run-benchmark} writes JMeter's as
 * {@value #FILE_NAME} beside the JTL: {@code epochMs,cpuNanos,cores} a line, after a header), and its use over any span
 * as a share of the machine.
 *
 * @param readings in time order
 * @param cores    the machine's cores the share is of
 */
public record CpuReadings(List<Reading> readings, int cores) {

    /** The file's name beside a run's JTL. */
    public static final String FILE_NAME = "jmeter-cpu.csv";

    /** The file's first line. */
    public static final String HEADER = "epochMs,cpuNanos,cores";

    /** One reading: when, and the process's CPU time (user plus system) so far. */
    public record Reading(long epochMs, long cpuNanos) {}

    /** No readings: a run without the file. */
    public static final CpuReadings NONE = new CpuReadings(List.of(), 1);

    /** The readings in {@code file}; {@link #NONE} when it does not exist. Lines that are not three numbers are skipped. */
    public static CpuReadings read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException absent) {
            return NONE;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the CPU readings " + file, e);
        }
        List<Reading> readings = new ArrayList<>();
        int cores = 1;
        for (String line : lines) {
            String[] parts = line.split(",");
            if (parts.length != 3) {
                continue;
            }
            try {
                readings.add(new Reading(Long.parseLong(parts[0].trim()), Long.parseLong(parts[1].trim())));
                cores = Math.max(1, Integer.parseInt(parts[2].trim()));
            } catch (NumberFormatException header) {
                // the header, or a line cut off
            }
        }
        return new CpuReadings(List.copyOf(readings), cores);
    }

    /**
     * The process's CPU use between the first reading at or after {@code fromMs} and the last at or before
     * {@code toMs}, as a percentage of all the machine's cores; empty with fewer than two readings there.
     */
    public OptionalDouble percentOfMachine(long fromMs, long toMs) {
        Reading first = null;
        Reading last = null;
        for (Reading r : readings) {
            if (r.epochMs() >= fromMs && r.epochMs() <= toMs) {
                if (first == null) {
                    first = r;
                }
                last = r;
            }
        }
        if (first == null || last.epochMs() == first.epochMs()) {
            return OptionalDouble.empty();
        }
        double percent = 100.0 * (last.cpuNanos() - first.cpuNanos()) / 1e6
                / ((last.epochMs() - first.epochMs()) * (double) cores);
        return OptionalDouble.of(Math.max(0, Math.min(100, percent)));
    }
}
