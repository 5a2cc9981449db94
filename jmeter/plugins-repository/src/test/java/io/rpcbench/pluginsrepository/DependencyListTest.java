package io.rpcbench.pluginsrepository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DependencyListTest {

    @TempDir
    Path dir;

    @Test
    void readsCoordinatesClassifierAndFileOfEachJarAfterTheHeading() throws Exception {
        Path dubbo = Jars.withClasses(dir.resolve("m2/dubbo-3.3.6.jar"));
        Path epoll = Jars.withClasses(dir.resolve("m2/netty-transport-native-epoll-4.2.2.Final-linux-x86_64.jar"));
        Path list = Files.writeString(dir.resolve("dependencies.txt"), """

                The following files have been resolved:
                   org.apache.dubbo:dubbo:jar:3.3.6:provided:%s -- module dubbo (auto)
                   io.netty:netty-transport-native-epoll:jar:linux-x86_64:4.2.2.Final:provided:%s -- module io.netty.x
                """.formatted(dubbo, epoll));

        List<ExtensionJar> jars = DependencyList.read(list);

        assertThat(jars).containsExactly(
                new ExtensionJar("org.apache.dubbo", "dubbo", "", "3.3.6", dubbo),
                new ExtensionJar("io.netty", "netty-transport-native-epoll", "linux-x86_64", "4.2.2.Final", epoll));
        assertThat(jars.get(0).libraryKey()).isEqualTo("dubbo>=3.3.6");
        assertThat(jars.get(1).libraryKey()).isEqualTo("netty-transport-native-epoll>=4.2.2.Final-linux-x86_64");
    }

    @Test
    void lineThatIsNoResolvedJarIsRefusedNamingIt() throws Exception {
        Path list = Files.writeString(dir.resolve("dependencies.txt"), "   org.apache.dubbo:dubbo:jar:3.3.6\n");

        assertThatThrownBy(() -> DependencyList.read(list)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line 'org.apache.dubbo:dubbo:jar:3.3.6' of " + list)
                .hasMessageContaining("expected group:artifact:type[:classifier]:version:scope:/path/to.jar");
    }

    @Test
    void jarThatDoesNotExistIsRefusedNamingIt() throws Exception {
        Path list = Files.writeString(dir.resolve("dependencies.txt"),
                "   org.apache.dubbo:dubbo:jar:3.3.6:provided:/nowhere/dubbo-3.3.6.jar\n");

        assertThatThrownBy(() -> DependencyList.read(list)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("/nowhere/dubbo-3.3.6.jar (line ");
    }

    @Test
    void listWithoutJarsIsRefused() throws Exception {
        Path list = Files.writeString(dir.resolve("dependencies.txt"), "The following files have been resolved:\n");

        assertThatThrownBy(() -> DependencyList.read(list)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lists no jar");
    }
}
