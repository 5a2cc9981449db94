package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

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
 * <p>Nacos, the provider and JMeter run inside one lab host ({@link NacosLab}), each stopped by its PID.
 */
@ResourceLock(LabRoot.LOCK)
class NacosRegistryIT {

    private static final Duration READY = Duration.ofSeconds(120);
    private static final String PASSWORD = "rpcbench-nacos-It-" + Long.toHexString(System.nanoTime());
    private static final String NAMESPACE = "rpcbench-it";
    private static final String GROUP = "RPCBENCH";
    /**
     * The order service plan's first call (its consumer built, the definition read) took seconds on a busy machine
     * (RegistryLoopbackIT), and its three samplers must each run after it.
     */
    private static final String ORDER_SERVICE_SECONDS = "12";

    @TempDir
    static Path dir;

    private static NacosLab lab;
    private static int providerPort;

    @BeforeAll
    static void startNacosAndProvider() throws IOException {
        lab = NacosLab.start("198.19.252", dir, PASSWORD);
        ChildProcess provider = lab.startJava("provider", List.of("-jar", Plans.LAYOUT.providerJar().toString(),
                "--registry", registry(GROUP), "--registry-username", NacosServer.ADMIN, "--dubbo-port", "0",
                "--no-thrift"));
        ProviderEndpoints endpoints = ProviderEndpoints.parse(provider.awaitLine(
                line -> line.startsWith(ProviderEndpoints.READY_PREFIX), READY));
        providerPort = ProviderEndpoints.port(endpoints.dubbo().orElseThrow());
    }

    @AfterAll
    static void stopAll() {
        if (lab != null) {
            lab.close();
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
                "--results", results.toString(), "--registry", "nacos://127.0.0.1:" + lab.nacos().port()
                        + "?namespace=rpcbench-job&group=" + GROUP, "--registry-username", NacosServer.ADMIN));
        String output;
        try (ChildProcess job = ChildProcess.start("run-benchmark", lab.host().command(command),
                Map.of(ExternalRegistry.PASSWORD_VARIABLE, PASSWORD), dir.resolve("job.out"))) {
            int exit = job.awaitExit(Duration.ofMinutes(3));
            output = Files.readString(dir.resolve("job.out"));
            assertThat(exit).as("run-benchmark's exit code; its output:%n%s", output).isZero();
        }
        String ready = output.lines().filter(line -> line.startsWith("Provider ready")).findFirst().orElseThrow();
        int port = ProviderEndpoints.port(ready.replaceFirst(".*dubbo=(dubbo://[0-9.:]+).*", "$1"));
        assertThat(output).contains("registered in nacos://127.0.0.1:" + lab.nacos().port())
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
        return lab.address(NAMESPACE, group);
    }

    /** The shipped echo plan through Nacos at {@code address}, as {@link NacosServer#ADMIN} with {@code password}. */
    private static LabPlanRun run(Path out, String address, String password) throws IOException {
        return run("dubbo-echo-1k", out, address, password, Map.of());
    }

    /**
     * {@code plan} through Nacos at {@code address}, as {@link NacosServer#ADMIN} with {@code password}, with
     * {@code more} properties over {@link NacosLab#SHORT_RUN}.
     */
    private static LabPlanRun run(String plan, Path out, String address, String password, Map<String, String> more)
            throws IOException {
        Map<String, String> properties = new LinkedHashMap<>(NacosLab.SHORT_RUN);
        properties.putAll(more);
        return lab.run(plan, out, address, password, properties);
    }
}
