package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.lab.LabRoot;
import io.rpcbench.benchmark.process.Dubbo27ProviderProcess;
import io.rpcbench.benchmark.process.ExternalRegistry;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.process.ProviderEndpoints;
import io.rpcbench.process.ChildProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The Dubbo samplers through a real Nacos 2.5.1 with authentication on (issue 26), in namespace {@value #NAMESPACE},
 * each provider in a registry group of its own: the provider app as Dubbo 3.3 registers by default (per interface and
 * per application), the provider app at application level only ({@code --register-mode instance}: one instance of
 * the application, the interface-to-application mapping, no interface-level entry) and the Dubbo 2.7.23 provider (one
 * naming service per interface). What each writes into Nacos is read back through Nacos's open API; both samplers call
 * each, the echo plan and the order service plan (generic calls typed from the definitions in Nacos), every answer the
 * exact one, on loopback, and the password in none of JMeter's files. A wrong password, and a registry group that holds
 * no provider, fail every sample naming what was looked up; {@code rpcbench services} and {@code plan} read the
 * catalogue through Nacos; and Nacos lost mid-run (the last test) leaves the calls going while the run says so.
 *
 * <p>Nacos, the providers and JMeter run inside one lab host ({@link NacosLab}, subnet {@value #SUBNET}), each
 * stopped by its PID: one Nacos for all, its start being the most of the time.
 */
@ResourceLock(LabRoot.LOCK)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class NacosRegistryIT {

    private static final String SUBNET = "198.19.250";
    private static final Duration READY = Duration.ofSeconds(120);
    private static final String PASSWORD = "rpcbench-nacos-It-" + Long.toHexString(System.nanoTime());
    private static final String NAMESPACE = "rpcbench-providers";
    /** The provider app registered as Dubbo 3.3 does by default, per interface and per application. */
    private static final String INTERFACE_GROUP = "RPCBENCH";
    private static final String INSTANCE_GROUP = "RPCBENCH-INSTANCE";
    private static final String DUBBO27_GROUP = "RPCBENCH-DUBBO27";
    private static final String ECHO = "io.rpcbench.echo.EchoService";
    private static final String ORDERS = "io.rpcbench.example.OrderService";
    private static final String USERS = "io.rpcbench.user.UserService";
    private static final String APPLICATION = "rpcbench-provider";
    private static final String DUBBO27_APPLICATION = "rpcbench-dubbo27-provider";
    /** Where Dubbo 3 keeps the interface-to-application mapping in Nacos: a config group of its own. */
    private static final String MAPPING_GROUP = "mapping";
    /**
     * The order service plan runs a number of rounds, not seconds: each sampler's first call (its consumer built
     * through Nacos, the definition read) takes seconds, and more on a busy machine, so a timed run could end before
     * the last sampler had called (it did on CI with a 12 s run).
     */
    private static final Map<String, String> ORDER_SERVICE_ROUNDS = Map.of("loops", "5");

    @TempDir
    static Path dir;

    private static NacosLab lab;
    private static int interfaceLevelPort;
    private static int instanceOnlyPort;
    private static int dubbo27Port;

    @BeforeAll
    static void startNacosAndProviders() throws IOException {
        lab = NacosLab.start(SUBNET, dir, PASSWORD);
        ChildProcess interfaceLevel = lab.startJava("provider", List.of("-jar", Plans.LAYOUT.providerJar().toString(),
                "--registry", registry(INTERFACE_GROUP), "--registry-username", NacosServer.ADMIN, "--dubbo-port",
                "0", "--no-thrift"));
        interfaceLevelPort = ProviderEndpoints.port(ProviderEndpoints.parse(interfaceLevel.awaitLine(
                line -> line.startsWith(ProviderEndpoints.READY_PREFIX), READY)).dubbo().orElseThrow());
        // One after the other: ChildProcess keeps only the last lines, and a provider that logs much after its ready
        // line while another is awaited would hide that line.
        ChildProcess instanceOnly = lab.startJava("provider-instance-only", List.of("-jar",
                Plans.LAYOUT.providerJar().toString(), "--registry", lab.address(NAMESPACE, INSTANCE_GROUP),
                "--registry-username", NacosServer.ADMIN, "--register-mode", "instance", "--dubbo-port", "0",
                "--no-thrift"));
        instanceOnlyPort = ProviderEndpoints.port(ProviderEndpoints.parse(instanceOnly.awaitLine(
                line -> line.startsWith(ProviderEndpoints.READY_PREFIX), READY)).dubbo().orElseThrow());
        ChildProcess dubbo27 = lab.startJava("dubbo27-provider", List.of("-jar",
                Dubbo27ProviderProcess.jar(Plans.LAYOUT).toString(), "--registry", lab.address(NAMESPACE,
                        DUBBO27_GROUP), "--registry-username", NacosServer.ADMIN, "--port", "0", "--protocols",
                "dubbo"));
        dubbo27Port = Integer.parseInt(Dubbo27ProviderProcess.parse(dubbo27.awaitLine(
                line -> line.startsWith(Dubbo27ProviderProcess.READY_PREFIX), READY)).get("dubbo")
                .replaceFirst(".*:", ""));
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
        LabPlanRun run = runAs(out, registry(INTERFACE_GROUP), PASSWORD);

        run.assertCalledOnLoopback(interfaceLevelPort, "dubbo-echo-1k");
        for (String file : List.of("dubbo-echo-1k.jtl", "jmeter.log", "jmeter.out")) {
            assertThat(Files.readString(out.resolve(file))).as(file).doesNotContain(PASSWORD);
        }
    }

    /**
     * The order service plan's Dubbo Requests, generic calls with {@code parameter_types} empty: the types come from
     * the definition the provider published in Nacos (Dubbo's metadata report), and the plan's JSON assertions on the
     * answers hold. The Nacos address (with its namespace and group), user and password reach the requests as the
     * properties {@code dubbo.address}, {@code dubbo.username} and {@code dubbo.password}, through their
     * {@code property_overrides}.
     */
    @Test
    void theOrderServicePlanCallsWithTypesFromNacosMetadata() throws IOException {
        run("dubbo-order-service", "order-service", INTERFACE_GROUP, ORDER_SERVICE_ROUNDS)
                .assertCalledOnLoopback(interfaceLevelPort, "place order", "order total", "confirm order");
    }

    @Test
    void aWrongPasswordFailsEverySampleNamingThePasswordAndNotShowingIt() throws IOException {
        String wrong = "not-" + PASSWORD;
        LabPlanRun run = runAs(dir.resolve("wrong-password"), registry(INTERFACE_GROUP), wrong);

        assertEverySampleFailed(run, "password", "refused", NacosServer.ADMIN);
        assertThat(run.samples()).allSatisfy(sample -> assertThat(sample.responseMessage()).doesNotContain(wrong));
        assertThat(run.log()).doesNotContain(wrong);
        run.assertOnLoopback();
    }

    @Test
    void aRegistryGroupWithoutTheProviderFailsEverySampleNamingNamespaceAndGroup() throws IOException {
        LabPlanRun run = runAs(dir.resolve("other-group"), registry("OTHER"), PASSWORD);

        assertEverySampleFailed(run, "io.rpcbench.echo.EchoService", "namespace '" + NAMESPACE + "'",
                "registry group 'OTHER'");
        assertThat(run.sockets()).as("JMeter's connections to the provider")
                .noneMatch(socket -> socket.remote().endsWith(":" + interfaceLevelPort));
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
        command.addAll(List.of("-jar", Plans.LAYOUT.projectDir().resolve("tools/benchmark/target/rpcbench-benchmark.jar")
                .toString(), "--project-dir", Plans.LAYOUT.projectDir().toString(), "--plan", "dubbo-echo-1k",
                "--threads", "2", "--warmup", "2", "--duration", "4", "--no-jmeter-dashboards", "--progress", "1",
                "--results", results.toString(), "--registry", "nacos://127.0.0.1:" + lab.nacos().port()
                        + "?namespace=rpcbench-job&group=" + INTERFACE_GROUP, "--registry-username", NacosServer.ADMIN));
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
        List<io.rpcbench.reports.jtl.JtlSample> samples = Plans.samples(results.resolve("dubbo-echo-1k/dubbo-echo-1k.jtl"));
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

    /**
     * Application level only: in its registry group one naming service, the application, whose instance names the
     * revision of its metadata and keeps that metadata itself ({@code local}: Dubbo's default, served by the
     * provider's MetadataService, not written to Nacos); the mapping from each interface to the application in config
     * group {@value #MAPPING_GROUP} of the namespace; the service definitions in the registry group.
     */
    @Test
    void theInstanceOnlyProviderRegistersItsApplicationAndMappingInTheNamespace() throws IOException {
        assertThat(services(INSTANCE_GROUP)).containsExactly(APPLICATION);
        assertThat(instances(APPLICATION, INSTANCE_GROUP)).singleElement().satisfies(instance -> {
            assertThat(instance.path("ip").asText()).isEqualTo("[::ffff:127.0.0.1]");
            assertThat(instance.path("port").asInt()).isEqualTo(instanceOnlyPort);
            JsonNode metadata = instance.path("metadata");
            assertThat(metadata.path("dubbo.metadata.revision").asText()).matches("[0-9a-f]{32}");
            assertThat(metadata.path("dubbo.metadata.storage-type").asText()).isEqualTo("local");
            assertThat(metadata.path("dubbo.endpoints").asText())
                    .isEqualTo("[{\"port\":" + instanceOnlyPort + ",\"protocol\":\"dubbo\"}]");
            assertThat(metadata.has("dubbo.metadata-service.url-params")).isTrue();
        });
        Map<String, String> configs = configs(NAMESPACE);
        assertThat(configs).containsEntry(MAPPING_GROUP + "/" + ECHO, APPLICATION)
                .containsEntry(MAPPING_GROUP + "/" + ORDERS, APPLICATION)
                .containsKey(INSTANCE_GROUP + "/" + ECHO + ":::provider:" + APPLICATION)
                .containsKey(INSTANCE_GROUP + "/" + ORDERS + ":::provider:" + APPLICATION);
        assertThat(configs.get(INSTANCE_GROUP + "/" + ORDERS + ":::provider:" + APPLICATION))
                .contains("\"canonicalName\":\"" + ORDERS + "\"");
        assertThat(configs(""))
                .as("the public namespace: everything went into the provider's namespace").isEmpty();
    }

    /**
     * Interface level only: in its registry group one naming service per interface,
     * {@code providers:<interface>::} (no version, no service group), each instance carrying the provider URL's
     * parameters; each service's definition in the registry group; no application instance and no mapping.
     */
    @Test
    void theDubbo27ProviderRegistersEachInterfaceInTheNamespaceAndGroup() throws IOException {
        assertThat(services(DUBBO27_GROUP)).containsExactlyInAnyOrder("providers:" + ECHO + "::",
                "providers:" + ORDERS + "::", "providers:" + USERS + "::");
        for (String service : List.of(ECHO, ORDERS, USERS)) {
            assertThat(instances("providers:" + service + "::", DUBBO27_GROUP)).as(service).singleElement()
                    .satisfies(instance -> {
                        assertThat(instance.path("ip").asText()).isEqualTo("[::ffff:127.0.0.1]");
                        assertThat(instance.path("port").asInt()).isEqualTo(dubbo27Port);
                        JsonNode metadata = instance.path("metadata");
                        assertThat(metadata.path("interface").asText()).isEqualTo(service);
                        assertThat(metadata.path("application").asText()).isEqualTo(DUBBO27_APPLICATION);
                        assertThat(metadata.path("release").asText()).isEqualTo("2.7.23");
                        assertThat(metadata.path("category").asText()).isEqualTo("providers");
                    });
        }
        Map<String, String> configs = configs(NAMESPACE);
        for (String service : List.of(ECHO, ORDERS, USERS)) {
            assertThat(configs.get(DUBBO27_GROUP + "/" + service + ":::provider:" + DUBBO27_APPLICATION)).as(service)
                    .contains("\"canonicalName\":\"" + service + "\"");
        }
        assertThat(configs).as("Dubbo 2.7 writes no interface-to-application mapping")
                .doesNotContainValue(DUBBO27_APPLICATION);
    }

    /**
     * The instance-only provider is found through Dubbo's mapping in Nacos (config group {@code mapping}): the samplers
     * read it and tell their consumer the application ({@code provided-by}), which Dubbo's own consumer, without a
     * metadata centre, would not find ("No interface-apps mapping found in local cache"). In {@code ./run-tests --full}
     * only: the order service's plan below calls the same provider found the same way.
     */
    @Test
    void theEchoPlanCallsTheInstanceOnlyProvider() throws IOException {
        assumeThat(TestVolume.full()).as("./run-tests --full only: in the fast set "
                + "theOrderServicePlanCallsTheInstanceOnlyProvider finds the same provider through the same mapping")
                .isTrue();
        run("dubbo-echo-1k", "echo-instance-only", INSTANCE_GROUP, Map.of())
                .assertCalledOnLoopback(instanceOnlyPort, "dubbo-echo-1k");
    }

    /** As {@link #theEchoPlanCallsTheInstanceOnlyProvider}, generic calls typed from the definition in Nacos. */
    @Test
    void theOrderServicePlanCallsTheInstanceOnlyProvider() throws IOException {
        run("dubbo-order-service", "order-service-instance-only", INSTANCE_GROUP,
                ORDER_SERVICE_ROUNDS)
                .assertCalledOnLoopback(instanceOnlyPort, "place order", "order total", "confirm order");
    }

    /**
     * The registry as a catalogue through Nacos (namespace, registry group, user): {@code rpcbench services} lists the
     * instance-only provider's application and services with their methods, read from the mapping and the
     * definitions there; {@code rpcbench plan} writes a plan for {@code OrderService.place}, which runs through that
     * Nacos as written once the values in its arguments are filled in.
     */
    @Test
    void rpcbenchListsTheServicesAndWritesAPlanThatRunsThroughNacos() throws IOException {
        assumeThat(TestVolume.full()).as("./run-tests --full only:"
                + " CatalogueIT runs the plan through ZooKeeper in the fast set").isTrue();
        String registry = lab.address(NAMESPACE, INSTANCE_GROUP);
        ChildProcess services = lab.startJava("rpcbench-services", List.of("-jar",
                CatalogueIT.catalogueJar().toString(), "services", "--registry", registry, "--username",
                NacosServer.ADMIN));
        assertThat(services.awaitExit(READY)).as("rpcbench services' exit code; it printed:%n%s", services.tail())
                .isZero();
        String listing = Files.readString(dir.resolve("rpcbench-services.log"));
        assertThat(listing).contains("1 application: " + APPLICATION, ECHO, ORDERS,
                "io.rpcbench.example.Result place(io.rpcbench.example.Order)").doesNotContain(PASSWORD)
                .as("the listing without the Nacos client's own log").doesNotContain("WARNING").doesNotContain("WARN ");

        Path plan = dir.resolve("nacos-place-order.jmx");
        ChildProcess writer = lab.startJava("rpcbench-plan", List.of("-jar", CatalogueIT.catalogueJar().toString(),
                "plan", "--registry", registry, "--username", NacosServer.ADMIN, "--interface", ORDERS,
                "--method", "place", "--threads", "1", "--warmup", "0",
                "--out", plan.toString()));
        assertThat(writer.awaitExit(READY)).as("rpcbench plan's exit code; it printed:%n%s", writer.tail()).isZero();
        String written = Files.readString(plan);
        assertThat(written).contains(registry.replace("&", "&amp;")).doesNotContain(PASSWORD); // XML-escaped
        Files.writeString(plan, CatalogueIT.fillIn(written));

        Map<String, String> rounds = new LinkedHashMap<>(ORDER_SERVICE_ROUNDS);
        rounds.put(JMeterRun.THINK_TIME, TestVolume.THINK_TIME_MS);
        lab.run(plan, dir.resolve("nacos-place-order"), registry, PASSWORD, rounds)
                .assertCalledOnLoopback(instanceOnlyPort, "place");
    }

    /**
     * Nacos lost mid-run (the last test: Nacos is stopped by its PID): the calls go on to the provider the consumer
     * knew, every one passing, and JMeter's console says the registry was lost, naming it and the interface.
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void nacosLostMidRunLeavesTheCallsGoingAndTheRunSaysSo() throws Exception {
        String registry = lab.address(NAMESPACE, DUBBO27_GROUP);
        Path out = dir.resolve("echo-nacos-lost");
        Map<String, String> properties = new LinkedHashMap<>(NacosLab.SHORT_RUN);
        properties.put("duration", "10");
        // Each result written at once, so that its file says when JMeter is calling (JMeter buffers it otherwise).
        properties.put("jmeter.save.saveservice.autoflush", "true");
        ExecutorService runner = Executors.newSingleThreadExecutor();
        try {
            Future<LabPlanRun> running = runner.submit(() -> lab.run("dubbo-echo-1k", out, registry, PASSWORD,
                    properties));
            awaitFirstSamples(out.resolve("dubbo-echo-1k.jtl"), running);
            LocalTime stopping = LocalTime.now().truncatedTo(ChronoUnit.MILLIS); // the clock JMeter's line reads
            lab.nacos().close();
            LabPlanRun run = running.get(READY.toSeconds(), TimeUnit.SECONDS);

            run.assertCalledOnLoopback(dubbo27Port, "dubbo-echo-1k");
            Matcher lost = Pattern.compile("rpcbench: registry " + Pattern.quote(registry) + " lost at ([0-9:.]+): "
                    + "the consumer of " + Pattern.quote(ECHO) + " goes on calling the providers it knew")
                    .matcher(run.console());
            assertThat(lost.find()).as("JMeter's console says the registry was lost:%n%s", run.console()).isTrue();
            assertThat(LocalTime.parse(lost.group(1))).as("when it was said lost").isAfterOrEqualTo(stopping);
        } finally {
            runner.shutdownNow();
        }
    }

    /** Until the run's results hold a sample (JMeter is calling), with a deadline; fails if the run ended first. */
    private static void awaitFirstSamples(Path jtl, Future<LabPlanRun> running) throws Exception {
        long deadline = System.nanoTime() + READY.toNanos();
        while (!Files.exists(jtl) || Files.readAllLines(jtl).size() < 3) {
            if (running.isDone()) {
                LabPlanRun ended = running.get(); // its failure, if it failed
                throw new AssertionError("the run ended before Nacos was stopped, with " + ended.samples().size()
                        + " samples; JMeter's console:\n" + ended.console());
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no sample in " + jtl + " within " + READY);
            }
            Thread.sleep(50); // polling the results file, with a deadline: not a readiness wait of its own
        }
    }

    /**
     * In {@code ./run-tests --full} only: in the fast set {@link #nacosLostMidRunLeavesTheCallsGoingAndTheRunSaysSo}
     * runs the same plan through the same registry group and asserts the same of its calls (every one passing,
     * answered on loopback by the Dubbo 2.7 provider) before it stops Nacos; this run adds only a second JMeter JVM.
     */
    @Test
    void theEchoPlanCallsTheDubbo27Provider() throws IOException {
        assumeThat(TestVolume.full()).as("./run-tests --full only:"
                + " nacosLostMidRunLeavesTheCallsGoingAndTheRunSaysSo calls the Dubbo 2.7 provider so in the fast set")
                .isTrue();
        run("dubbo-echo-1k", "echo-dubbo27", DUBBO27_GROUP, Map.of())
                .assertCalledOnLoopback(dubbo27Port, "dubbo-echo-1k");
    }

    @Test
    void theOrderServicePlanCallsTheDubbo27Provider() throws IOException {
        run("dubbo-order-service", "order-service-dubbo27", DUBBO27_GROUP, ORDER_SERVICE_ROUNDS)
                .assertCalledOnLoopback(dubbo27Port, "place order", "order total", "confirm order");
    }

    /** {@code plan} through Nacos, namespace {@value #NAMESPACE} and registry group {@code group}, for a short run. */
    private static LabPlanRun run(String plan, String out, String group, Map<String, String> more)
            throws IOException {
        Map<String, String> properties = new LinkedHashMap<>(NacosLab.SHORT_RUN);
        properties.putAll(more);
        return lab.run(plan, dir.resolve(out), lab.address(NAMESPACE, group), PASSWORD, properties);
    }

    private static String registry(String group) {
        return lab.address(NAMESPACE, group);
    }

    /** The shipped echo plan through Nacos at {@code address}, as {@link NacosServer#ADMIN} with {@code password}. */
    private static LabPlanRun runAs(Path out, String address, String password) throws IOException {
        return lab.run("dubbo-echo-1k", out, address, password, NacosLab.SHORT_RUN);
    }

    /** The naming services of {@code group} in the namespace. */
    private static List<String> services(String group) throws IOException {
        List<String> names = new ArrayList<>();
        lab.openApi("/v1/ns/service/list", Map.of("pageNo", "1", "pageSize", "100", "groupName", group,
                "namespaceId", NAMESPACE)).path("doms").forEach(name -> names.add(name.asText()));
        return names;
    }

    private static List<JsonNode> instances(String service, String group) throws IOException {
        List<JsonNode> hosts = new ArrayList<>();
        lab.openApi("/v1/ns/instance/list", Map.of("serviceName", service, "groupName", group,
                "namespaceId", NAMESPACE)).path("hosts").forEach(hosts::add);
        return hosts;
    }

    /** Every config entry of namespace {@code tenant} ({@code ""}: public), as {@code group/dataId} to its content. */
    private static Map<String, String> configs(String tenant) throws IOException {
        Map<String, String> configs = new LinkedHashMap<>();
        lab.openApi("/v1/cs/configs", Map.of("search", "blur", "dataId", "", "group", "", "tenant", tenant,
                "pageNo", "1", "pageSize", "500")).path("pageItems").forEach(item -> configs.put(
                item.path("group").asText() + "/" + item.path("dataId").asText(), item.path("content").asText()));
        return configs;
    }
}
