package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.reports.jtl.JtlSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Thrift service's generated classes need not go into JMeter's {@code lib/ext}: JMeter's own
 * {@code -Juser.classpath=<jar>} puts them on the class path the samplers load from, the JMeter home untouched.
 * Runs {@code thrift-inventory-service.jmx} headless through the real JMeter launcher of a JMeter home that lacks the
 * example's jar, against the provider app on free loopback ports.
 *
 * <p>The home is the laid-out one without {@code rpcbench-example-thrift-api-*.jar}: {@code bin} copied (the launcher
 * finds its home from where it lies), every other jar linked. Without {@code user.classpath} every sample fails for
 * the missing service class, which shows the jar is truly absent; with it every sample passes its assertions.
 *
 * <p>Order: {@code @BeforeAll} lays out the home and starts the provider; each test runs JMeter to its end (stopped by
 * its PID on a deadline); {@code @AfterAll} stops the provider by its PID.
 */
class ThriftServiceOnUserClasspathIT {

    private static final String PLAN = "thrift-inventory-service";
    private static final String SERVICE_JAR_PREFIX = "rpcbench-example-thrift-api-";
    private static final Map<String, String> SHORT_RUN = Map.of(JMeterRun.THINK_TIME, TestVolume.THINK_TIME_MS, "threads", "2", "rampup", "0", "duration", "3");

    @TempDir
    static Path dir;

    static ProviderProcess provider;
    /** A checkout whose JMeter home lacks the service jar; its plans are the checkout's own. */
    static ProjectLayout withoutServiceJar;
    static Path serviceJar;

    @BeforeAll
    static void layOutHomeAndStartProvider() throws Exception {
        Plans.LAYOUT.requireBuilt();
        serviceJar = serviceJar(Plans.LAYOUT.jmeterHome().resolve("lib/ext"));
        withoutServiceJar = new ProjectLayout(dir.resolve("checkout"));
        copyHomeWithout(Plans.LAYOUT.jmeterHome(), withoutServiceJar.jmeterHome(), serviceJar.getFileName());
        Files.createSymbolicLink(withoutServiceJar.plansDir(), Plans.LAYOUT.plansDir());
        provider = ProviderProcess.start(Plans.LAYOUT, List.of(), dir.resolve("provider.log"));
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            assertThat(provider.stop()).as("provider exit code after SIGTERM").isZero();
        }
    }

    @Test
    void serviceJarGivenByUserClasspathAloneLetsEverySamplePass() throws Exception {
        List<JtlSample> samples = run("with-user-classpath", Map.of("user.classpath", serviceJar.toString()));

        assertThat(samples).isNotEmpty();
        assertThat(samples).extracting(JtlSample::label).contains("store item", "shelve items", "find item");
        assertThat(samples).allSatisfy(sample ->
                assertThat(sample.success()).as("success of %s", sample).isTrue());
    }

    @Test
    void withoutTheServiceJarEverySampleFailsNamingTheServiceClass() throws Exception {
        List<JtlSample> samples = run("without-service-jar", Map.of());

        assertThat(samples).isNotEmpty();
        assertThat(samples).allSatisfy(sample -> {
            assertThat(sample.success()).as("success of %s", sample).isFalse();
            assertThat(sample.responseCode()).isEqualTo("bad-parameter");
            assertThat(sample.responseMessage()).contains("io.rpcbench.example.thrift.InventoryService",
                    "is not on JMeter's class path");
        });
    }

    private static List<JtlSample> run(String name, Map<String, String> properties) throws IOException {
        JMeterRun run = JMeterRun.of(withoutServiceJar, PLAN, dir.resolve(name)).dashboard(false)
                .properties(provider.planProperties())
                .properties(SHORT_RUN)
                .properties(properties);
        run.run(Duration.ofMinutes(2));
        return Plans.samples(run.jtl());
    }

    private static Path serviceJar(Path ext) throws IOException {
        try (Stream<Path> jars = Files.list(ext)) {
            List<Path> found = jars.filter(jar -> jar.getFileName().toString().startsWith(SERVICE_JAR_PREFIX)).toList();
            assertThat(found).as("%s*.jar in %s", SERVICE_JAR_PREFIX, ext).hasSize(1);
            return found.get(0);
        }
    }

    /** {@code bin} copied, {@code lib} and {@code lib/ext} rebuilt of links to the home's jars but {@code left}. */
    private static void copyHomeWithout(Path home, Path copy, Path left) throws IOException {
        try (Stream<Path> files = Files.walk(home.resolve("bin"))) {
            for (Path file : files.toList()) {
                Path target = copy.resolve(home.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        for (String folder : List.of("lib", "lib/ext", "lib/junit")) {
            Path target = Files.createDirectories(copy.resolve(folder));
            try (Stream<Path> entries = Files.list(home.resolve(folder))) {
                for (Path entry : entries.filter(Files::isRegularFile).toList()) {
                    if (!entry.getFileName().equals(left)) {
                        Files.createSymbolicLink(target.resolve(entry.getFileName()), entry);
                    }
                }
            }
        }
        assertThat(copy.resolve("lib/ext").resolve(left)).as("the service jar in the copied home").doesNotExist();
    }
}
