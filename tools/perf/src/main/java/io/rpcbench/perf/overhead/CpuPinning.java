package io.rpcbench.perf.overhead;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * Where the overhead benchmark's processes run ({@code --pin}): every client JVM (the bare loop, JMeter running the
 * plan, JMeter running its floor) on CPU {@value #CLIENT_CPU}, the provider and the agent beside it on CPU
 * {@value #PROVIDER_CPU}, so that the client and the provider no longer take turns on the same cores. Done by
 * prefixing each command with {@code taskset -c N}: taskset sets its own affinity and execs the command, so the PID
 * stays the command's (JMeter's launcher execs java in turn) and every thread the JVM starts inherits the CPU.
 * {@link #NONE} leaves the commands as they are.
 *
 * <p>A JVM pinned to one CPU sees one processor ({@code availableProcessors() == 1}), and its ergonomics follow: one
 * GC thread, and a JVM that names no collector (the provider) gets Serial GC, not G1.
 */
final class CpuPinning {

    static final int CLIENT_CPU = 0;
    static final int PROVIDER_CPU = 1;

    /** How the pinned runs are placed, as docs/performance.md says it. */
    static final String DESCRIPTION = "client JVMs on CPU " + CLIENT_CPU + ", provider and agent on CPU "
            + PROVIDER_CPU + ", taskset";

    /** Nothing pinned: the commands as they are. */
    static final CpuPinning NONE = new CpuPinning(null);

    /** The taskset to prefix the commands with, null when nothing is pinned. */
    private final String taskset;

    private CpuPinning(String taskset) {
        this.taskset = taskset;
    }

    /**
     * Pinning on this machine: taskset from {@code PATH}, CPUs 0 and 1 from this process's
     * {@code Cpus_allowed_list} ({@code /proc/self/status}).
     *
     * @throws IllegalStateException naming what is missing
     */
    static CpuPinning onThisMachine() {
        String allowed;
        try {
            allowed = Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .filter(line -> line.startsWith("Cpus_allowed_list:"))
                    .map(line -> line.substring("Cpus_allowed_list:".length()).strip()).findFirst().orElse(null);
        } catch (IOException e) {
            allowed = null;
        }
        return require(Optional.ofNullable(System.getenv("PATH")).orElse(""), allowed);
    }

    /**
     * Pinning with the {@code taskset} found on {@code path}, when the CPUs this process may run on
     * ({@code cpusAllowed}, a Linux CPU list such as {@code 0-1}; null when it could not be read) hold both CPUs.
     *
     * @throws IllegalStateException naming what is missing: taskset, a CPU, or both
     */
    static CpuPinning require(String path, String cpusAllowed) {
        List<String> missing = new ArrayList<>();
        Optional<Path> taskset = find("taskset", path);
        if (taskset.isEmpty()) {
            missing.add("taskset (util-linux: apt-get install util-linux) is not on PATH (" + path + ")");
        }
        if (cpusAllowed == null) {
            missing.add("this process's CPUs are unknown (no Cpus_allowed_list in /proc/self/status: not Linux?)");
        } else {
            TreeSet<Integer> cpus = cpuList(cpusAllowed);
            if (!cpus.contains(CLIENT_CPU) || !cpus.contains(PROVIDER_CPU)) {
                missing.add("CPUs " + CLIENT_CPU + " and " + PROVIDER_CPU + " are not both available: this "
                        + "process may run on " + cpus.size() + " CPU" + (cpus.size() == 1 ? "" : "s") + " ("
                        + cpusAllowed + ")");
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException("--pin needs taskset and 2 CPUs (" + DESCRIPTION + "), but "
                    + String.join("; and ", missing));
        }
        return new CpuPinning(taskset.get().toString());
    }

    /** The first executable {@code name} in the directories of {@code path} (a PATH value). */
    static Optional<Path> find(String name, String path) {
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                Path candidate = Path.of(dir, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The CPUs of a Linux CPU list, e.g. {@code 0-1,4} as in {@code Cpus_allowed_list}.
     *
     * @throws IllegalArgumentException naming the list when it is not one
     */
    static TreeSet<Integer> cpuList(String list) {
        TreeSet<Integer> cpus = new TreeSet<>();
        try {
            for (String part : list.strip().split(",")) {
                int dash = part.indexOf('-');
                int from = Integer.parseInt(dash < 0 ? part : part.substring(0, dash));
                int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1));
                if (from < 0 || to < from) {
                    throw new NumberFormatException(part);
                }
                for (int cpu = from; cpu <= to; cpu++) {
                    cpus.add(cpu);
                }
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("CPU list '" + list + "': expected CPUs and ranges such as 0-1,4", e);
        }
        return cpus;
    }

    boolean pinned() {
        return taskset != null;
    }

    /** {@code command} on the clients' CPU: the bare loop's and JMeter's. */
    List<String> client(List<String> command) {
        return on(CLIENT_CPU, command);
    }

    /** {@code command} on the provider's CPU: the provider's and the agent's. */
    List<String> provider(List<String> command) {
        return on(PROVIDER_CPU, command);
    }

    UnaryOperator<List<String>> clientLauncher() {
        return this::client;
    }

    UnaryOperator<List<String>> providerLauncher() {
        return this::provider;
    }

    private List<String> on(int cpu, List<String> command) {
        if (taskset == null) {
            return command;
        }
        List<String> pinned = new ArrayList<>(List.of(taskset, "-c", Integer.toString(cpu)));
        pinned.addAll(command);
        return pinned;
    }
}
