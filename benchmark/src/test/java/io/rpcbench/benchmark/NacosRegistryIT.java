package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.rpcbench.benchmark.lab.LabHost;
import io.rpcbench.benchmark.lab.LabNetwork;
import io.rpcbench.benchmark.lab.LabRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The Dubbo samplers through a real Nacos 2.5.1 with authentication on (issue 26): a Dubbo 3.3 provider registered
 * there in a namespace and a registry group of its own, with a user and password; the shipped echo plan finds it
 * through that Nacos, namespace, group and user, and calls it on loopback, and the password shows in none of JMeter's
 * files; the order service plan's generic calls get their parameter types from the definition the provider published
 * in Nacos. A wrong password, and a registry group that holds no provider, fail every sample with a message that names
 * what was looked up.
 *
 * <p>Nacos, the provider and JMeter run inside one lab host (Nacos's gRPC and Raft ports listen on every interface:
 * there, the lab host's loopback and lab address, never this machine's), each stopped by its PID. The credentials reach
 * JMeter through a properties file ({@code -q}): JMeter writes every {@code -J} property into its log.
 */
@ResourceLock(LabRoot.LOCK)
class NacosRegistryIT {

    private static final Duration READY = Duration.ofSeconds(120);
    private static final String PASSWORD = "rpcbench-nacos-It-" + Long.toHexString(System.nanoTime());
    private static final String NAMESPACE = "rpcbench-it";
    private static final String GROUP = "RPCBENCH";
    /** One thread, no warm-up, 4 s: tens of calls, enough to see them all pass or fail. */
    private static final Map<String, String> RUN_PROPERTIES = Map.of(JMeterRun.THINK_TIME, TestVolume.THINK_TIME_MS,
            "threads", "1", "rampup", "0", "duration", "4");
    /**
     * The order service plan's first call (its consumer built, the definition read) took seconds on a busy machine
     * (RegistryLoopbackIT), and its three samplers must each run after it.
     */
    private static final String ORDER_SERVICE_SECONDS = "12";

    @TempDir
    static Path dir;

    private static LabNetwork lab;
    private static LabHost host;
    private static NacosServer nacos;
    private static ChildProcess provider;
    private static int providerPort;

    @BeforeAll
    static void startNacosAndProvider() throws IOException {
        LabRoot.require();
        lab = LabNetwork.create("198.19.252", List.of("nacos"));
        host = lab.host("nacos");
        nacos = NacosServer.startAuthenticating(host, dir.resolve("nacos-home"), PASSWORD);
        List<String> command = new ArrayList<>(List.of(ProjectLayout.javaExecutable().toString()));
        command.addAll(ProjectLayout.childJvmOptions());
        command.addAll(List.of("-jar", Plans.LAYOUT.providerJar().toString(), "--registry", registry(GROUP),
                "--registry-username", NacosServer.ADMIN, "--dubbo-port", "0", "--no-thrift"));
        provider = ChildProcess.start("provider", host.command(command),
                Map.of("RPCBENCH_REGISTRY_PASSWORD", PASSWORD), dir.resolve("provider.log"));
        ProviderEndpoints endpoints = ProviderEndpoints.parse(provider.awaitLine(
                line -> line.startsWith(ProviderEndpoints.READY_PREFIX), READY));
        providerPort = ProviderEndpoints.port(endpoints.dubbo().orElseThrow());
    }

    @AfterAll
    static void stopAll() {
        try {
            if (provider != null) {
                provider.close();
            }
        } finally {
            try {
                if (nacos != null) {
                    nacos.close();
                }
            } finally {
                if (lab != null) {
                    List<Long> left = lab.processes();
                    lab.close();
                    assertThat(left).as("processes left in the lab after the tests").isEmpty();
                }
            }
        }
    }

    @Test
    void theEchoPlanFindsTheProviderThroughNamespaceGroupAndUserAndCallsItOnLoopback() throws IOException {
        Path out = dir.resolve("echo");
        LabPlanRun run = run(out, registry(GROUP), PASSWORD);

        run.assertCalledOnLoopback(providerPort, "dubbo-echo-1k");
        for (String file : List.of("dubbo-echo-1k.jtl", "jmeter.log", "jmeter.out")) {
            assertThat(Files.readString(out.resolve(file))).as(file).doesNotContain(PASSWORD);
        }
    }

    /**
     * The service sampler's generic calls with {@code parameter_types} empty: the types come from the definition the
     * provider published in Nacos (Dubbo's metadata report), and the plan's JSON assertions on the answers hold.
     */
    @Test
    void theOrderServicePlanCallsWithTypesFromNacosMetadata() throws IOException {
        run("dubbo-order-service", dir.resolve("order-service"), registry(GROUP), PASSWORD,
                Map.of("duration", ORDER_SERVICE_SECONDS))
                .assertCalledOnLoopback(providerPort, "place order", "order total", "confirm order");
    }

    @Test
    void aWrongPasswordFailsEverySampleNamingThePasswordAndNotShowingIt() throws IOException {
        String wrong = "not-" + PASSWORD;
        LabPlanRun run = run(dir.resolve("wrong-password"), registry(GROUP), wrong);

        assertEverySampleFailed(run, "password", "refused", NacosServer.ADMIN);
        assertThat(run.samples()).allSatisfy(sample -> assertThat(sample.responseMessage()).doesNotContain(wrong));
        assertThat(run.log()).doesNotContain(wrong);
        run.assertOnLoopback();
    }

