package io.rpcbench.perf.doc;

import io.rpcbench.benchmark.runner.ThisMachine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine a benchmark ran on: in one line ({@link ThisMachine}), and how busy it was. */
public final class Machine {

    private Machine() {}

    public static String describe() {
        return ThisMachine.describe();
    }

    /**
     * The 1, 5 and 15 minute load averages as {@code /proc/loadavg} gives them (e.g. "0.08 0.21 0.19"), to say how
     * quiet the machine was; "unknown" where there is no such file.
     */
    public static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
