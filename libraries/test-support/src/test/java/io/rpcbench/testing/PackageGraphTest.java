package io.rpcbench.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No package of the project's main code reaches itself again through the packages it uses: the arrows between
 * packages run one way, so each can be read (and changed) after the ones it uses. A parent package and its
 * sub-packages are packages like any others: {@code reports} using {@code reports.compare} while that uses
 * {@code reports} is a circle.
 *
 * <p>The graph is read from the sources ({@link PackageGraph#ofSources}) of every module of the checkout, so it
 * needs no build: every mention of another package's class counts, an import or a fully qualified name in code or
 * in a javadoc link alike (a link is a reader's arrow too).
 */
class PackageGraphTest {

    /** The project's root: the checkout this module is in. */
    private static final Path ROOT = JarProcess.checkout();

    @Test
    void noPackageOfMainCodeIsInACircle() {
        PackageGraph graph = PackageGraph.ofSources(mainSourceFolders());

        assertThat(graph.packages()).as("packages read under %s", ROOT).hasSizeGreaterThan(20);
        assertThat(graph.circles()).as("package circles (each edge with one place that makes it)").isEmpty();
    }

    @Test
    void aCircleIsFoundAndNamedWithThePlacesThatMakeIt(@org.junit.jupiter.api.io.TempDir Path dir)
            throws IOException {
        Path a = Files.createDirectories(dir.resolve("io/rpcbench/a"));
        Path b = Files.createDirectories(dir.resolve("io/rpcbench/a/b"));
        Path c = Files.createDirectories(dir.resolve("io/rpcbench/c"));
        Files.writeString(a.resolve("A.java"), "package io.rpcbench.a;\n\nimport io.rpcbench.a.b.B;\n\nclass A {}\n");
        Files.writeString(b.resolve("B.java"), "package io.rpcbench.a.b;\n\n/** {@link io.rpcbench.a.A} */\nclass B {}\n");
        Files.writeString(c.resolve("C.java"), "package io.rpcbench.c;\n\nimport io.rpcbench.a.A;\n\nclass C {}\n");

        PackageGraph graph = PackageGraph.ofSources(List.of(dir));

        assertThat(graph.packages()).containsExactlyInAnyOrder("io.rpcbench.a", "io.rpcbench.a.b", "io.rpcbench.c");
        assertThat(graph.circles()).containsExactly(List.of(
                "io.rpcbench.a -> io.rpcbench.a.b (" + a.resolve("A.java") + ":3)",
                "io.rpcbench.a.b -> io.rpcbench.a (" + b.resolve("B.java") + ":3)"));
    }

    /** Every module's {@code src/main/java} under the root, at its top or in a folder of modules. */
    private static List<Path> mainSourceFolders() {
        try (Stream<Path> modules = Files.walk(ROOT, 2)) {
            List<Path> folders = new ArrayList<>(modules.map(module -> module.resolve("src/main/java"))
                    .filter(Files::isDirectory).sorted().toList());
            assertThat(folders).as("modules with main code under %s", ROOT).hasSizeGreaterThan(5);
            return folders;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
