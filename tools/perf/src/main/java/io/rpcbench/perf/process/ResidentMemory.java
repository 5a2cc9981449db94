package io.rpcbench.perf.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The resident set size of a process: the {@code VmRSS} line of {@code /proc/<pid>/status}, in KiB. */
final class ResidentMemory {

    private ResidentMemory() {}

    /** Reads {@code /proc/<pid>/status}. */
    static long kib(long pid) throws IOException {
        return parseKib(Files.readString(Path.of("/proc", Long.toString(pid), "status")));
    }

    /**
     * The value of the {@code VmRSS:} line ({@code VmRSS:\t   51200 kB}).
     *
     * @throws IllegalArgumentException when there is no such line (e.g. a zombie) or it holds no number of kB
     */
    static long parseKib(String status) {
        for (String line : status.split("\n")) {
            if (line.startsWith("VmRSS:")) {
                String[] words = line.substring("VmRSS:".length()).trim().split("\\s+");
                if (words.length == 2 && words[1].equals("kB") && words[0].matches("\\d+")) {
                    return Long.parseLong(words[0]);
                }
                throw new IllegalArgumentException("'" + line + "' in /proc/<pid>/status: expected 'VmRSS: N kB'");
            }
        }
        throw new IllegalArgumentException("/proc/<pid>/status has no VmRSS line (has the process exited?)");
    }
}
