package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.lab.LabHost;
import io.rpcbench.benchmark.lab.LabNetwork;
import io.rpcbench.benchmark.lab.LabRoot;
import io.rpcbench.benchmark.process.ExternalRegistry;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.process.ChildProcess;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Nacos ITs' lab: one lab host (Nacos's gRPC and Raft ports listen on every interface: there, the lab host's
 * loopback and lab address, never this machine's) running a real Nacos 2.5.1 with authentication on, the providers
 * the tests start beside it, and JMeter's plan runs through it as {@link NacosServer#ADMIN}; Nacos's open API read
 * with curl in the lab host, for what the providers wrote there.
 *
 * <p>Order of calls: {@link #start} (in a {@code @BeforeAll}), then {@link #startJava} for the providers,
 * {@link #run} for the plans and {@link #openApi} for Nacos's contents, then {@link #close} (in an {@code @AfterAll}),
 * which stops every process started here by its PID, the last started first, then Nacos, then removes the lab and
 * checks that no process was left in it. Each IT class takes a lab subnet of its own.
 */
final class NacosLab implements AutoCloseable {

    /** One thread, no warm-up, 4 s: tens of calls, enough to see them all pass or fail. */
    static final Map<String, String> SHORT_RUN = Map.of(JMeterRun.THINK_TIME, TestVolume.THINK_TIME_MS,
            "threads", "1", "rampup", "0", "duration", "4");
    private static final Duration CURL = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dir;
    private final String password;
    private final LabNetwork lab;
    private final LabHost host;
    private final List<ChildProcess> started = new ArrayList<>();
    private NacosServer nacos;
    private String accessToken;

    private NacosLab(Path dir, String password, LabNetwork lab) {
        this.dir = dir;
        this.password = password;
        this.lab = lab;
        this.host = lab.host("nacos");
    }

    /**
     * Makes a lab on {@code subnet} with one host and starts Nacos there, authenticating, the administrator given
     * {@code password}; on failure whatever was made is removed again.
     */
    static NacosLab start(String subnet, Path dir, String password) throws IOException {
        LabRoot.require();
        NacosLab nacosLab = new NacosLab(dir, password, LabNetwork.create(subnet, List.of("nacos")));
        try {
            nacosLab.nacos = NacosServer.startAuthenticating(nacosLab.host, dir.resolve("nacos-home"), password);
            return nacosLab;
        } catch (RuntimeException | IOException | Error e) {
            nacosLab.close();
            throw e;
        }
    }

    LabHost host() {
        return host;
    }

    NacosServer nacos() {
        return nacos;
    }

    /** {@code nacos://127.0.0.1:<port>?namespace=N&group=G}, Nacos as its clients in the lab host reach it. */
    String address(String namespace, String group) {
        return "nacos://127.0.0.1:" + nacos.port() + "?namespace=" + namespace + "&group=" + group;
    }

    /**
     * Starts {@code java <child JVM options> <arguments>} in the lab host, the administrator's password in the
     * environment variable {@link ExternalRegistry#PASSWORD_VARIABLE}; stopped by {@link #close} unless the caller
     * stops it first.
     */
    ChildProcess startJava(String name, List<String> arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProjectLayout.javaExecutable().toString()));
        command.addAll(ProjectLayout.childJvmOptions());
        command.addAll(arguments);
        ChildProcess process = ChildProcess.start(name, host.command(command),
                Map.of(ExternalRegistry.PASSWORD_VARIABLE, password), dir.resolve(name + ".log"));
        started.add(process);
        return process;
    }

    /**
     * {@code plan} run by JMeter in the lab host through Nacos at {@code address}, as {@link NacosServer#ADMIN} with
     * {@code password} (in a properties file, {@code -q}: JMeter writes every {@code -J} property into its log), with
     * {@code properties} over {@code dubbo.address}.
     */
    LabPlanRun run(String plan, Path out, String address, String password, Map<String, String> properties)
            throws IOException {
        return run(Plans.LAYOUT.plan(plan), out, address, password, properties);
    }

    /** {@link #run(String, Path, String, String, Map)} of a plan file of any name and place. */
    LabPlanRun run(Path plan, Path out, String address, String password, Map<String, String> properties)
            throws IOException {
        Files.createDirectories(out);
        Path credentials = out.resolve("nacos.properties");
        Files.writeString(credentials, "dubbo.username=" + NacosServer.ADMIN + "\ndubbo.password=" + password + "\n");
        Map<String, String> all = new LinkedHashMap<>(properties);
        all.put("dubbo.address", address);
        return LabPlanRun.run(host, plan, out, all, List.of("-q", credentials.toString()), "");
    }

    /**
     * Nacos's answer to {@code GET /nacos<path>} with {@code query} (values encoded here), as the administrator, read
     * with curl in the lab host.
     */
    JsonNode openApi(String path, Map<String, String> query) throws IOException {
        if (accessToken == null) {
            Path form = dir.resolve("nacos-login.form");
            Files.writeString(form, password);
            accessToken = curl("login", List.of("-X", "POST", "--data-urlencode", "username=" + NacosServer.ADMIN,
                    "--data-urlencode", "password@" + form, url("/v1/auth/login")))
                    .path("accessToken").asText();
            Files.delete(form);
            assertThat(accessToken).as("Nacos's access token").isNotEmpty();
        }
        StringBuilder url = new StringBuilder(url(path)).append("?accessToken=").append(encode(accessToken));
        query.forEach((key, value) -> url.append('&').append(key).append('=').append(encode(value)));
        return curl("get", List.of(url.toString()));
    }

    private JsonNode curl(String what, List<String> arguments) throws IOException {
        Path out = dir.resolve("curl-" + what + "-" + System.nanoTime() + ".out");
        List<String> command = new ArrayList<>(List.of("curl", "-sS", "--fail-with-body"));
        command.addAll(arguments);
        try (ChildProcess curl = ChildProcess.start("curl", host.command(command), Map.of(), out)) {
            int exit = curl.awaitExit(CURL);
            String answer = Files.readString(out);
            assertThat(exit).as("curl %s exit code; it printed:%n%s", arguments.get(arguments.size() - 1), answer)
                    .isZero();
            return JSON.readTree(answer);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private String url(String path) {
        return "http://127.0.0.1:" + nacos.port() + "/nacos" + path;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** Stops every process started here (the last first) and Nacos by their PIDs, removes the lab, checks none was left. */
    @Override
    public void close() {
        try {
            for (int i = started.size() - 1; i >= 0; i--) {
                started.get(i).close();
            }
        } finally {
            try {
                if (nacos != null) {
                    nacos.close();
                }
            } finally {
                List<Long> left = lab.processes();
                lab.close();
                assertThat(left).as("processes left in the lab after the tests").isEmpty();
            }
        }
    }
}
