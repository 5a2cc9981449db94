package io.rpcbench.benchmark.ab;

import io.rpcbench.benchmark.scenario.AfterPlan;
import io.rpcbench.benchmark.scenario.CellContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Seed 003's ApacheBench run as a step after a cell's plan: {@code ab -c 10 -n N} ({@link AbLoad#seed003}) against the
 * provider's echo over HTTP that the plan loaded ({@code rest.host}, {@code rest.port}), with the plan's 4-byte body,
 * while the cell's provider still runs. Its report goes to {@code ab/ab.txt} in the cell's folder, which
 * {@link #report} reads back; when ab is not installed or fails, {@code ab/ab-failed.txt} holds why (with the package
 * to install), which {@link #failure} reads back.
 *
 * <p>How many requests: {@code requests}, but at most {@value #REQUESTS_PER_MEASURED_SECOND} per second of the cell's
 * measured window, so that a shortened run ({@code --duration 8}) shortens ab too; at least the concurrency.
 */
public final class AbStep implements AfterPlan {

    /** The echo's path on the provider's HTTP port. */
    public static final String ECHO_PATH = "/io.rpcbench.echo.EchoService/echo";
    static final String REPORT = "ab.txt";
    static final String FAILED = "ab-failed.txt";
    static final int REQUESTS_PER_MEASURED_SECOND = 2_000;
    /** Seed 003's body: 4 bytes. */
    static final String BODY = "abcd";

    private final int requests;

    /** @param requests ab's {@code -n} for a run of the cell's own length */
    public AbStep(int requests) {
        if (requests < AbLoad.SEED_CONCURRENCY) {
            throw new IllegalArgumentException("ab requests " + requests + " is out of range; expected at least "
                    + AbLoad.SEED_CONCURRENCY);
        }
        this.requests = requests;
    }

    /** ab's {@code -n} for a cell measured {@code measuredSeconds}. */
    public int requests(int measuredSeconds) {
        long byWindow = (long) REQUESTS_PER_MEASURED_SECOND * measuredSeconds;
        return (int) Math.max(AbLoad.SEED_CONCURRENCY, Math.min(requests, byWindow));
    }

    @Override
    public void run(CellContext context) throws IOException {
        Path dir = Files.createDirectories(context.folder().resolve("ab"));
        String host = context.property("rest.host").orElse(null);
        String port = context.property("rest.port").orElse(null);
        if (host == null || port == null) {
            Files.writeString(dir.resolve(FAILED), "the run names no rest.host and rest.port; expected the provider "
                    + "started with --rest-port", StandardCharsets.UTF_8);
            return;
        }
        int measured = context.cell().stop().runSeconds() - context.cell().stop().warmupSeconds();
        AbLoad load = AbLoad.seed003("http://" + host + ":" + port + ECHO_PATH, requests(measured), BODY);
        try {
            // ab's own pace on loopback is thousands a second; an hour is a bound, not an estimate.
            ApacheBench.onPath().run(load, Duration.ofSeconds(3600L + load.requests() / 100), dir);
        } catch (IllegalStateException e) { // not installed, or it failed: the reason is the cell's figures
            Files.writeString(dir.resolve(FAILED), e.getMessage(), StandardCharsets.UTF_8);
        }
    }

    /** The report of the step's run in a cell's folder, when ab ran to the end; else see {@link #failure}. */
    public static Optional<AbReport> report(Path cellFolder) {
        Path file = cellFolder.resolve("ab").resolve(REPORT);
        if (Files.isRegularFile(cellFolder.resolve("ab").resolve(FAILED)) || !Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(AbReport.parse(Files.readString(file, StandardCharsets.UTF_8)));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Why the step's run in a cell's folder has no {@link #report}; empty when it has one. */
    public static Optional<String> failure(Path cellFolder) {
        Path dir = cellFolder.resolve("ab");
        try {
            if (Files.isRegularFile(dir.resolve(FAILED))) {
                return Optional.of(Files.readString(dir.resolve(FAILED), StandardCharsets.UTF_8).strip());
            }
            if (!Files.isRegularFile(dir.resolve(REPORT))) {
                return Optional.of("ab did not run: no " + dir.resolve(REPORT) + " (the cell's plan failed?)");
            }
            AbReport.parse(Files.readString(dir.resolve(REPORT), StandardCharsets.UTF_8));
            return Optional.empty();
        } catch (IOException | IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }
}
