package io.rpcbench.benchmark;

import io.rpcbench.process.ChildProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * The JMeter Plugins Manager's {@code bin/PluginsManagerCMD.sh} of one JMeter home, run as a user runs it, pointed at
 * a local repository: {@code -Djpgc.repo.address=<descriptor>} in {@code JVM_ARGS} (the command reads JMeter's
 * {@code jmeter.properties} but not {@code user.properties}, so a system property is how it takes the address). With a
 * descriptor file the Plugins Manager downloads nothing and sends no usage statistics: it copies the jars named
 * relative to the descriptor.
 *
 * <p>An install is finished by a process of the Plugins Manager's own (its {@code SafeDeleter}), started as the
 * command's JVM exits, that moves the copied jars into {@code lib/} and {@code lib/ext/}. Each run gets a temporary
 * folder of its own ({@code java.io.tmpdir}), where the mover's class path and log lie: {@link #run} finds the mover
 * by that folder, waits for it by its PID and returns once its log says it is done. The command runs in that folder
 * too, where it writes its {@code jmeter.log}.
 *
 * <p>Order of calls: {@link #in}, then {@link #run} for each command; every process is stopped by its PID when a
 * deadline passes.
 */
final class PluginsManagerCommand {

    /** The mover's last line ({@code SafeDeleter}, after the jars are moved and the plugins' installers ran). */
    static final String MOVER_DONE = "Done running installers";

    private final Path home;
    private final Path descriptor;
    private final Path workDir;
    private final AtomicInteger runs = new AtomicInteger();

    private PluginsManagerCommand(Path home, Path descriptor, Path workDir) {
        this.home = home;
        this.descriptor = descriptor;
        this.workDir = workDir;
    }

    /** The command of the JMeter home {@code home}, reading the repository {@code descriptor}. */
    static PluginsManagerCommand in(Path home, Path descriptor, Path workDir) {
        return new PluginsManagerCommand(home, descriptor, workDir);
    }

    /**
     * Runs {@code PluginsManagerCMD.sh arguments...} and, when it changed the home, waits for its jar mover.
     *
     * @return what the command printed
     * @throws IllegalStateException when it exits non-zero, or it or its mover outlives {@code deadline}
     */
    String run(Duration deadline, String... arguments) throws IOException {
        long end = System.nanoTime() + deadline.toNanos();
        Path tmp = Files.createDirectories(workDir.resolve("pmgr-" + runs.incrementAndGet() + "-" + arguments[0]));
        // In the run's folder: the command writes jmeter.log into its working directory (env execs the script).
        List<String> command = new ArrayList<>(List.of("env", "-C", tmp.toString(),
                home.resolve("bin/PluginsManagerCMD.sh").toString()));
        command.addAll(List.of(arguments));
        Map<String, String> environment = Map.of("JVM_ARGS",
                "-Djpgc.repo.address=" + descriptor + " -Djava.io.tmpdir=" + tmp);
        ChildProcess cmd = ChildProcess.start("PluginsManagerCMD " + arguments[0], command, environment,
                tmp.resolve("command.log"));
        // The script runs java without exec: its JVM is the script's child, stopped by its own PID on a failure.
        try {
            int exit = cmd.awaitExit(remaining(end));
            if (exit != 0) {
                throw new IllegalStateException("PluginsManagerCMD.sh " + String.join(" ", arguments) + " exited with "
                        + exit + "; last output:\n" + cmd.tail());
            }
        } finally {
            ProcessHandle.of(cmd.pid()).stream().flatMap(ProcessHandle::descendants).forEach(ProcessHandle::destroy);
            cmd.close();
        }
        awaitMover(tmp, end);
        return Files.readString(tmp.resolve("command.log"));
    }

    /** Waits for the mover started from {@code tmp} (none when nothing changed), stopping it by its PID at the end. */
    private static void awaitMover(Path tmp, long end) throws IOException {
        List<ProcessHandle> movers = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(line -> line.contains(tmp.toString())).orElse(false))
                .toList();
        for (ProcessHandle mover : movers) {
            try {
                mover.onExit().get(remaining(end).toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                mover.destroyForcibly();
                throw new IllegalStateException("the Plugins Manager's jar mover (pid " + mover.pid() + ") still ran at"
                        + " the deadline; its log: " + cleanerLog(tmp), e);
            } catch (ExecutionException e) {
                throw new IllegalStateException("cannot wait for pid " + mover.pid(), e);
            } catch (InterruptedException e) {
                mover.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the jar mover", e);
            }
        }
        Path log = cleanerLog(tmp);
        if (log != null && !Files.readString(log).contains(MOVER_DONE)) {
            throw new IllegalStateException("the Plugins Manager's jar mover ended without '" + MOVER_DONE + "':\n"
                    + Files.readString(log));
        }
    }

    /** The mover's log, {@code jpgc-cleaner-*.log} in the run's temporary folder; null when there is none. */
    private static Path cleanerLog(Path tmp) throws IOException {
        try (Stream<Path> files = Files.list(tmp)) {
            return files.filter(f -> f.getFileName().toString().startsWith("jpgc-cleaner-")).findFirst().orElse(null);
        }
    }

    private static Duration remaining(long endNanos) {
        return Duration.ofNanos(Math.max(0, endNanos - System.nanoTime()));
    }
}
