package io.rpcbench.sampler.jmeter;

import io.rpcbench.testing.JarProcess;
import io.rpcbench.testing.ProviderApp;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * {@code io.rpcbench.sampler.UserProtoProviders#main} in a JVM of its own ({@link JarProcess}: ready line, deadline, stopped by PID), on
 * this test's class path plus the provider app's and the user API's jars, which this JVM must not load: the child's
 * class path is named by the manifest of a jar written for it, since {@link JarProcess} starts {@code java -jar}.
 */
final class ProtoChildProvider implements AutoCloseable {

    /** By name: loading the class here would load the generated ones it names, which this JVM must not have. */
    private static final String MAIN_CLASS = "io.rpcbench.sampler.UserProtoProviders";
    private static final Pattern READY = Pattern.compile("user-proto-provider ready tri=(\\d+) dubbo=(\\d+) "
            + "plain-tri=(\\d+) plain-dubbo=(\\d+)");

    /** Dubbo's switch of its built-in triple services (health, gRPC reflection v1alpha). */
    static final String BUILTIN_SERVICES = "dubbo.tri.builtin.service.init";

    private final JarProcess process;

    private ProtoChildProvider(JarProcess process) {
        this.process = process;
    }

    /**
     * @param withProtobufSerialization false to leave dubbo-serialization-protobuf off the provider's class path
     *                                  (then it serves triple only)
     */
    static ProtoChildProvider start(Path dir, boolean withProtobufSerialization) throws IOException, InterruptedException {
        return start(dir, withProtobufSerialization, withProtobufSerialization ? "both" : "tri-only");
    }

    /** The stub alone, over tri and dubbo, registered in the ZooKeeper {@code registry} ({@code zookeeper://...}). */
    static ProtoChildProvider registered(Path dir, String registry) throws IOException, InterruptedException {
        return start(dir, true, "registry", registry);
    }

    private static ProtoChildProvider start(Path dir, boolean withProtobufSerialization, String... mode)
            throws IOException, InterruptedException {
        List<Path> classPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (withProtobufSerialization || !entry.contains("dubbo-serialization-protobuf")) {
                classPath.add(Paths.get(entry));
            }
        }
        // The provider app's classes, not its jar: the jar's manifest names all of its lib/, which holds
        // dubbo-serialization-protobuf; its dependencies come from this test's class path, filtered above.
        classPath.add(ProviderApp.jar().getParent().resolve("classes"));
        classPath.add(JarProcess.jar("rpcbench.user-api.jar", "contracts/user-api/target/rpcbench-user-api-0.1.0-SNAPSHOT.jar"));
        Path launcher = launcher(dir.resolve("user-proto-provider.jar"), classPath);
        // Dubbo's built-in services, its gRPC reflection among them (off by default), as a user turns them on: a sampler
        // with no descriptor set reads the service from it.
        return new ProtoChildProvider(JarProcess.start(List.of("-D" + BUILTIN_SERVICES + "=true"), launcher, READY,
                mode));
    }

    private static Path launcher(Path jar, List<Path> classPath) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, MAIN_CLASS);
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath.stream()
                .map(p -> p.toAbsolutePath().toUri().toString()) // a directory's URI ends with '/', as it must
                .collect(Collectors.joining(" ")));
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream ignored = new JarOutputStream(out, manifest)) {
            return jar;
        }
    }

    String tri() {
        return "tri://127.0.0.1:" + process.ready().group(1);
    }

    String dubbo() {
        return "dubbo://127.0.0.1:" + process.ready().group(2);
    }

    /** The plain implementation of the generated interface (exported by reflection, not as Dubbo's stub). */
    String plainTri() {
        return "tri://127.0.0.1:" + process.ready().group(3);
    }

    String plainDubbo() {
        return "dubbo://127.0.0.1:" + process.ready().group(4);
    }

    @Override
    public void close() {
        process.close();
    }
}
