package io.rpcbench.agent.jvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A running JVM on this host with its performance counters mapped: {@link PerfDataFiles#open} makes one, then
 * {@link GcPauses#of} / {@link HeapUsage#of} on {@link #counters()} find what to read, and each reading calls
 * {@link #checkRunning()} first.
 *
 * <p>Why the check: the mapping outlives the JVM (its file is deleted at exit, the mapped memory stays), so without
 * it a JVM that has exited would go on reporting its last values. It costs one {@code stat} of the file (and of
 * {@code /proc/<pid>}, which a JVM killed with SIGKILL leaves behind its file); a different file under the same
 * name (the pid reused by a new JVM) counts as exited too.
 */
public final class LocalJvm {
    private final String name;
    private final Path file;
    private final Path processDir;
    private final Object fileKey;
    private final PerfData counters;

    LocalJvm(String name, Path file, Path processDir, PerfData counters) throws IOException {
        this.name = name;
        this.file = file;
        this.processDir = processDir;
        this.counters = counters;
        this.fileKey = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
    }

    /** "JVM pid 1234", for messages. */
    public String name() {
        return name;
    }

    public PerfData counters() {
        return counters;
    }

    /**
     * @throws JvmCountersException the JVM has exited (or its pid belongs to another JVM now): its counters are
     *                              no longer its live values
     */
    public void checkRunning() throws JvmCountersException {
        Object key;
        try {
            key = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
        } catch (NoSuchFileException e) {
            throw exited("its performance data file " + file + " is gone");
        } catch (IOException e) {
            throw new JvmCountersException("cannot check that " + name + " still runs: " + e, e);
        }
        if (fileKey != null && !fileKey.equals(key)) {
            throw exited(file + " is another JVM's file now");
        }
        if (processDir != null && !Files.isDirectory(processDir)) {
            throw exited("there is no " + processDir);
        }
    }

    private JvmCountersException exited(String why) {
        return new JvmCountersException(name + " has exited: " + why);
    }
}
