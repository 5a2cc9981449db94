package io.rpcbench.benchmark.soak;

import java.util.Locale;

/**
 * One reading of a process during a soak: its live heap, old generation and full collections as the JVM tells them
 * after a full collection, and its threads, descriptors and resident memory as Linux tells them. A figure that could
 * not be read is -1 (jcmd refused, a JVM without perf data), and left out of the end-of-run figures.
 *
 * @param second          seconds since the sampling started
 * @param heapAfterGcKib  live heap: the total of {@code jcmd <pid> GC.class_histogram}, which collects first
 * @param oldGenKib       old generation in use ({@code jstat -gcold} OU) read just after that collection
 * @param fullGcs         full collections so far ({@code jstat -gcold} FGC), the sampling's own included
 * @param threads         {@code Threads:} of {@code /proc/<pid>/status}
 * @param fds             entries of {@code /proc/<pid>/fd}
 * @param rssKib          {@code VmRSS:} of {@code /proc/<pid>/status}
 */
public record SoakSample(long second, long heapAfterGcKib, long oldGenKib, long fullGcs, int threads, int fds,
        long rssKib) {

    /** The CSV header {@link #csvRow()} matches. */
    public static final String CSV_HEADER = "second,heap_after_gc_kib,old_gen_after_gc_kib,full_gcs,threads,fds,rss_kib";

    /** One CSV line, unknown figures left empty. */
    public String csvRow() {
        return String.format(Locale.ROOT, "%d,%s,%s,%s,%d,%d,%s", second, known(heapAfterGcKib), known(oldGenKib),
                known(fullGcs), threads, fds, known(rssKib));
    }

    /**
     * Reads a line {@link #csvRow()} wrote; an empty figure is -1.
     *
     * @throws IllegalArgumentException naming the line when it is not seven comma-separated whole numbers
     */
    public static SoakSample parseCsvRow(String row) {
        String[] fields = row.split(",", -1);
        if (fields.length != 7) {
            throw new IllegalArgumentException("soak sample '" + row + "' has " + fields.length + " fields; expected 7: "
                    + CSV_HEADER);
        }
        long[] values = new long[7];
        for (int i = 0; i < 7; i++) {
            try {
                values[i] = fields[i].isEmpty() ? -1 : Long.parseLong(fields[i]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("soak sample '" + row + "' has '" + fields[i] + "' as "
                        + CSV_HEADER.split(",")[i] + "; expected a whole number or nothing", e);
            }
        }
        return new SoakSample(values[0], values[1], values[2], values[3], (int) values[4], (int) values[5], values[6]);
    }

    private static String known(long value) {
        return value < 0 ? "" : Long.toString(value);
    }
}
