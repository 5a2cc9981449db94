package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.reports.jtl.JtlSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * rpcbench installed as JMeter users install plugins: the JMeter Plugins Manager's {@code PluginsManagerCMD.sh} of a
 * stock JMeter 5.6.3 home ({@code jmeter/jmeter-home/target/stock-jmeter}: JMeter's Maven artefacts and the Plugins Manager,
 * nothing of ours), pointed at the repository the build writes ({@code jmeter/jmeter-home/target/plugins-repository}), with no
 * network; then the shipped echo plans run headless in that home against the provider app on free loopback ports.
 *
 * <p>Each test works in its own copy of the stock home, so the installs do not meet. Order: {@code @BeforeAll} starts the provider; each test installs (the Plugins Manager's processes awaited and,
 * at a deadline, stopped by their PIDs) and runs JMeter to its end; {@code @AfterAll} stops the provider by its PID.
 */
class PluginsManagerIT {

    private static final Duration COMMAND_DEADLINE = Duration.ofSeconds(90);
    private static final Map<String, String> NO_AGENTS = Map.of("agents", "none");

    @TempDir
    static Path dir;

    static ProviderProcess provider;
    /** The repository's descriptor, as the Plugins Manager reads it. */
    static JsonNode descriptor;

    @BeforeAll
    static void startProvider() throws Exception {
        Plans.LAYOUT.requireBuilt();
        Path repository = Plans.LAYOUT.pluginsRepositoryDescriptor();
        assertThat(repository).as("the Plugins Manager repository the build writes").isRegularFile();
        assertThat(Plans.LAYOUT.stockJMeterHome().resolve("bin/PluginsManagerCMD.sh"))
                .as("the stock JMeter home the build lays out").isExecutable();
        descriptor = new ObjectMapper().readTree(repository.toFile());
        provider = ProviderProcess.start(Plans.LAYOUT, List.of(), dir.resolve("provider.log"));
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            assertThat(provider.stop()).as("provider exit code after SIGTERM").isZero();
        }
    }

    /**
     * {@code install-for-jmx PLAN} finds the plan's classes that the stock home lacks (the rpcbench PerfMon collector,
     * PerfMon's GUI) in the descriptor's component classes and installs their plugins: rpcbench and the stock
     * {@code jpgc-perfmon}, each plugin jar in {@code lib/ext}, every library in {@code lib/}. The plan then runs in that
     * home with every sample passing.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"dubbo-echo-1k", "thrift-echo-1k"})
    void installForJmxInstallsWhatThePlanNeedsAndEverySamplePasses(String plan) throws Exception {
        Path home = stockHomeCopy(plan);
        Set<String> stockExt = jarsIn(home.resolve("lib/ext"));
        Set<String> stockLib = jarsIn(home.resolve("lib"));

        PluginsManagerCommand.in(home, Plans.LAYOUT.pluginsRepositoryDescriptor(), dir.resolve(plan))
                .run(COMMAND_DEADLINE, "install-for-jmx", Plans.LAYOUT.plan(plan).toString());

        assertInstalledExactly(home, stockExt, stockLib, "rpcbench", "jpgc-perfmon");
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, plan, dir.resolve(plan + "-run")).dashboard(false)
                .launchedWith(command -> inHome(home, command))
                .properties(provider.planProperties())
                .properties(Plans.SHORT_RUN)
                .properties(NO_AGENTS);
        run.run(Duration.ofMinutes(2));

        List<JtlSample> samples = Plans.samples(run.jtl());
        assertThat(samples).isNotEmpty().extracting(JtlSample::label).containsOnly(plan);
        assertThat(samples).allSatisfy(sample -> assertThat(sample.success()).as("success of %s", sample).isTrue());
    }

    /**
     * {@code install-for-jmx} on a plan of Dubbo Requests and a Dubbo Defaults ({@code dubbo-order-service}) installs
     * the elements' plugin, {@code rpcbench-elements}, with the plugins it depends on, and the plan's three calls then
     * pass in that home. The jar installed also brings the Arrivals Thread Group and its panel (Add &gt; Threads), which
     * the descriptor lists among the plugin's component classes, so {@code install-for-jmx} of an open plan picks it.
     */
    @Test
    void installForJmxOfAPlanOfDubboRequestsBringsTheElements() throws Exception {
        String plan = "dubbo-order-service";
        Path home = stockHomeCopy(plan);
        Set<String> stockExt = jarsIn(home.resolve("lib/ext"));
        Set<String> stockLib = jarsIn(home.resolve("lib"));

        PluginsManagerCommand.in(home, Plans.LAYOUT.pluginsRepositoryDescriptor(), dir.resolve(plan))
                .run(COMMAND_DEADLINE, "install-for-jmx", Plans.LAYOUT.plan(plan).toString());

        assertInstalledExactly(home, stockExt, stockLib, "rpcbench-elements", "rpcbench", "jpgc-perfmon");
        List<String> arrivals = List.of("io.rpcbench.elements.arrivals.ArrivalsThreadGroup",
                "io.rpcbench.elements.arrivals.ArrivalsController", "io.rpcbench.elements.gui.ArrivalsThreadGroupGui");
        assertThat(plugin("rpcbench-elements").get("componentClasses")).extracting(JsonNode::asText)
                .as("component classes of rpcbench-elements").containsAll(arrivals);
        Path elementsJar = home.resolve("lib/ext").resolve(plugin("rpcbench-elements").get("versions")
                .get(version(plugin("rpcbench-elements"))).get("downloadUrl").asText());
        try (ZipFile jar = new ZipFile(elementsJar.toFile())) {
            assertThat(arrivals).as("classes in the installed %s", elementsJar.getFileName())
                    .allMatch(name -> jar.getEntry(name.replace('.', '/') + ".class") != null);
        }
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, plan, dir.resolve(plan + "-run")).dashboard(false)
                .launchedWith(command -> inHome(home, command))
                .properties(provider.planProperties())
                .properties(Map.of("threads", "1", "loops", "3", JMeterRun.WARMUP, "0"))
                .properties(NO_AGENTS);
        run.run(Duration.ofMinutes(2));

        List<JtlSample> samples = Plans.samples(run.jtl());
        assertThat(samples).hasSize(9).extracting(JtlSample::label)
                .containsOnly("place order", "order total", "confirm order");
        assertThat(samples).allSatisfy(sample -> assertThat(sample.success()).as("success of %s", sample).isTrue());
    }

    /**
     * {@code install rpcbench} by its id brings the PerfMon plugin it depends on, and the Plugins Manager then reports
     * both installed (it finds each by its marker class) at the descriptor's versions, and every library in place: a
     * second install has nothing to do (were a library's key not to match its file, it would copy it again each time,
     * and its GUI would list it under changes to apply).
     */
    @Test
    void installByIdBringsThePerfMonPluginItDependsOn() throws Exception {
        Path home = stockHomeCopy("install-by-id");
        Set<String> stockExt = jarsIn(home.resolve("lib/ext"));
        Set<String> stockLib = jarsIn(home.resolve("lib"));
        PluginsManagerCommand command = PluginsManagerCommand.in(home, Plans.LAYOUT.pluginsRepositoryDescriptor(),
                dir.resolve("install-by-id"));

        command.run(COMMAND_DEADLINE, "install", "rpcbench");

        assertInstalledExactly(home, stockExt, stockLib, "rpcbench", "jpgc-perfmon");
        assertThat(command.run(COMMAND_DEADLINE, "status")).contains(
                "rpcbench=" + version(plugin("rpcbench")), "jpgc-perfmon=" + version(plugin("jpgc-perfmon")));
        assertThat(command.run(COMMAND_DEADLINE, "install", "rpcbench")).as("a second install's output")
                .contains("Finishing without changes");
    }

    /**
     * The plugins' jars, and nothing else, were added: each plugin's jar to {@code lib/ext}, each of its libraries to
     * {@code lib/}.
     */
    private static void assertInstalledExactly(Path home, Set<String> stockExt, Set<String> stockLib, String... ids)
            throws IOException {
        Set<String> ext = new TreeSet<>(stockExt);
        Set<String> lib = new TreeSet<>(stockLib);
        for (String id : ids) {
            JsonNode version = plugin(id).get("versions").get(version(plugin(id)));
            ext.add(version.get("downloadUrl").asText());
            version.get("libs").forEach(file -> lib.add(file.asText()));
        }
        assertThat(jarsIn(home.resolve("lib/ext"))).as("lib/ext after the install").isEqualTo(ext);
        assertThat(jarsIn(home.resolve("lib"))).as("lib after the install").isEqualTo(lib);
    }

    private static JsonNode plugin(String id) {
        for (JsonNode plugin : descriptor) {
            if (plugin.get("id").asText().equals(id)) {
                return plugin;
            }
        }
        throw new IllegalStateException("plugin '" + id + "' is not in " + Plans.LAYOUT.pluginsRepositoryDescriptor());
    }

    /** The plugin's one version in the descriptor (the build writes one per plugin). */
    private static String version(JsonNode plugin) {
        assertThat(plugin.get("versions").size()).as("versions of %s", plugin.get("id")).isEqualTo(1);
        return plugin.get("versions").fieldNames().next();
    }

    /** The stock home has no {@code bin/jmeter}: its JMeter starts as {@code java -jar bin/ApacheJMeter.jar}. */
    private static List<String> inHome(Path home, List<String> command) {
        List<String> java = new ArrayList<>(List.of(ProjectLayout.javaExecutable().toString(), "-jar",
                home.resolve("bin/ApacheJMeter.jar").toString()));
        java.addAll(command.subList(1, command.size()));
        return java;
    }

    /**
     * A copy of the stock home. Not of links to its jars: the Plugins Manager finds the home it installs into from
     * where its own jar and JMeter's lie, through the links, and would install into the stock home itself.
     */
    private static Path stockHomeCopy(String name) throws IOException {
        Path stock = Plans.LAYOUT.stockJMeterHome();
        Path copy = dir.resolve(name + "-jmeter");
        try (Stream<Path> files = Files.walk(stock)) {
            for (Path file : files.toList()) {
                Path target = copy.resolve(stock.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        assertThat(jarsIn(copy.resolve("lib/ext"))).as("the stock home's lib/ext")
                .noneMatch(jar -> jar.startsWith("rpcbench-") || jar.startsWith("jmeter-plugins-perfmon-"));
        return copy;
    }

    private static Set<String> jarsIn(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".jar"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }
}
