package io.rpcbench.agent.jvm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds and opens the performance-counter file of a JVM on this host by its pid, as {@code jstat} does, and in
 * containers too.
 *
 * <p>A HotSpot JVM writes {@code <tmp>/hsperfdata_<user>/<pid>}: its user, and its pid as its own pid namespace
 * sees it; on Linux {@code <tmp>} is always {@code /tmp} (not {@code java.io.tmpdir}). The file is readable by that
 * user only, and the JVM deletes it when it exits. It is looked for, on Linux:
 * <ol>
 * <li>{@code /proc/<pid>/root/tmp/hsperfdata_*}{@code /<nspid>}: the JVM's own {@code /tmp}, also inside a
 * container, with {@code <nspid>} the last pid of the {@code NSpid:} line of {@code /proc/<pid>/status};</li>
 * <li>{@code /tmp/hsperfdata_<owner of /proc/<pid>>/<pid>}: the same file seen from here, when the first cannot be
 * listed.</li>
 * </ol>
 * Without {@code /proc} (not Linux): {@code <java.io.tmpdir>/hsperfdata_*}{@code /<pid>}.
 *
 * <p>Below {@code /proc/<pid>/root} no symbolic link is followed (a directory or file a user made a link must not
 * make the agent read another file), and the file is opened only if it is a regular file. Nothing else is read:
 * the agent opens nothing to the network and starts no process.
 */
public final class PerfDataFiles {
    private static final String DIRECTORY_GLOB = "hsperfdata_*";

    /** This host: {@code /proc}, {@code /tmp}, and {@code java.io.tmpdir} where there is no {@code /proc}. */
    public static final PerfDataFiles HOST = new PerfDataFiles(Paths.get("/proc"), Paths.get("/tmp"),
            Paths.get(System.getProperty("java.io.tmpdir")));

    private final Path proc;
    private final Path tmp;
    private final Path tmpWithoutProc;

    /** Tests point these at a fake {@code /proc} and {@code /tmp}. */
    public PerfDataFiles(Path proc, Path tmp, Path tmpWithoutProc) {
        this.proc = proc;
        this.tmp = tmp;
        this.tmpWithoutProc = tmpWithoutProc;
    }

    /**
     * The running JVM with that pid, its counters mapped.
     *
     * @throws JvmCountersException there is no such process, or no file of it that this agent may read (the
     *                              message says where it looked and what is needed), or the file is not PerfData
     */
    public LocalJvm open(long pid) throws JvmCountersException {
        String jvm = "JVM pid " + pid;
        boolean linux = Files.isDirectory(proc);
        Path processDir = proc.resolve(Long.toString(pid));
        if (linux && !Files.isDirectory(processDir)) {
            throw new JvmCountersException("there is no process with pid " + pid + " (no " + processDir + ")");
        }
        List<String> lookedAt = new ArrayList<String>();
        Path file = linux ? findOnLinux(pid, processDir, lookedAt)
                : findIn(tmpWithoutProc, Long.toString(pid), lookedAt);
        String owner = linux ? ownerOf(processDir) : "";
        String runAs = owner.isEmpty() || owner.equals("root") ? "the JVM's user or root"
                : owner + " (the JVM's user) or root";
        if (file == null) {
            throw new JvmCountersException("no performance data file of " + jvm + " (looked for "
                    + String.join(", ", lookedAt) + "): it must be a HotSpot JVM (OpenJDK, Temurin, Oracle...)"
                    + " started without -XX:-UsePerfData and without -XX:+PerfDisableSharedMem, and the agent must"
                    + " run as " + runAs);
        }
        try {
            return new LocalJvm(jvm, file, linux ? processDir : null, PerfData.map(file));
        } catch (AccessDeniedException e) {
            throw new JvmCountersException("the agent may not read " + file + ", the performance data file of "
                    + jvm + ": run the agent as " + runAs, e);
        } catch (JvmCountersException e) {
            throw e;
        } catch (IOException e) {
            throw new JvmCountersException("cannot read " + file + ", the performance data file of " + jvm + ": "
                    + e, e);
        }
    }

    private Path findOnLinux(long pid, Path processDir, List<String> lookedAt) {
        Path inItsRoot = findIn(processDir.resolve("root").resolve("tmp"), namespacePid(processDir, pid), lookedAt);
        if (inItsRoot != null) {
            return inItsRoot;
        }
        String owner = ownerOf(processDir);
        if (owner.isEmpty()) {
            return null;
        }
        Path seenFromHere = tmp.resolve("hsperfdata_" + owner).resolve(Long.toString(pid));
        lookedAt.add(seenFromHere.toString());
        return isPerfDataFile(seenFromHere.getParent(), seenFromHere) ? seenFromHere : null;
    }

    /** {@code <dir>/hsperfdata_*}{@code /<name>}, the first that is a regular file, or null. */
    private static Path findIn(Path dir, String name, List<String> lookedAt) {
        String place = dir.resolve(DIRECTORY_GLOB).resolve(name).toString();
        if (Files.isSymbolicLink(dir)) {
            lookedAt.add(place + " (not followed: " + dir + " is a symbolic link)");
            return null;
        }
        try (DirectoryStream<Path> users = Files.newDirectoryStream(dir, DIRECTORY_GLOB)) {
            lookedAt.add(place);
            for (Path user : users) {
                Path file = user.resolve(name);
                if (isPerfDataFile(user, file)) {
                    return file;
                }
            }
        } catch (AccessDeniedException e) {
            // Another user's process root, or a process that is not dumpable: the next place may still be readable.
            lookedAt.add(place + " (the agent may not list " + dir + ")");
        } catch (IOException | SecurityException e) {
            lookedAt.add(place + " (" + dir + " cannot be listed: " + e.getClass().getSimpleName() + ")");
        }
        return null;
    }

    private static boolean isPerfDataFile(Path userDir, Path file) {
        return Files.isDirectory(userDir, LinkOption.NOFOLLOW_LINKS)
                && Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS);
    }

    /** The pid as the process's own namespace sees it (NSpid's last number), or {@code pid} when not known. */
    private static String namespacePid(Path processDir, long pid) {
        try {
            for (String line : Files.readAllLines(processDir.resolve("status"), StandardCharsets.UTF_8)) {
                if (line.startsWith("NSpid:")) {
                    String[] pids = line.substring("NSpid:".length()).trim().split("\\s+");
                    String last = pids[pids.length - 1];
                    return last.matches("\\d+") ? last : Long.toString(pid);
                }
            }
        } catch (IOException noStatus) {
            // Gone in between, or a kernel before 4.1 without NSpid: the pid it has here is the best guess.
        }
        return Long.toString(pid);
    }

    private static String ownerOf(Path processDir) {
        try {
            return Files.getOwner(processDir).getName();
        } catch (IOException | UnsupportedOperationException e) {
            return "";
        }
    }
}
