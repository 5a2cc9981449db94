package io.rpcbench.benchmark.lab;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * iproute2's {@code ip} (and {@code ss}) run as child processes for the lab: each call waits for the command with a
 * deadline and fails with the command line and what it printed, so a failing step of building or tearing down the
 * lab says which one.
 */
final class Ip {

    private static final long DEADLINE_SECONDS = 30;

    private Ip() {
    }

    /**
     * Runs {@code ip ARGS...} and returns what it printed.
     *
     * @throws IllegalStateException when it fails or outlives its deadline, with the command and its output
     */
    static String ip(String... args) {
        List<String> command = new ArrayList<>();
        command.add("ip");
        command.addAll(List.of(args));
        return run(command);
    }

    /** Runs {@code command} and returns its standard output; see {@link #ip}. */
    static String run(List<String> command) {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run '" + String.join(" ", command) + "': " + e.getMessage()
                    + "; the lab needs iproute2 (Debian: apt-get install iproute2)", e);
        }
        try (InputStream output = process.getInputStream()) {
            byte[] bytes = output.readAllBytes(); // the commands print little; reading first keeps a full pipe from blocking
            if (!process.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("'" + String.join(" ", command) + "' still runs after "
                        + DEADLINE_SECONDS + " s");
            }
            String text = new String(bytes, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new IllegalStateException("'" + String.join(" ", command) + "' failed with exit code "
                        + process.exitValue() + ": " + text.strip());
            }
            return text;
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the output of '" + String.join(" ", command) + "'", e);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running '" + String.join(" ", command) + "'", e);
        }
    }
}
