package io.rpcbench.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.echo.EchoPayload;
import io.rpcbench.echo.Person;
import io.rpcbench.echo.PortInUseException;
import io.rpcbench.echo.ThriftPersons;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The provider started in-process through its public API on free ports, called over Thrift and Dubbo. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EchoProviderTest {

    private static final String LOOPBACK_IN_DUBBO = "[::ffff:127.0.0.1]";

    private static EchoProvider provider;

    @BeforeAll
    static void startProvider() {
        JvmDefaults.apply();
        provider = EchoProvider.start(ProviderCommand.settings(
                "--zookeeper-port", "0", "--dubbo-port", "0", "--thrift-port", "0", "--threads", "20"));
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            provider.close();
        }
    }

    @Test
    void readyLineNamesEveryEndpointWithItsRealPort() {
        String line = provider.readyLine();

        assertThat(line).matches("rpcbench-provider ready zookeeper=127\\.0\\.0\\.1:\\d+ "
                + "dubbo=dubbo://127\\.0\\.0\\.1:\\d+ thrift=127\\.0\\.0\\.1:\\d+");
        assertThat(line).doesNotContain(":0 ").doesNotEndWith(":0");
    }

    @Test
    void thriftEchoesStringsOf1KiBAnd100KiBAndAPerson() throws Exception {
        try (ThriftEchoClient client = ThriftEchoClient.buffered(provider.thrift().orElseThrow().hostPort())) {
            for (int size : new int[] {1024, 100 * 1024}) {
                String text = EchoPayload.text(size);
                assertThat(client.echo.echo(text)).isEqualTo(text);
            }
            Person person = EchoPayload.person(1024);
            assertThat(ThriftPersons.fromThrift(client.echo.echoPerson(ThriftPersons.toThrift(person))))
                    .isEqualTo(person);
        }
    }

    @Test
    void dubboEchoesStringsOf1KiBAnd100KiBAndAPerson() {
        try (DubboEchoClient client = new DubboEchoClient(provider.dubbo().orElseThrow().endpoint(), "hessian2")) {
            for (int size : new int[] {1024, 100 * 1024}) {
                String text = EchoPayload.text(size);
                assertThat(client.echo.echo(text)).isEqualTo(text);
            }
            Person person = EchoPayload.person(1024);
            assertThat(client.echo.echoPerson(person)).isEqualTo(person);
            assertThat(client.echo.echoPersons(EchoPayload.personMap(3 * 1024)))
                    .isEqualTo(EchoPayload.personMap(3 * 1024));
            assertThat(client.echo.listPersons(3, 512)).isEqualTo(EchoPayload.persons(3, 512));
        }
    }

    /** Through each protocol's own proxy: Dubbo's consumer proxy must send the interface's default methods too. */
    @Test
    void bothProtocolsServeTheCpuLoopAndTheDelayedTextBuild() throws Exception {
        String text = EchoPayload.text(1024);
        try (DubboEchoClient dubbo = new DubboEchoClient(provider.dubbo().orElseThrow().endpoint(), "hessian2");
             ThriftEchoClient thrift = ThriftEchoClient.buffered(provider.thrift().orElseThrow().hostPort())) {
            assertThat(dubbo.echo.appendRandomNumbers(text, 10_000)).isEqualTo(1024 + 100_000);
            assertThat(thrift.echo.appendRandomNumbers(text, 10_000)).isEqualTo(1024 + 100_000);
            assertThat(dubbo.echo.sleepAndBuildText(10, 5000)).isEqualTo(EchoPayload.text(5000));
            assertThat(thrift.echo.sleepAndBuildText(10, 5000)).isEqualTo(EchoPayload.text(5000));
        }
    }

    @Test
    void registeredUrlsNameTheLoopbackFormOnly() throws Exception {
        int dubboPort = provider.dubbo().orElseThrow().port();
        try (CuratorFramework zk = CuratorFrameworkFactory.newClient(provider.registry(), new RetryOneTime(100))) {
            zk.start();
            assertThat(zk.blockUntilConnected(30, TimeUnit.SECONDS)).isTrue();

            List<String> providers = decode(zk.getChildren().forPath("/dubbo/io.rpcbench.echo.EchoService/providers"));
            assertThat(providers).isNotEmpty().allSatisfy(url -> assertThat(url)
                    .startsWith("dubbo://" + LOOPBACK_IN_DUBBO + ":" + dubboPort + "/io.rpcbench.echo.EchoService?")
                    .doesNotContain("anyhost=true"));

            // Dubbo 3's application-level discovery: one instance node named host:port, its data the same host.
            List<String> instances = zk.getChildren().forPath("/services/" + "rpcbench-provider");
            assertThat(instances).containsExactly(LOOPBACK_IN_DUBBO + ":" + dubboPort);
            String instance = new String(zk.getData().forPath("/services/rpcbench-provider/" + instances.get(0)),
                    StandardCharsets.UTF_8);
            assertThat(instance).contains("\"address\":\"" + LOOPBACK_IN_DUBBO + "\"");
        }
    }

    @Test
    void secondProviderOnATakenPortFailsNamingPortAndEndpoint() throws Exception {
        int thriftPort = provider.thrift().orElseThrow().port();

        assertThatThrownBy(() -> EchoProvider.start(ProviderCommand.settings("--zookeeper-port", "0",
                "--dubbo-port", "0", "--thrift-port", Integer.toString(thriftPort))))
                .isInstanceOf(PortInUseException.class)
                .hasMessage("port " + thriftPort + " (thrift) on 127.0.0.1 is already in use");
    }

    @Test
    void takenDubboPortIsReportedAsDubbo() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            int port = taken.getLocalPort();

            assertThatThrownBy(() -> EchoProvider.start(ProviderCommand.settings("--zookeeper-port", "0",
                    "--no-thrift", "--dubbo-port", Integer.toString(port))))
                    .isInstanceOf(PortInUseException.class)
                    .hasMessage("port " + port + " (dubbo) on 127.0.0.1 is already in use");
        }
    }

    private static List<String> decode(List<String> nodes) {
        return nodes.stream().map(n -> URLDecoder.decode(n, StandardCharsets.UTF_8)).toList();
    }
}
