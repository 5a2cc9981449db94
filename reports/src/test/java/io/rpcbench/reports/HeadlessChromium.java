package io.rpcbench.reports;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs Debian's chromium headless on a local file: {@link #dumpDom} returns the DOM after the page's scripts ran,
 * {@link #screenshot} saves a PNG. Every run gets a new profile folder, no network features, and a deadline;
 * the browser and its children are stopped by PID when it passes, and always on the way out.
 */
public final class HeadlessChromium {

    public static final Duration DEADLINE = Duration.ofSeconds(60);

    private final Path executable;
    private final Path workDir;

    public HeadlessChromium(Path executable, Path workDir) {
        this.executable = executable;
        this.workDir = workDir;
    }

    /** The browser named by -Drpcbench.chromium, else chromium, chromium-browser or google-chrome on the PATH. */
    public static Optional<Path> find() {
        String configured = System.getProperty("rpcbench.chromium");
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured)).filter(Files::isExecutable);
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    public String dumpDom(Path html) throws IOException, InterruptedException {
        return run("dom", List.of("--dump-dom", html.toUri().toString()));
    }

    public void screenshot(Path html, Path png, int width, int height) throws IOException, InterruptedException {
        Files.deleteIfExists(png);
        run("screenshot", List.of("--hide-scrollbars", "--window-size=" + width + "," + height,
                "--screenshot=" + png.toAbsolutePath(), html.toUri().toString()));
        if (!Files.isRegularFile(png)) {
            throw new IOException("chromium wrote no screenshot to " + png + "; see its log in " + workDir);
        }
    }

    /**
     * The DOM of a page served over HTTP (a live dashboard on loopback) after its scripts had {@code budget} of
     * virtual time: chromium waits for the page's requests within it, so a page that fetches its data shows it.
     */
    public String dumpDom(URI page, Duration budget) throws IOException, InterruptedException {
        return run("dom", List.of("--no-proxy-server", "--virtual-time-budget=" + budget.toMillis(), "--dump-dom",
                page.toString()));
    }

    /** A screenshot of a page served over HTTP, after {@code budget} of virtual time (see {@link #dumpDom(URI, Duration)}). */
    public void screenshot(URI page, Path png, int width, int height, Duration budget)
            throws IOException, InterruptedException {
        Files.deleteIfExists(png);
        run("screenshot", List.of("--no-proxy-server", "--virtual-time-budget=" + budget.toMillis(),
                "--hide-scrollbars", "--window-size=" + width + "," + height, "--screenshot=" + png.toAbsolutePath(),
                page.toString()));
        if (!Files.isRegularFile(png)) {
            throw new IOException("chromium wrote no screenshot to " + png + "; see its log in " + workDir);
        }
    }

    private String run(String name, List<String> arguments) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(workDir, name + "-profile-");
        Path stdout = workDir.resolve(name + ".out");
        Path stderr = workDir.resolve(name + ".log");
        List<String> command = new ArrayList<>(List.of(executable.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile));
        command.addAll(arguments);
        Process process = new ProcessBuilder(command)
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .start();
        try {
            if (!process.waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                throw new IOException("chromium did not finish within " + DEADLINE.toSeconds() + " s (" + name
                        + "); its log: " + stderr);
            }
            if (process.exitValue() != 0) {
                throw new IOException("chromium exited with " + process.exitValue() + " (" + name + "); its log: "
                        + Files.readString(stderr, StandardCharsets.UTF_8));
            }
            return Files.readString(stdout, StandardCharsets.UTF_8);
        } finally {
            // Renderer and GPU helpers are children of the browser: stop them by PID, then the browser.
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
