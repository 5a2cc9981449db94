package io.rpcbench.benchmark.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where the built pieces of an rpcbench checkout are: the provider jar, the agent jar, the laid-out JMeter home, the
 * shipped plans, and the JDK to run them with (the one running this code, so that a benchmark started
 * on JDK 25 runs everything on JDK 25).
 */
public record ProjectLayout(Path projectDir) {

    public Path providerJar() {
        return projectDir.resolve("provider-app/target/rpcbench-provider-app.jar");
    }

    /**
     * Seed 004's discovery lab, {@code discovery-lab}'s jar: the registry farm and the discovery consumer, started by
     * class name with it as their class path (its manifest names the libraries beside it).
     */
    public Path discoveryLabJar() {
        return projectDir.resolve("targets/discovery-lab/target/rpcbench-discovery-lab.jar");
    }

    /** Seed 004's user service on a plain grpc-java server, {@code grpc-provider}'s runnable jar. */
    public Path grpcProviderJar() {
        return projectDir.resolve("targets/grpc-provider/target/rpcbench-grpc-provider.jar");
    }

    /** rpcbench's PerfMon-compatible server agent, {@code server-agent}'s runnable jar. */
    public Path agentJar() {
        return projectDir.resolve("server-agent/target/rpcbench-server-agent.jar");
    }

    public Path jmeterHome() {
        return projectDir.resolve("jmeter/jmeter-home/target/jmeter");
    }

    /**
     * JMeter 5.6.3 as its Maven artefacts lay it out, with the JMeter Plugins Manager and nothing of rpcbench: a user's
     * own JMeter before it installs rpcbench (no {@code bin/jmeter}: run with {@code java -jar bin/ApacheJMeter.jar}).
     */
    public Path stockJMeterHome() {
        return projectDir.resolve("jmeter/jmeter-home/target/stock-jmeter");
    }

    /** The JMeter Plugins Manager repository's descriptor, beside every jar it names. */
    public Path pluginsRepositoryDescriptor() {
        return projectDir.resolve("jmeter/jmeter-home/target/plugins-repository/rpcbench-plugins.json");
    }

    public Path jmeterLauncher() {
        return jmeterHome().resolve("bin/jmeter");
    }

    public Path plansDir() {
        return projectDir.resolve("test-plans");
    }

    public Path plan(String name) {
        return plansDir().resolve(name + ".jmx");
    }

    /** The {@code java} of the running JDK. */
    public static Path javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /**
     * JVM options for the providers this process starts, from the system property
     * {@value #CHILD_JVM_OPTIONS} (options separated by spaces; none when unset). The tests set it to compile with C1
     * only ({@code -XX:TieredStopAtLevel=1}): a provider of a test lives seconds, and its start took 6.5 CPU-seconds
     * with C2 against 3 with C1 on the 2-vCPU machine, CPU that the tests beside it wait for. A benchmark run leaves
     * it unset.
     */
    public static List<String> childJvmOptions() {
        String options = System.getProperty(CHILD_JVM_OPTIONS, "").strip();
        return options.isEmpty() ? List.of() : List.of(options.split("\\s+"));
    }

    /** The system property naming the options of {@link #childJvmOptions()}. */
    public static final String CHILD_JVM_OPTIONS = "rpcbench.child.jvm.options";

    /** The running JDK's home, handed to JMeter's launcher as {@code JAVA_HOME}. */
    public static String javaHome() {
        return System.getProperty("java.home");
    }

    /**
     * @throws IllegalStateException naming the first missing piece and the command that builds it
     */
    public void requireBuilt() {
        for (Path needed : new Path[] {providerJar(), jmeterLauncher(), plansDir()}) {
            if (!Files.exists(needed)) {
                throw new IllegalStateException(needed + " does not exist; build it first with "
                        + "'./mvnw -B -DskipTests install' in " + projectDir);
            }
        }
    }

    /** The names of the plans in {@link #plansDir()}, sorted, without the {@code .jmx} suffix. */
    public Stream<String> planNames() {
        try (Stream<Path> files = Files.list(plansDir())) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".jmx"))
                    .map(n -> n.substring(0, n.length() - ".jmx".length()))
                    .sorted()
                    .toList()
                    .stream();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the plans in " + plansDir(), e);
        }
    }
}
