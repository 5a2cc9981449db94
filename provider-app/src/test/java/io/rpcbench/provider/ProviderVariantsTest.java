package io.rpcbench.provider;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.echo.EchoPayload;
import io.rpcbench.echo.Person;
import io.rpcbench.echo.ThriftPersons;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The selectable variants: triple + fastjson2, framed + compact Thrift, the delay, an external registry. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ProviderVariantsTest {

    @BeforeAll
    static void jvmDefaults() {
        JvmDefaults.apply();
    }

    @Test
    void tripleWithFastjson2AndFramedCompactThriftEcho() throws Exception {
        try (EchoProvider provider = EchoProvider.start(ProviderCommand.settings("--zookeeper-port", "0",
                "--dubbo-port", "0", "--thrift-port", "0", "--dubbo-protocol", "tri", "--serialization", "fastjson2",
                "--thrift-transport", "framed", "--thrift-protocol", "compact"))) {
            assertThat(provider.readyLine()).contains(" dubbo=tri://127.0.0.1:");
            String text = EchoPayload.text(100 * 1024);
            Person person = EchoPayload.person(1024);

            try (DubboEchoClient client = new DubboEchoClient(provider.dubbo().orElseThrow().endpoint(), "fastjson2")) {
                assertThat(client.echo.echo(text)).isEqualTo(text);
                assertThat(client.echo.echoPerson(person)).isEqualTo(person);
            }
            try (ThriftEchoClient client = new ThriftEchoClient(provider.thrift().orElseThrow().hostPort(), true, true)) {
                assertThat(client.echo.echo(text)).isEqualTo(text);
                assertThat(ThriftPersons.fromThrift(client.echo.echoPerson(ThriftPersons.toThrift(person))))
                        .isEqualTo(person);
            }
        }
    }

    @Test
    void delayedProviderTakesAtLeastTheDelayPerCall() throws Exception {
        try (EchoProvider provider = EchoProvider.start(ProviderCommand.settings("--zookeeper-port", "0",
                "--dubbo-port", "0", "--thrift-port", "0", "--delay-ms", "50"))) {
            try (ThriftEchoClient thrift = ThriftEchoClient.buffered(provider.thrift().orElseThrow().hostPort());
                    DubboEchoClient dubbo = new DubboEchoClient(provider.dubbo().orElseThrow().endpoint(), "hessian2")) {
                long start = System.nanoTime();
                thrift.echo.ping();
                assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isGreaterThanOrEqualTo(50);

                start = System.nanoTime();
                assertThat(dubbo.echo.echo("x")).isEqualTo("x");
                assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isGreaterThanOrEqualTo(50);
            }
        }
    }

    @Test
    void disabledEndpointsAreLeftOutOfTheReadyLine() {
        try (EchoProvider provider = EchoProvider.start(ProviderCommand.settings("--zookeeper-port", "0",
                "--no-dubbo", "--thrift-port", "0"))) {
            assertThat(provider.readyLine()).matches("rpcbench-provider ready zookeeper=127\\.0\\.0\\.1:\\d+ "
                    + "thrift=127\\.0\\.0\\.1:\\d+");
        }
    }

    @Test
    void externalRegistryIsUsedAndShownInTheReadyLine() throws Exception {
        try (EchoProvider registryOnly = EchoProvider.start(ProviderCommand.settings("--zookeeper-port", "0",
                "--no-dubbo", "--no-thrift"))) {
            String zookeeper = registryOnly.registry();
            try (EchoProvider provider = EchoProvider.start(ProviderCommand.settings("--registry",
                    "zookeeper://" + zookeeper, "--dubbo-port", "0", "--no-thrift"))) {
                assertThat(provider.readyLine()).startsWith("rpcbench-provider ready zookeeper=" + zookeeper + " dubbo=");
                try (CuratorFramework zk = CuratorFrameworkFactory.newClient(zookeeper, new RetryOneTime(100))) {
                    zk.start();
                    assertThat(zk.blockUntilConnected(30, TimeUnit.SECONDS)).isTrue();
                    assertThat(zk.getChildren().forPath("/dubbo/io.rpcbench.echo.EchoService/providers")).hasSize(1);
                }
            }
        }
    }
}
