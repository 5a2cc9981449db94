package io.rpcbench.perf.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a JVM's {@code -Xlog:gc} file says about its heap: the most heap in use just before a collection (the peak
 * the heap reached) and the most still in use after one (the live data at its largest), in MiB. Read after the JVM
 * exited.
 *
 * <pre>{@code
 * GcLog.Heap heap = GcLog.read(Path.of("ours-gc.log"));
 * }</pre>
 */
public final class GcLog {

    /** {@code 227M->3M(380M)} in a line such as {@code [2.1s][info][gc] GC(4) Pause Young ... 227M->3M(380M) 2.3ms}. */
    private static final Pattern CHANGE = Pattern.compile("(\\d+)([KMG])->(\\d+)([KMG])\\((\\d+)([KMG])\\)");

    /** The heap figures of one log, in MiB; {@code collections} 0 means no collection ran (both figures are 0). */
    public record Heap(double peakBeforeMiB, double peakAfterMiB, double largestCommittedMiB, int collections) {}

    private GcLog() {}

    public static Heap read(Path log) {
        try {
            return parse(Files.readAllLines(log));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the GC log " + log + ": " + e.getMessage(), e);
        }
    }

    static Heap parse(List<String> lines) {
        double before = 0;
        double after = 0;
        double committed = 0;
        int collections = 0;
        for (String line : lines) {
            // One line per pause: G1's concurrent cycle phases log no heap change, and "Pause Remark" / "Pause
            // Cleanup" lines do, so every change counts.
            Matcher m = CHANGE.matcher(line);
            if (m.find()) {
                before = Math.max(before, mib(m.group(1), m.group(2)));
                after = Math.max(after, mib(m.group(3), m.group(4)));
                committed = Math.max(committed, mib(m.group(5), m.group(6)));
                collections++;
            }
        }
        return new Heap(before, after, committed, collections);
    }

    private static double mib(String value, String unit) {
        long n = Long.parseLong(value);
        return switch (unit) {
            case "K" -> n / 1024.0;
            case "G" -> n * 1024.0;
            default -> n;
        };
    }
}
