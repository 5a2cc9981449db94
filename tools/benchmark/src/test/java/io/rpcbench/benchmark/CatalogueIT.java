package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.process.ChildProcess;
import io.rpcbench.reports.jtl.JtlSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The registry as a catalogue, end to end (issue 26, item 5): {@code rpcbench plan} reads the example OrderService's
 * definition from the provider app's ZooKeeper and writes a plan for {@code place}; a user changes only the values in
 * its arguments; the plan then runs headless as written, every sample passing.
 *
 * <p>Order: {@code @BeforeAll} starts the provider app (embedded ZooKeeper, Dubbo, on free loopback ports) and waits
 * for its ready line; the test runs the catalogue jar as a child process (exit awaited with a deadline), edits the
 * plan, and runs it with {@link JMeterRun} in a checkout whose JMeter home is this one's and whose only plan is the
 * written one; {@code @AfterAll} stops the provider by its PID.
 * The same through Nacos: NacosRegistryIT; opened in the GUI: PlansOpenInGuiIT.
 */
class CatalogueIT {

    private static final String PLAN = "catalogue-place-order";
    private static final Duration COMMAND_DEADLINE = Duration.ofSeconds(120);

    @TempDir
    static Path dir;

    static ProviderProcess provider;

    @BeforeAll
    static void startProvider() throws IOException {
        Plans.LAYOUT.requireBuilt();
        provider = ProviderProcess.start(Plans.LAYOUT, List.of("--no-thrift"), dir.resolve("provider.log"));
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            assertThat(provider.stop()).as("provider exit code after SIGTERM").isZero();
        }
    }

    @Test
    void writtenPlanForPlaceRunsAsWrittenOnceItsValuesAreFilledIn() throws Exception {
        ProjectLayout checkout = new ProjectLayout(dir.resolve("checkout"));
        Files.createDirectories(checkout.plansDir());
        Files.createDirectories(checkout.jmeterHome().getParent());
        Files.createSymbolicLink(checkout.jmeterHome(), Plans.LAYOUT.jmeterHome());
        Path plan = checkout.plan(PLAN);
        String registry = "zookeeper://" + provider.endpoints().zookeeper().orElseThrow();

        try (ChildProcess catalogue = ChildProcess.start("rpcbench plan", javaJar(catalogueJar(), "plan",
                        "--registry", registry, "--interface", "io.rpcbench.example.OrderService", "--method", "place",
                        "--threads", "1", "--warmup", "0", "--duration", "6", "--out", plan.toString()),
                Map.of(), dir.resolve("rpcbench-plan.log"))) {
            assertThat(catalogue.awaitExit(COMMAND_DEADLINE)).as("exit code of rpcbench plan; its output:%n%s",
                    catalogue.tail()).isZero();
        }
        String written = Files.readString(plan);
        assertThat(written).contains("\"sku\": \"\"", "\"quantity\": 0", "\"status\": \"NEW\"");
        Files.writeString(plan, fillIn(written));

        JMeterRun run = JMeterRun.of(checkout, PLAN, dir.resolve("run")).dashboard(false)
                .properties(Map.of(JMeterRun.THINK_TIME, TestVolume.THINK_TIME_MS, "rampup", "0"));
        run.run(Duration.ofMinutes(2));

        List<JtlSample> samples = Plans.samples(run.jtl());
        assertThat(samples).isNotEmpty().extracting(JtlSample::label).containsOnly("place");
        assertThat(samples).allSatisfy(sample -> assertThat(sample.success()).as("success of %s", sample).isTrue());
    }

    /**
     * No registry and no .proto: a plain grpc-java server (module grpc-provider, reflection on) is listed by
     * {@code rpcbench services --reflection}, without any library's logging in the listing, and {@code rpcbench plan
     * --reflection} writes a plan for its {@code getUser}, whose sampler asks the server's reflection too; with the id
     * filled in, the plan runs headless with every sample passing, answered by that server.
     */
    @Test
    void aPlanWrittenFromAServersReflectionRunsAsWritten() throws Exception {
        ProjectLayout checkout = new ProjectLayout(dir.resolve("reflected"));
        Files.createDirectories(checkout.plansDir());
        Files.createDirectories(checkout.jmeterHome().getParent());
        Files.createSymbolicLink(checkout.jmeterHome(), Plans.LAYOUT.jmeterHome());
        Path plan = checkout.plan("reflected-get-user");
        try (ChildProcess server = ChildProcess.start("grpc-provider", javaJar(Plans.LAYOUT.projectDir().resolve(
                "targets/grpc-provider/target/rpcbench-grpc-provider.jar"), "--port", "0"), Map.of(),
                dir.resolve("grpc-provider.log"))) {
            String ready = server.awaitLine(line -> line.startsWith("grpc-user-server ready port="), COMMAND_DEADLINE);
            String address = "tri://127.0.0.1:" + ready.substring(ready.indexOf('=') + 1).strip();
            try (ChildProcess services = ChildProcess.start("rpcbench services", javaJar(catalogueJar(), "services",
                    "--reflection", address), Map.of(), dir.resolve("rpcbench-services.log"))) {
                assertThat(services.awaitExit(COMMAND_DEADLINE)).as("exit code; output:%n%s", services.tail()).isZero();
                assertThat(Files.readString(services.log())).as("the listing, and nothing but it")
                        .startsWith("the server " + address + " describes 1 service (grpc.reflection.v1.ServerReflection)")
                        .contains("  rpc getUser(rpcbench.user.UserRequest) returns (rpcbench.user.User)")
                        .doesNotContain("WARNING").doesNotContain("WARN ");
            }
            try (ChildProcess catalogue = ChildProcess.start("rpcbench plan", javaJar(catalogueJar(), "plan",
                    "--reflection", address, "--interface", "rpcbench.user.UserService", "--method", "getUser",
                    "--threads", "1", "--warmup", "0", "--duration", "4", "--out", plan.toString()), Map.of(),
                    dir.resolve("rpcbench-plan-reflected.log"))) {
                assertThat(catalogue.awaitExit(COMMAND_DEADLINE)).as("exit code; output:%n%s", catalogue.tail())
                        .isZero();
            }
            String written = Files.readString(plan);
            assertThat(written).contains("<stringProp name=\"invocation\">proto-descriptor</stringProp>")
                    .contains("<stringProp name=\"arguments\">[{\"id\":\"0\"}]</stringProp>");
            Files.writeString(plan, written.replace("[{\"id\":\"0\"}]", "[{\"id\":\"7\"}]"));

            JMeterRun run = JMeterRun.of(checkout, "reflected-get-user", dir.resolve("reflected-run")).dashboard(false)
                    .properties(Map.of(JMeterRun.THINK_TIME, TestVolume.THINK_TIME_MS, "rampup", "0"));
            run.run(Duration.ofMinutes(2));

            List<JtlSample> samples = Plans.samples(run.jtl());
            assertThat(samples).isNotEmpty().allSatisfy(sample -> {
                assertThat(sample.label()).isEqualTo("getUser");
                assertThat(sample.success()).as("%s", sample).isTrue();
                assertThat(sample.url()).isEqualTo(address);
            });
        }
    }

    /** What a user does to the template: real values in place of its zeros and empty texts, nothing else. */
    static String fillIn(String plan) {
        return plan.replace("\"id\": 0", "\"id\": 9007199254740993")
                .replace("\"customerId\": 0", "\"customerId\": 7")
                .replace("\"total\": 0", "\"total\": 24.68")
                .replace("\"quantity\": 0", "\"quantity\": 2")
                .replace("\"unitPrice\": 0", "\"unitPrice\": 12.34")
                .replace("\"sku\": \"\"", "\"sku\": \"A-1\"")
                .replace("{\"\": {", "{\"A-1\": {")
                .replace("\"status\": \"NEW\"", "\"status\": \"PAID\"");
    }

    static Path catalogueJar() {
        return Plans.LAYOUT.projectDir().resolve("tools/catalogue/target/rpcbench-catalogue.jar");
    }

    private static List<String> javaJar(Path jar, String... arguments) {
        List<String> command = new ArrayList<>(List.of(ProjectLayout.javaExecutable().toString()));
        command.addAll(ProjectLayout.childJvmOptions());
        command.addAll(List.of("-jar", jar.toString()));
        command.addAll(List.of(arguments));
        return command;
    }
}
