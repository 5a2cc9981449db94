package io.rpcbench.benchmark.seeds.seed000;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * This machine's logical cores as the agent counts them: the {@code cpuN} lines of {@code /proc/stat}, where the
 * agent reads each core's ticks ({@code cpu:combined:core=N}). Not {@link Runtime#availableProcessors()}: that is the
 * JVM's share (a container's CPU quota), while the agent reports every core the kernel shows. A scenario that wants
 * the provider host's CPU per core asks for these cores, because the provider host is this machine, or a network
 * namespace of it ({@code --hosts}), which shows the same cores.
 */
final class LogicalCores {

    private LogicalCores() {}

    /** The cores of this machine; the JVM's available processors when {@code /proc/stat} cannot be read. */
    static int ofThisMachine() {
        try {
            int cores = count(Files.readAllLines(Path.of("/proc/stat")));
            return cores > 0 ? cores : Runtime.getRuntime().availableProcessors();
        } catch (IOException | RuntimeException e) { // not Linux
            return Runtime.getRuntime().availableProcessors();
        }
    }

    /** The {@code cpuN} lines of a {@code /proc/stat}, N a number (the {@code cpu} line is all cores together). */
    static int count(List<String> procStat) {
        return (int) procStat.stream().filter(line -> line.matches("cpu[0-9]+\\s.*")).count();
    }
}