    @Test
    void aRegistryGroupWithoutTheProviderFailsEverySampleNamingNamespaceAndGroup() throws IOException {
        LabPlanRun run = run(dir.resolve("other-group"), registry("OTHER"), PASSWORD);

        assertEverySampleFailed(run, "io.rpcbench.echo.EchoService", "namespace '" + NAMESPACE + "'",
                "registry group 'OTHER'");
        assertThat(run.sockets()).as("JMeter's connections to the provider")
                .noneMatch(socket -> socket.remote().endsWith(":" + providerPort));
        run.assertOnLoopback();
    }

    /**
     * {@code run-benchmark --registry nacos://... --registry-username ...} (the benchmark jar, in the lab host, as the
     * user runs it beside their Nacos): its provider registers in a namespace of its own, the plan finds it through
     * Nacos, every call passes and is answered on loopback by that provider, and the password is in none of the run's
     * files. In {@code ./run-tests --full} only (about 40 s more).
     */
    @Test
    void runBenchmarkRunsThePlanThroughTheUsersNacos() throws IOException {
        assumeThat(TestVolume.full()).as("./run-tests --full only").isTrue();
        Path results = dir.resolve("job");
        List<String> command = new ArrayList<>(List.of(ProjectLayout.javaExecutable().toString()));
        command.addAll(ProjectLayout.childJvmOptions());
        command.addAll(List.of("-jar", Plans.LAYOUT.projectDir().resolve("benchmark/target/rpcbench-benchmark.jar")
                .toString(), "--project-dir", Plans.LAYOUT.projectDir().toString(), "--plan", "dubbo-echo-1k",
                "--threads", "2", "--warmup", "2", "--duration", "4", "--no-jmeter-dashboards", "--progress", "1",
                "--results", results.toString(), "--registry", "nacos://127.0.0.1:" + nacos.port()
                        + "?namespace=rpcbench-job&group=" + GROUP, "--registry-username", NacosServer.ADMIN));
        String output;
        try (ChildProcess job = ChildProcess.start("run-benchmark", host.command(command),
                Map.of(ExternalRegistry.PASSWORD_VARIABLE, PASSWORD), dir.resolve("job.out"))) {
            int exit = job.awaitExit(Duration.ofMinutes(3));
            output = Files.readString(dir.resolve("job.out"));
            assertThat(exit).as("run-benchmark's exit code; its output:%n%s", output).isZero();
        }
        String ready = output.lines().filter(line -> line.startsWith("Provider ready")).findFirst().orElseThrow();
        int port = ProviderEndpoints.port(ready.replaceFirst(".*dubbo=(dubbo://[0-9.:]+).*", "$1"));
        assertThat(output).contains("registered in nacos://127.0.0.1:" + nacos.port())
                .doesNotContain(PASSWORD);
        List<io.rpcbench.reports.JtlSample> samples = Plans.samples(results.resolve("dubbo-echo-1k/dubbo-echo-1k.jtl"));
        assertThat(samples).isNotEmpty().allSatisfy(sample -> {
            assertThat(sample.success()).as("%s %s", sample.responseCode(), sample.responseMessage()).isTrue();
            assertThat(sample.url()).isEqualTo("dubbo://127.0.0.1:" + port);
        });
        try (var files = Files.walk(results)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                assertThat(Files.readString(file, java.nio.charset.StandardCharsets.ISO_8859_1)).as("%s", file)
                        .doesNotContain(PASSWORD);
            }
        }
    }

    private static void assertEverySampleFailed(LabPlanRun run, String... named) {
        assertThat(run.samples()).as("samples").isNotEmpty();
        System.out.printf("%s: %s%n", run.samples().get(0).responseCode(), run.samples().get(0).responseMessage());
        assertThat(run.samples()).allSatisfy(sample -> {
            assertThat(sample.success()).as("%s %s", sample.responseCode(), sample.responseMessage()).isFalse();
            assertThat(sample.responseMessage()).contains(named);
        });
    }

    private static String registry(String group) {
        return "nacos://127.0.0.1:" + nacos.port() + "?namespace=" + NAMESPACE + "&group=" + group;
    }

    /** The shipped echo plan through Nacos at {@code address}, as {@link NacosServer#ADMIN} with {@code password}. */
    private static LabPlanRun run(Path out, String address, String password) throws IOException {
        return run("dubbo-echo-1k", out, address, password, Map.of());
    }

    /**
     * {@code plan} through Nacos at {@code address}, as {@link NacosServer#ADMIN} with {@code password}, with
     * {@code more} properties over {@link #RUN_PROPERTIES}.
     */
    private static LabPlanRun run(String plan, Path out, String address, String password, Map<String, String> more)
            throws IOException {
        Files.createDirectories(out);
        Path credentials = out.resolve("nacos.properties");
        Files.writeString(credentials, "dubbo.username=" + NacosServer.ADMIN + "\ndubbo.password=" + password + "\n");
        Map<String, String> properties = new LinkedHashMap<>(RUN_PROPERTIES);
        properties.put("dubbo.address", address);
        properties.putAll(more);
        return LabPlanRun.run(host, plan, out, properties, List.of("-q", credentials.toString()), "");
    }
}
