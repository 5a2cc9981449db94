package io.rpcbench.perf.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time a process has used so far, as Linux counts it in {@code /proc/<pid>/stat}: user plus system time
 * ({@code utime + stime}) in clock ticks ({@code getconf CLK_TCK}, usually 100 a second). Two readings a window
 * apart give the process's CPU as a percentage of one core over that window, or its CPU per call made in it.
 *
 * <pre>{@code
 * long clockTicks = CpuTime.clockTicksPerSecond();
 * CpuTime before = CpuTime.of(pid);
 * ... the window ...
 * double percent = before.percentOfOneCore(CpuTime.of(pid), clockTicks, elapsedNanos);
 * double micros = before.microsPerCall(CpuTime.of(pid), clockTicks, callsInTheWindow);
 * }</pre>
 */
public record CpuTime(long ticks) {

    /** utime and stime are fields 14 and 15 of the line; after the {@code (comm)} field they are the 12th and 13th. */
    private static final int UTIME_AFTER_COMM = 11;
    private static final int STIME_AFTER_COMM = 12;

    /** {@code getconf CLK_TCK}: the unit of /proc/<pid>/stat's times. */
    public static long clockTicksPerSecond() throws IOException, InterruptedException {
        Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
        String out = new String(getconf.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (getconf.waitFor() != 0 || !out.matches("\\d+")) {
            throw new IllegalStateException("'getconf CLK_TCK' printed '" + out + "'; expected the clock ticks per "
                    + "second of /proc/<pid>/stat (this benchmark needs Linux)");
        }
        return Long.parseLong(out);
    }

    /** Reads {@code /proc/<pid>/stat}. */
    public static CpuTime of(long pid) throws IOException {
        return parse(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
    }

    /**
     * The utime + stime of one {@code /proc/<pid>/stat} line. The second field, the command name in parentheses,
     * may itself hold spaces and parentheses ({@code 1 (a) b) S ...}), so the fields are counted from its last
     * closing parenthesis.
     *
     * @throws IllegalArgumentException naming the line when it is not a stat line
     */
    static CpuTime parse(String stat) {
        int commEnd = stat.lastIndexOf(')');
        String[] fields = commEnd < 0 ? new String[0] : stat.substring(commEnd + 1).trim().split("\\s+");
        if (fields.length <= STIME_AFTER_COMM) {
            throw new IllegalArgumentException("'" + stat.strip() + "' is not a /proc/<pid>/stat line; expected "
                    + "'pid (comm) state ppid ...' with utime and stime as fields 14 and 15");
        }
        try {
            return new CpuTime(Long.parseLong(fields[UTIME_AFTER_COMM]) + Long.parseLong(fields[STIME_AFTER_COMM]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + stat.strip() + "': utime '" + fields[UTIME_AFTER_COMM]
                    + "' and stime '" + fields[STIME_AFTER_COMM] + "' are not whole numbers of clock ticks", e);
        }
    }

    /**
     * The CPU this process used from this reading to {@code later}, as a percentage of one core over
     * {@code elapsedNanos} of wall time: 100 means one core busy for the whole window.
     */
    double percentOfOneCore(CpuTime later, long ticksPerSecond, long elapsedNanos) {
        if (ticksPerSecond <= 0 || elapsedNanos <= 0) {
            throw new IllegalArgumentException("clock ticks per second (" + ticksPerSecond + ") and the window ("
                    + elapsedNanos + " ns) must be positive");
        }
        double cpuSeconds = (later.ticks - ticks) / (double) ticksPerSecond;
        return 100.0 * cpuSeconds / (elapsedNanos / 1e9);
    }

    /**
     * The CPU this process used from this reading to {@code later}, in microseconds per call, for {@code calls}
     * calls made between the two readings: what one call costs the process, all its threads included (JIT, GC,
     * listeners).
     */
    public double microsPerCall(CpuTime later, long ticksPerSecond, long calls) {
        if (ticksPerSecond <= 0 || calls <= 0) {
            throw new IllegalArgumentException("clock ticks per second (" + ticksPerSecond + ") and the calls ("
                    + calls + ") must be positive");
        }
        return (later.ticks - ticks) * 1e6 / ticksPerSecond / calls;
    }
}
