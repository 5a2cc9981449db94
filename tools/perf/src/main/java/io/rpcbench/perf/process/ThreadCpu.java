package io.rpcbench.perf.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Where a JVM's CPU time goes, by thread: the utime + stime of every thread in {@code /proc/<pid>/task/<tid>/stat},
 * read at a window's start and end. Threads are grouped by name without their numbers and addresses
 * ({@code tcp-read /127.0.0.1:5890} and {@code C1 CompilerThre} stay as {@code tcp-read} and {@code C1 CompilerThre};
 * the kernel keeps 15 characters of a name), so that the application's threads show apart from the JIT's and GC's.
 */
public final class ThreadCpu {

    private ThreadCpu() {}

    /** Ticks per thread id, with each thread's name: {@code tid -> (name, ticks)}. */
    public record Reading(Map<Long, String> names, Map<Long, Long> ticks) {}

    public static Reading of(long pid) throws IOException {
        Map<Long, String> names = new HashMap<>();
        Map<Long, Long> ticks = new HashMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                try {
                    String stat = Files.readString(task.resolve("stat"));
                    long tid = Long.parseLong(task.getFileName().toString());
                    names.put(tid, stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
                    ticks.put(tid, CpuTime.parse(stat).ticks());
                } catch (NoSuchFileException ended) {
                    // the thread ended between the listing and the read
                }
            }
        }
        return new Reading(names, ticks);
    }

    /** A thread's name without numbers and addresses: its group. */
    public static String group(String threadName) {
        return threadName.replaceAll("\\s*/.*$", "").replaceAll("[#\\s\\d-]+$", "");
    }

    /**
     * The ticks each thread group used between two readings, most first; a thread that started during the window
     * counts from zero.
     */
    public static Map<String, Long> used(Reading before, Reading after) {
        Map<String, Long> byGroup = new HashMap<>();
        after.ticks().forEach((tid, ticks) -> byGroup.merge(group(after.names().get(tid)),
                ticks - before.ticks().getOrDefault(tid, 0L), Long::sum));
        Map<String, Long> sorted = new LinkedHashMap<>();
        byGroup.entrySet().stream().filter(e -> e.getValue() > 0)
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> sorted.put(e.getKey(), e.getValue()));
        return sorted;
    }
}
