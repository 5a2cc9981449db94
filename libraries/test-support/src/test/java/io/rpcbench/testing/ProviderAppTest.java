package io.rpcbench.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;

/** The provider's ready lines, as provider-app's EchoProvider prints them, read by {@link ProviderApp#READY}. */
class ProviderAppTest {

    @Test
    void readsTheRegistryAndEveryPortOfAFullReadyLine() {
        Matcher ready = ProviderApp.READY.matcher("rpcbench-provider ready zookeeper=127.0.0.1:40001 "
                + "dubbo=dubbo://127.0.0.1:40002 thrift=127.0.0.1:40003");

        assertThat(ready.matches()).isTrue();
        assertThat(ready.group(1)).isEqualTo("127.0.0.1:40001");
        assertThat(ready.group(2)).isEqualTo("dubbo");
        assertThat(ready.group(3)).isEqualTo("40002");
        assertThat(ready.group(4)).isEqualTo("40003");
    }

    @Test
    void readsALineOfZooKeeperAloneAndOfATripleEndpoint() {
        Matcher zooKeeper = ProviderApp.READY.matcher("rpcbench-provider ready zookeeper=127.0.0.1:40001");
        Matcher triple = ProviderApp.READY.matcher("rpcbench-provider ready zookeeper=127.0.0.1:40001 "
                + "dubbo=tri://127.0.0.1:40002");

        assertThat(zooKeeper.matches()).isTrue();
        assertThat(zooKeeper.group(3)).isNull();
        assertThat(triple.matches()).isTrue();
        assertThat(triple.group(2)).isEqualTo("tri");
        assertThat(triple.group(4)).isNull();
    }

    @Test
    void missingJarIsNamedWithHowToBuildIt() {
        assertThatThrownBy(() -> JarProcess.jar("rpcbench.test-support.no.such.jar", "no-module/target/none.jar"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no-module/target/none.jar")
                .hasMessageContaining("rpcbench.test-support.no.such.jar")
                .hasMessageContaining("build it first");
    }
}
