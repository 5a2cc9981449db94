package io.rpcbench.perf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The machine a benchmark ran on, in one line for docs/performance.md: CPUs, memory, OS and JDK. */
final class Machine {

    private Machine() {}

    static String describe() {
        String cpu = "unknown CPU";
        long memoryKiB = 0;
        try {
            List<String> cpuinfo = Files.readAllLines(Path.of("/proc/cpuinfo"));
            cpu = cpuinfo.stream().filter(l -> l.startsWith("model name")).findFirst()
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse(cpu);
            memoryKiB = Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemTotal:"))
                    .findFirst().map(l -> Long.parseLong(l.replaceAll("\\D", ""))).orElse(0L);
        } catch (IOException | RuntimeException e) {
            // not Linux: the JVM's figures below still say enough
        }
        return String.format(Locale.ROOT, "%d vCPUs (%s), %.0f GiB, %s %s, JDK %s (%s)",
                Runtime.getRuntime().availableProcessors(), cpu, memoryKiB / 1024.0 / 1024.0,
                System.getProperty("os.name"), System.getProperty("os.version"),
                System.getProperty("java.version"), System.getProperty("java.vendor"));
    }

    /**
     * The 1, 5 and 15 minute load averages as {@code /proc/loadavg} gives them (e.g. "0.08 0.21 0.19"), to say how
     * quiet the machine was; "unknown" where there is no such file.
     */
    static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
