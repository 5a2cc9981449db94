package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.lab.LabHost;
import io.rpcbench.benchmark.lab.LabNetwork;
import io.rpcbench.benchmark.lab.LabRoot;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.process.ProviderEndpoints;
import io.rpcbench.process.ChildProcess;
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
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Providers registered in ZooKeeper on plain {@code 127.0.0.1}, as providers not written by us register, are called
 * on loopback by the samplers, with no Dubbo network setting in JMeter's JVM (issue 12, item 5).
 *
 * <p>Everything runs inside one lab host: a network namespace holding the lab address 198.19.251.1 besides loopback.
 * Dubbo's consumer used to replace a registered 127.0.0.1 with the first network card's address, which there is the
 * lab address, where nothing listens (our providers listen on 127.0.0.1 only): every call routed through ZooKeeper
 * failed as {@code connection}. A consumer that left loopback could reach nothing of this machine either.
 *
 * <p>Our providers register the IPv4-mapped form {@code [::ffff:127.0.0.1]}; {@link PlainLoopbackRegistration}
 * rewrites their registrations to the plain host before JMeter starts, and the test checks what ZooKeeper then holds.
 * ZooKeeper, the provider, that rewrite and JMeter each run in the lab host ({@code ip netns exec}, which keeps the
 * PID), and each is stopped by its PID. While JMeter runs, its sockets are read from {@code /proc/<pid>} (the file
 * {@code net/tcp} there is its namespace's table).
 */
@ResourceLock(LabRoot.LOCK)
// Its three tests may run at once: each starts its own ZooKeeper, providers and JMeter on free ports in the lab host.
@Execution(ExecutionMode.CONCURRENT)
class RegistryLoopbackIT {

    private static final String ECHO_SERVICE = "io.rpcbench.echo.EchoService";
    private static final String ORDER_SERVICE = "io.rpcbench.example.OrderService";
    private static final Duration READY = Duration.ofSeconds(120);
    private static final String DUBBO27_READY = "rpcbench-dubbo27-provider ready dubbo=dubbo://127.0.0.1:";
    /**
     * One thread, no warm-up, 4 s of calls: tens of calls, enough to see them all pass on loopback. The runs count the
     * duration from the end of each thread's client set-up ({@code duration_after_setup}, which {@link LabPlanRun}
     * sets), so a consumer built slowly through ZooKeeper on a busy machine no longer eats the window (it did with a
     * 3 s run before that property, when these runs took 20 s each).
     */
    private static final Map<String, String> RUN_PROPERTIES = Map.of(JMeterRun.THINK_TIME, TestVolume.THINK_TIME_MS,
            "threads", "1", "rampup", "0", "duration", "4");
    /**
     * The order service plan runs a number of rounds, not seconds ({@code loops} wins over the duration in the plan),
     * as in {@link NacosRegistryIT}: each of its three samplers builds its own client at its first call, so every
     * label is sampled however long those set-ups take.
     */
    private static final Map<String, String> ORDER_SERVICE_ROUNDS = Map.of("loops", "5");

    @TempDir
    static Path dir;

    private static LabNetwork lab;
    private static LabHost consumer;

    @BeforeAll
    static void createLab() {
        LabRoot.require();
        lab = LabNetwork.create("198.19.251", List.of("consumer"));
        consumer = lab.host("consumer");
    }

    @AfterAll
    static void removeLab() {
        if (lab != null) {
            List<Long> left = lab.processes();
            lab.close();
            assertThat(left).as("processes left in the lab after the tests").isEmpty();
        }
    }

    @Test
    void dubbo27ProviderRegisteredOnPlainLoopbackIsCalledOnLoopback() throws Exception {
        Path work = dir.resolve("dubbo27");
        // The provider app's jar with only its embedded ZooKeeper: no Dubbo 3 provider may answer in its place.
        try (ChildProcess zookeeper = start("zookeeper", work, javaJar(Plans.LAYOUT.providerJar(),
                "--zookeeper-port", "0", "--no-dubbo", "--no-thrift"))) {
            String registry = endpoints(zookeeper).zookeeper().orElseThrow();
            try (ChildProcess provider = start("dubbo27-provider", work, javaJar(
                    Plans.LAYOUT.projectDir().resolve("targets/dubbo27-provider/target/rpcbench-dubbo27-provider.jar"),
                    "--port", "0", "--registry", "zookeeper://" + registry))) {
                // The ready line goes on with the provider's other protocols: " rmi=... hessian=... http=...".
                int port = Integer.parseInt(provider.awaitLine(line -> line.startsWith(DUBBO27_READY), READY)
                        .substring(DUBBO27_READY.length()).split(" ")[0]);

                List<String> registered = registerOnPlainLoopback(work, registry, List.of(ORDER_SERVICE));
                assertThat(registered).as("what ZooKeeper holds").singleElement().satisfies(line -> {
                    assertPlainLoopbackProvider(line, port);
                    assertThat(line).contains("release=2.7.23");
                });

                runPlan("dubbo-order-service", work.resolve("order-service"), registry, "")
                        .assertCalledOnLoopback(port, "place order", "order total", "confirm order");
            }
        }
    }

    @Test
    void dubbo33ProviderRegisteredOnPlainLoopbackIsCalledOnLoopbackByBothSamplers() throws Exception {
        Path work = dir.resolve("dubbo33");
        try (ChildProcess provider = startDubbo33(work)) {
            ProviderEndpoints endpoints = endpoints(provider);
            String registry = endpoints.zookeeper().orElseThrow();
            int port = ProviderEndpoints.port(endpoints.dubbo().orElseThrow());

            List<String> registered = registerOnPlainLoopback(work, registry, List.of(ECHO_SERVICE, ORDER_SERVICE));
            assertThat(registered).as("what ZooKeeper holds")
                    .filteredOn(line -> line.startsWith(PlainLoopbackRegistration.PROVIDER_LINE))
                    .hasSize(2)
                    .allSatisfy(line -> assertPlainLoopbackProvider(line, port));
            assertThat(registered).contains(PlainLoopbackRegistration.INSTANCE_LINE + "rpcbench-provider 127.0.0.1:"
                    + port);

            // The echo sampler (a Java Request of DubboSampler), then the any-service sampler (the Dubbo Request, which
            // runs DubboServiceSampler's client).
            runPlan("dubbo-echo-1k", work.resolve("echo"), registry, "").assertCalledOnLoopback(port, "dubbo-echo-1k");
            runPlan("dubbo-order-service", work.resolve("order-service"), registry, "")
                    .assertCalledOnLoopback(port, "place order", "order total", "confirm order");
        }
    }

    /**
     * A Dubbo 3 provider registered at application level only ({@code /services/<application>}), with nothing told
     * to JMeter: the samplers read its application from Dubbo's mapping ({@code /dubbo/mapping/<interface>}) and name
     * it to their consumers ({@code provided-by}), which fetch its metadata from the provider itself and connect, both
     * on loopback; the order service plan reads its parameter types from the definition the provider published.
     */
    @Test
    void dubbo33ProviderRegisteredOnlyAsAnInstanceOnPlainLoopbackIsCalledOnLoopback() throws Exception {
        assumeThat(TestVolume.full()).as("./run-tests --full only:"
                + " the instance-only look-up is RegistrationModesIT's and NacosRegistryIT's in the fast set").isTrue();
        Path work = dir.resolve("dubbo33-instance");
        try (ChildProcess provider = startDubbo33(work)) {
            ProviderEndpoints endpoints = endpoints(provider);
            String registry = endpoints.zookeeper().orElseThrow();
            int port = ProviderEndpoints.port(endpoints.dubbo().orElseThrow());

            List<String> registered = registerOnPlainLoopback(work, registry,
                    List.of(PlainLoopbackRegistration.INSTANCE_ONLY, ECHO_SERVICE, ORDER_SERVICE));
            assertThat(registered).as("what ZooKeeper holds")
                    .containsExactly(PlainLoopbackRegistration.INSTANCE_LINE + "rpcbench-provider 127.0.0.1:" + port);

            runPlan("dubbo-echo-1k", work.resolve("echo"), registry, "").assertCalledOnLoopback(port, "dubbo-echo-1k");
            runPlan("dubbo-order-service", work.resolve("order-service"), registry, "")
                    .assertCalledOnLoopback(port, "place order", "order total", "confirm order");
        }
    }

    private static ChildProcess startDubbo33(Path work) throws IOException {
        return start("provider", work, javaJar(Plans.LAYOUT.providerJar(), "--zookeeper-port", "0", "--dubbo-port",
                "0", "--no-thrift"));
    }

    /** Starts {@code command} inside the lab host; the caller stops it (by its PID) with close(). */
    private static ChildProcess start(String name, Path work, List<String> command) throws IOException {
        return ChildProcess.start(name, consumer.command(command), Map.of(), work.resolve(name + ".log"));
    }

    private static ProviderEndpoints endpoints(ChildProcess provider) {
        return ProviderEndpoints.parse(provider.awaitLine(line -> line.startsWith(ProviderEndpoints.READY_PREFIX),
                READY));
    }

    /** Runs {@link PlainLoopbackRegistration} in the lab host and returns the registrations it printed. */
    private static List<String> registerOnPlainLoopback(Path work, String registry, List<String> arguments)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(java(), "-cp", System.getProperty("java.class.path"),
                PlainLoopbackRegistration.class.getName(), registry));
        command.addAll(arguments);
        try (ChildProcess rewrite = start("registration", work, command)) {
            int exit = rewrite.awaitExit(READY);
            assertThat(exit).as("exit code of %s; its output:%n%s", PlainLoopbackRegistration.class.getSimpleName(),
                    rewrite.tail()).isZero();
            return Files.readAllLines(rewrite.log()).stream()
                    .filter(line -> line.startsWith(PlainLoopbackRegistration.PROVIDER_LINE)
                            || line.startsWith(PlainLoopbackRegistration.INSTANCE_LINE))
                    .toList();
        }
    }

    /** A provider URL as a provider registered on plain 127.0.0.1 holds it in ZooKeeper. */
    private static void assertPlainLoopbackProvider(String line, int port) {
        assertThat(line).startsWith(PlainLoopbackRegistration.PROVIDER_LINE + "dubbo://127.0.0.1:" + port + "/")
                .doesNotContain("[::ffff:");
    }

    /**
     * Runs {@code plan} headless in the lab host ({@link #RUN_PROPERTIES}), reading JMeter's sockets until it exits.
     *
     * @param jvmArgs JMeter's {@code JVM_ARGS}, set explicitly so that none is inherited from this machine
     */
    private static LabPlanRun runPlan(String plan, Path out, String registry, String jvmArgs) throws IOException {
        return runPlanAt(plan, out, "zookeeper://" + registry, jvmArgs);
    }

    /** {@link #runPlan} through the registry at {@code address}, e.g. {@code zookeeper://127.0.0.1:2181}. */
    private static LabPlanRun runPlanAt(String plan, Path out, String address, String jvmArgs) throws IOException {
        Map<String, String> properties = new LinkedHashMap<>(RUN_PROPERTIES);
        if (plan.equals("dubbo-order-service")) {
            properties.putAll(ORDER_SERVICE_ROUNDS);
        }
        properties.put("dubbo.address", address);
        return LabPlanRun.run(consumer, plan, out, properties, List.of(), jvmArgs);
    }

    /** {@code java -jar JAR OPTIONS} with the tests' options for the JVMs they start. */
    private static List<String> javaJar(Path jar, String... options) {
        List<String> command = new ArrayList<>(List.of(java()));
        command.addAll(ProjectLayout.childJvmOptions());
        command.addAll(List.of("-jar", jar.toString()));
        command.addAll(List.of(options));
        return command;
    }

    private static String java() {
        return ProjectLayout.javaExecutable().toString();
    }
}
