package io.rpcbench.benchmark.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

/**
 * A process's live threads, from the {@code Threads:} line of {@code /proc/PID/status}: the agent has no thread
 * metric, and the provider runs on this machine (a lab's hosts share its process table), so the runner reads it
 * itself at a cell's end, where the provider's pools still hold the threads the cell made them start.
 */
final class ProcessThreads {

    private ProcessThreads() {}

    /** The threads of process {@code pid}; empty when it is gone or this is not Linux. */
    static OptionalInt of(long pid) {
        try {
            return parse(Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")));
        } catch (IOException | RuntimeException e) {
            return OptionalInt.empty();
        }
    }

    /** The number on the {@code Threads:} line of a status file; empty when there is none. */
    static OptionalInt parse(List<String> status) {
        return status.stream().filter(line -> line.startsWith("Threads:"))
                .mapToInt(line -> Integer.parseInt(line.substring("Threads:".length()).trim()))
                .findFirst();
    }
}
