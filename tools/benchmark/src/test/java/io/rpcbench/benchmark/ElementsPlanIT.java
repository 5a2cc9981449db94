package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.process.ProviderEndpoints;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.reports.jtl.JtlSample;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * rpcbench's own JMeter elements (module jmeter-elements) run headless in the laid-out JMeter home against the provider
 * app on free loopback ports: a plan of a <em>Dubbo Defaults</em> and two <em>Dubbo Requests</em> that say only
 * interface, method and arguments, everything about where and how coming from the Defaults, through the provider's
 * ZooKeeper; and a plan of a <em>Thrift Request</em> against its Thrift server. The plans are in this class's
 * resources ({@code elements/}), written as JMeter's GUI saves them.
 *
 * <p>Beside them, the Java Request samplers the elements drive stay usable in plans of their own: a copy of
 * {@code dubbo-order-service.jmx} as it was shipped before it used the Dubbo Request (three Java Requests of
 * {@code DubboServiceSampler}, {@code elements/java-request-order-service.jmx}) runs with every sample passing.
 */
class ElementsPlanIT {

    private static final String DUBBO_PLAN = "dubbo-defaults-order-service";
    private static final String THRIFT_PLAN = "thrift-request-inventory";
    private static final String JAVA_REQUEST_PLAN = "java-request-order-service";
    private static final int THREADS = 2;
    private static final int LOOPS = 5;
    private static final Map<String, String> RUN = Map.of("threads", Integer.toString(THREADS),
            "loops", Integer.toString(LOOPS));

    @TempDir
    static Path dir;

    static ProviderProcess provider;
    static ProjectLayout checkout;

    @BeforeAll
    static void startProvider() throws Exception {
        checkout = checkoutWithThePlans();
        provider = ProviderProcess.start(Plans.LAYOUT, List.of(), dir.resolve("provider.log"));
    }

    @AfterAll
    static void stopProvider() {
        Plans.stopProviders(null, provider);
    }

    @Test
    void dubboRequestsTakeWhereToCallFromDubboDefaultsAndEverySamplePasses() throws Exception {
        JMeterRun run = JMeterRun.of(checkout, DUBBO_PLAN, dir.resolve(DUBBO_PLAN)).dashboard(false)
                .properties(Map.of("dubbo.address", provider.planProperties().get("dubbo.address")))
                .properties(RUN);
        run.run(Duration.ofMinutes(2));

        List<JtlSample> samples = Plans.samples(run.jtl());
        assertThat(samples).hasSize(THREADS * LOOPS * 2);
        assertThat(samples).extracting(JtlSample::label)
                .containsOnly("order total", "index lines by sku").contains("order total", "index lines by sku");
        String dubbo = provider.endpoints().dubbo().orElseThrow();
        assertThat(samples).allSatisfy(sample -> {
            assertThat(sample.success()).as("success of %s", sample).isTrue();
            assertThat(sample.url()).as("the provider that answered").isEqualTo("dubbo://127.0.0.1:"
                    + ProviderEndpoints.port(dubbo));
            assertThat(sample.microseconds()).as("elapsed_us of %s", sample).isTrue();
            assertThat(sample.elapsedUs()).isPositive();
        });
        assertThat(Files.readAllLines(run.jtl()).get(0))
                .endsWith(",\"elapsed_us\",\"lag_us\",\"stream_figures\"");
        assertThat(Files.readAllLines(run.log())).as("JMeter log").noneMatch(line -> line.contains(" ERROR "));
    }

    @Test
    void thriftRequestCallsTheProvidersThriftServerAndEverySamplePasses() throws Exception {
        Map<String, String> target = provider.planProperties();
        JMeterRun run = JMeterRun.of(checkout, THRIFT_PLAN, dir.resolve(THRIFT_PLAN)).dashboard(false)
                .properties(Map.of("thrift.host", target.get("thrift.host"), "thrift.port", target.get("thrift.port")))
                .properties(RUN);
        run.run(Duration.ofMinutes(2));

        List<JtlSample> samples = Plans.samples(run.jtl());
        assertThat(samples).hasSize(THREADS * LOOPS);
        assertThat(samples).allSatisfy(sample -> {
            assertThat(sample.label()).isEqualTo("shelve items");
            assertThat(sample.success()).as("success of %s", sample).isTrue();
            assertThat(sample.url()).isEqualTo("thrift://127.0.0.1:" + target.get("thrift.port"));
            assertThat(sample.microseconds()).as("elapsed_us of %s", sample).isTrue();
        });
        assertThat(Files.readAllLines(run.log())).as("JMeter log").noneMatch(line -> line.contains(" ERROR "));
    }

    /**
     * Plans written for the Java Request samplers keep running beside the elements: the order service plan as it was
     * shipped before, three Java Requests of {@code DubboServiceSampler} whose assertions and extractor check each
     * answer, its {@code -J} properties taken by {@code property_overrides}.
     */
    @Test
    void planOfJavaRequestsOfDubboServiceSamplerStillPassesEverySample() throws Exception {
        assertThat(Files.readString(checkout.plan(JAVA_REQUEST_PLAN))).as("the plan's samplers")
                .contains("<stringProp name=\"classname\">io.rpcbench.sampler.jmeter.DubboServiceSampler</stringProp>")
                .doesNotContain("io.rpcbench.elements");
        JMeterRun run = JMeterRun.of(checkout, JAVA_REQUEST_PLAN, dir.resolve(JAVA_REQUEST_PLAN)).dashboard(false)
                .properties(provider.planProperties())
                .properties(RUN);
        run.run(Duration.ofMinutes(2));

        List<JtlSample> samples = Plans.samples(run.jtl());
        List<String> labels = List.of("place order", "order total", "confirm order");
        assertThat(samples).hasSize(THREADS * LOOPS * labels.size());
        assertThat(samples).extracting(JtlSample::label).containsOnlyElementsOf(labels).containsAll(labels);
        assertThat(samples).allSatisfy(sample -> {
            assertThat(sample.success()).as("success of %s", sample).isTrue();
            assertThat(sample.microseconds()).as("elapsed_us of %s", sample).isTrue();
        });
    }

    /** A checkout whose test-plans/ holds this class's plans, and whose JMeter home is this checkout's own. */
    private static ProjectLayout checkoutWithThePlans() throws IOException {
        Path root = dir.resolve("checkout");
        Path plans = Files.createDirectories(root.resolve("test-plans"));
        for (String plan : List.of(DUBBO_PLAN, THRIFT_PLAN, JAVA_REQUEST_PLAN)) {
            try (InputStream in = ElementsPlanIT.class.getResourceAsStream("elements/" + plan + ".jmx")) {
                assertThat(in).as("plan %s in the test's resources", plan).isNotNull();
                Files.copy(in, plans.resolve(plan + ".jmx"));
            }
        }
        Files.createSymbolicLink(root.resolve("jmeter"), Plans.LAYOUT.projectDir().resolve("jmeter"));
        return new ProjectLayout(root);
    }
}
