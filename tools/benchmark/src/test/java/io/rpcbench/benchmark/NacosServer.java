package io.rpcbench.benchmark;

import io.rpcbench.benchmark.lab.LabHost;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.process.ChildProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A real Nacos 2.5.1 server (the build in {@code ../shared/nacos/nacos-2.5.1}, or {@code -Drpcbench.nacos.home=DIR})
 * for the tests: standalone, embedded Derby, started as its README says, inside a lab host, since its gRPC ports
 * (HTTP + 1000, the ones Dubbo's Nacos client uses) and its Raft port listen on every interface whatever is set: in the
 * lab host that is the host's own loopback and lab address, never this machine's. Its HTTP port is bound to the lab
 * host's 127.0.0.1. Ready when it prints its started line; {@link #close} stops it by its PID and removes its run
 * directory (Nacos reserves about 580 MB there for its Raft log).
 *
 * <p>Without the server build the tests that need it fail naming {@code -Drpcbench.nacos.home=DIR}, or are skipped
 * with {@code -Drpcbench.nacos.optional=true}, as the lab tests do without root.
 */
final class NacosServer implements AutoCloseable {

    static final String HOME_PROPERTY = "rpcbench.nacos.home";
    static final String OPTIONAL_PROPERTY = "rpcbench.nacos.optional";
    /** The HTTP port in the lab host; gRPC takes this + 1000 and + 1001, Raft this - 1000. */
    static final int PORT = 8848;
    private static final String READY = "Nacos started successfully in stand alone mode";
    private static final Duration READY_DEADLINE = Duration.ofSeconds(180);
    /** The administrator's name in Nacos 2.4 and later. */
    static final String ADMIN = "nacos";

    private final ChildProcess process;
    private final Path runDir;

    private NacosServer(ChildProcess process, Path runDir) {
        this.process = process;
        this.runDir = runDir;
    }

    /**
     * Starts Nacos in {@code host} with {@code runDir} (made now, must not exist) as its home and working directory,
     * and waits for its ready line.
     */
    static NacosServer start(LabHost host, Path runDir) throws IOException {
        return start(host, runDir, Optional.empty());
    }

    /**
     * {@link #start(LabHost, Path)} with authentication on ({@code nacos.core.auth.enabled}), the administrator
     * {@value #ADMIN} given {@code adminPassword} as Nacos 2.4 and later ask on first start (there is no default
     * password any more).
     */
    static NacosServer startAuthenticating(LabHost host, Path runDir, String adminPassword) throws IOException {
        return start(host, runDir, Optional.of(adminPassword));
    }

    private static NacosServer start(LabHost host, Path runDir, Optional<String> adminPassword) throws IOException {
        Path dist = distribution();
        Files.createDirectories(runDir);
        String java = ProjectLayout.javaExecutable().toString();
        List<String> auth = adminPassword.isEmpty() ? List.of() : List.of("-Dnacos.core.auth.enabled=true",
                "-Dnacos.core.auth.system.type=nacos",
                // the key signing its tokens (Base64 of 32 bytes or more) and the servers' identity: set, or it stops
                "-Dnacos.core.auth.plugin.nacos.token.secret.key=" + tokenKey(),
                "-Dnacos.core.auth.server.identity.key=rpcbench-it",
                "-Dnacos.core.auth.server.identity.value=rpcbench-it",
                // Users read from the database at each login: with Nacos's cache of them (reloaded every 15 s) the
                // administrator made just after the start is unknown for up to 15 s, and a client starting at once
                // is refused ("User nacos not found"; the Nacos 1.4 client of Dubbo 2.7 then gets 403 for everything).
                "-Dnacos.core.auth.caching.enabled=false");
        // In its run directory: Derby writes derby.log, and Tomcat its access log, to the working directory. exec keeps
        // the PID the JVM's, so that it is stopped by it.
        List<String> start = new ArrayList<>(List.of("cd", quote(runDir), "&&", "exec", quote(Path.of(java)),
                "-Xms256m", "-Xmx512m", "-Dnacos.standalone=true", "-Dnacos.home=" + quote(runDir),
                "-Dnacos.server.ip=127.0.0.1", "-Dserver.address=127.0.0.1", "-Dserver.port=" + PORT));
        start.addAll(auth);
        start.addAll(List.of("-jar", quote(dist.resolve("nacos-server.jar")),
                "--spring.config.additional-location=file:" + quote(dist.resolve("conf")) + "/",
                "--logging.config=" + quote(dist.resolve("conf/nacos-logback.xml"))));
        ChildProcess process = ChildProcess.start("nacos", host.command(List.of("sh", "-c", String.join(" ", start))),
                Map.of(), runDir.resolveSibling(runDir.getFileName() + ".out"));
        try {
            process.awaitLine(line -> line.contains(READY), READY_DEADLINE);
            if (adminPassword.isPresent()) {
                initializeAdmin(host, runDir, adminPassword.get());
            }
            return new NacosServer(process, runDir);
        } catch (RuntimeException | IOException e) {
            process.stop();
            delete(runDir);
            throw e;
        }
    }

    /** Gives the administrator its password through Nacos's HTTP API, with curl in the lab host. */
    private static void initializeAdmin(LabHost host, Path runDir, String password) throws IOException {
        Path out = runDir.resolveSibling(runDir.getFileName() + ".admin");
        try (ChildProcess curl = ChildProcess.start("curl", host.command(List.of("curl", "-sS", "--fail-with-body",
                "-X", "POST", "--data-urlencode", "password=" + password,
                "http://127.0.0.1:" + PORT + "/nacos/v1/auth/users/admin")), Map.of(), out)) {
            int exit = curl.awaitExit(Duration.ofSeconds(30));
            if (exit != 0) {
                throw new IOException("Nacos did not take the administrator's password (curl exit " + exit + "): "
                        + curl.tail());
            }
        }
    }

    /** A fresh key for Nacos's tokens: Base64 of 32 random bytes. */
    private static String tokenKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return Base64.getEncoder().encodeToString(key);
    }

    /** The HTTP port, on the lab host's 127.0.0.1. */
    int port() {
        return PORT;
    }

    /** The server build: {@code -Drpcbench.nacos.home}, else {@code ../shared/nacos/nacos-2.5.1} beside the checkout. */
    private static Path distribution() {
        String configured = System.getProperty(HOME_PROPERTY);
        Path dist = configured != null && !configured.isBlank() ? Path.of(configured)
                : Plans.LAYOUT.projectDir().resolve("../shared/nacos/nacos-2.5.1").normalize();
        if (!Files.isRegularFile(dist.resolve("nacos-server.jar"))) {
            String message = "the Nacos tests need the Nacos 2.5.1 server build (nacos-server.jar and conf/), not found "
                    + "in " + dist + "; give its folder with -D" + HOME_PROPERTY + "=DIR (or pass -D"
                    + OPTIONAL_PROPERTY + "=true to skip these tests)";
            if (!Boolean.getBoolean(OPTIONAL_PROPERTY)) {
                Assertions.fail(message);
            }
            Assumptions.abort(message);
        }
        return dist;
    }

    private static String quote(Path path) {
        return "'" + path.toAbsolutePath().toString().replace("'", "'\\''") + "'";
    }

    @Override
    public void close() {
        try {
            process.stop();
        } finally {
            delete(runDir);
        }
    }

    private static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path path : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not remove Nacos's run directory " + dir, e);
        }
    }
}
