package io.rpcbench.benchmark.soak;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Reads a JVM's soak figures as {@code ./run-soak} does: the live heap is the {@code Total} of
 * {@code jcmd <pid> GC.class_histogram}, which runs a full collection and counts what survived it (one step, so
 * nothing the load allocates meanwhile is counted); threads, descriptors and RSS from {@code /proc}.
 *
 * <p>Old generation: {@code jstat -gcold <pid>} right after that collection, its {@code OU} (old used, KiB) and
 * {@code FGC} (full collections). Chosen over {@code jcmd GC.heap_info} because jstat reads the JVM's perf counters,
 * whose columns are the same for every collector, where heap_info prints each collector's own text (G1 in regions,
 * Parallel as ParOldGen, Serial as tenured generation). Read after the histogram's full collection, OU is the old
 * generation's live part plus what young collections promoted in the moment between the two commands: its growth
 * over a run is the seed's "growth of objects in the old area". The count of full collections includes the one each
 * sample causes; {@link SoakFigures} subtracts them.
 */
public final class JvmReadings implements ProcessReadings {

    private static final long COMMAND_SECONDS = 120;

    private final Path jcmd;
    private final Path jstat;

    /** @param javaHome a JDK's home with {@code bin/jcmd} and {@code bin/jstat} */
    public JvmReadings(Path javaHome) {
        this.jcmd = javaHome.resolve("bin/jcmd");
        this.jstat = javaHome.resolve("bin/jstat");
    }

    @Override
    public SoakSample read(long pid, long second) {
        Path proc = Path.of("/proc", Long.toString(pid));
        long heap = histogramTotalKib(run(List.of(jcmd.toString(), Long.toString(pid), "GC.class_histogram")));
        long[] old = oldGeneration(run(List.of(jstat.toString(), "-gcold", Long.toString(pid))));
        List<String> status = lines(proc.resolve("status"));
        return new SoakSample(second, heap, old[0], old[1], (int) statusValue(status, "Threads:"),
                descriptors(proc.resolve("fd")), statusValue(status, "VmRSS:"));
    }

    /** The {@code Total} line's bytes of a class histogram, in KiB; -1 when there is none. */
    static long histogramTotalKib(List<String> histogram) {
        for (String line : histogram) {
            String[] words = line.trim().split("\\s+");
            if (words.length == 3 && words[0].equals("Total")) {
                return Long.parseLong(words[2]) / 1024;
            }
        }
        return -1;
    }

    /** {@code {OU in KiB, FGC}} of {@code jstat -gcold}'s two lines; {@code {-1, -1}} when not there. */
    static long[] oldGeneration(List<String> gcold) {
        if (gcold.size() >= 2) {
            List<String> names = List.of(gcold.get(0).trim().split("\\s+"));
            String[] values = gcold.get(1).trim().split("\\s+");
            int used = names.indexOf("OU");
            int full = names.indexOf("FGC");
            if (used >= 0 && full >= 0 && values.length == names.size()) {
                return new long[] {Math.round(Double.parseDouble(values[used])), Long.parseLong(values[full])};
            }
        }
        return new long[] {-1, -1};
    }

    /** The number after {@code key} in {@code /proc/<pid>/status} (kB for memory); -1 when absent. */
    static long statusValue(List<String> status, String key) {
        for (String line : status) {
            if (line.startsWith(key)) {
                return Long.parseLong(line.substring(key.length()).trim().split("\\s+")[0]);
            }
        }
        return -1;
    }

    static int descriptors(Path fd) {
        try (Stream<Path> entries = Files.list(fd)) {
            return (int) entries.count();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + fd + " (has the process exited?)", e);
        }
    }

    static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " (has the process exited?)", e);
        }
    }

    /** The command's output lines, or none when it failed: one figure missing, the others still read. */
    private static List<String> run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            List<String> output = new ArrayList<>();
            try (var reader = process.inputReader(StandardCharsets.UTF_8)) {
                reader.lines().forEach(output::add);
            }
            if (!process.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return List.of();
            }
            return process.exitValue() == 0 ? output : List.of();
        } catch (IOException e) {
            return List.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
    }
}
