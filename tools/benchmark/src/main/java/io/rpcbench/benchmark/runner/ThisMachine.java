package io.rpcbench.benchmark.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The machine a run is on, in one line for the tables' "ours" note and docs/performance.md: CPUs, memory, OS, JDK. */
public final class ThisMachine {

    private ThisMachine() {}

    public static String describe() {
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
}
