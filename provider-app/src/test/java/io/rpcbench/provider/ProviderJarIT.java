package io.rpcbench.provider;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.dubbo.protobuf.ProtobufMessages;
import io.rpcbench.echo.EchoPayload;
import io.rpcbench.echo.Person;
import io.rpcbench.provider.user.UserStack;
import io.rpcbench.testing.JarProcess;
import io.rpcbench.testing.ProviderApp;
import io.rpcbench.user.UserService;
import io.rpcbench.user.proto.UserRequest;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The packaged jar run as users run it: {@code java -jar target/rpcbench-provider-app.jar [options]}. */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ProviderJarIT {

    private static final Duration READY_DEADLINE = Duration.ofSeconds(90);

    @Test
    void startsOnFreePortsEchoesAndStopsCleanlyOnSigterm() throws Exception {
        try (JarProcess provider = JarProcess.launch(ProviderApp.jar(),
                "--zookeeper-port", "0", "--dubbo-port", "0", "--thrift-port", "0")) {
            String ready = provider.nextLine(READY_DEADLINE);
            assertThat(ready).matches("rpcbench-provider ready zookeeper=127\\.0\\.0\\.1:\\d+ "
                    + "dubbo=dubbo://127\\.0\\.0\\.1:\\d+ thrift=127\\.0\\.0\\.1:\\d+");
            String thrift = value(ready, "thrift");
            String dubbo = value(ready, "dubbo");

            String text = EchoPayload.text(100 * 1024);
            Person person = EchoPayload.person(1024);
            try (ThriftEchoClient client = ThriftEchoClient.buffered(thrift)) {
                assertThat(client.echo.echo(text)).isEqualTo(text);
            }
            try (DubboEchoClient client = new DubboEchoClient(dubbo, "hessian2")) {
                assertThat(client.echo.echo(text)).isEqualTo(text);
                assertThat(client.echo.echoPerson(person)).isEqualTo(person);
            }

            assertThat(provider.stop()).as("exit code after SIGTERM; stderr:\n%s", provider.stderr()).isZero();
            assertThat(provider.nextLine(Duration.ofSeconds(5))).isEqualTo("rpcbench-provider stopped");
        }
    }

    /** In another JVM than the provider, a consumer must register the protobuf results itself (ProtobufMessages). */
    @Test
    void jarServesTheUserServiceOnEachStackListedAfterTheEchoEndpoints() throws Exception {
        try (JarProcess provider = JarProcess.launch(ProviderApp.jar(), "--zookeeper-port", "0", "--dubbo-port", "0",
                "--thrift-port", "0", "--user-service", "--user-service-port", "0")) {
            String ready = provider.nextLine(READY_DEADLINE);
            assertThat(ready).matches("rpcbench-provider ready zookeeper=127\\.0\\.0\\.1:\\d+ "
                    + "dubbo=dubbo://127\\.0\\.0\\.1:\\d+ thrift=127\\.0\\.0\\.1:\\d+"
                    + " user-dubbo-hessian2=dubbo://127\\.0\\.0\\.1:\\d+"
                    + " user-dubbo-protobuf=dubbo://127\\.0\\.0\\.1:\\d+"
                    + " user-tri-protobuf=tri://127\\.0\\.0\\.1:\\d+ user-tri-hessian2=tri://127\\.0\\.0\\.1:\\d+");

            ProtobufMessages.register(io.rpcbench.user.proto.UserService.class);
            for (UserStack stack : UserStack.values()) {
                String endpoint = value(ready, stack.key());
                if (stack.serviceInterface() == UserService.class) {
                    try (UserConsumer<UserService> users = UserConsumer.direct(UserService.class, stack, endpoint)) {
                        UserAnswers.assertUser(users.service().getUser(UserAnswers.USER_ID), UserAnswers.USER_ID);
                    }
                } else {
                    try (UserConsumer<io.rpcbench.user.proto.UserService> users = UserConsumer.direct(
                            io.rpcbench.user.proto.UserService.class, stack, endpoint)) {
                        UserAnswers.assertUser(users.service().getUser(
                                UserRequest.newBuilder().setId(UserAnswers.USER_ID).build()), UserAnswers.USER_ID);
                    }
                }
            }

            assertThat(provider.stop()).as("exit code after SIGTERM; stderr:\n%s", provider.stderr()).isZero();
            assertThat(provider.nextLine(Duration.ofSeconds(5))).isEqualTo("rpcbench-provider stopped");
        }
    }

    @Test
    void takenPortExits1NamingPortAndEndpoint() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            int port = taken.getLocalPort();
            try (JarProcess provider = JarProcess.launch(ProviderApp.jar(),
                    "--zookeeper-port", "0", "--thrift-port", "0", "--dubbo-port", Integer.toString(port))) {
                assertThat(provider.exitCode()).isEqualTo(1);
                assertThat(provider.stderr())
                        .contains("port " + port + " (dubbo) on 127.0.0.1 is already in use")
                        .doesNotContain("\tat ");
            }
        }
    }

    @Test
    void badOptionExits2NamingTheOption() throws Exception {
        try (JarProcess provider = JarProcess.launch(ProviderApp.jar(), "--threads", "0")) {
            assertThat(provider.exitCode()).isEqualTo(2);
            assertThat(provider.stderr()).contains("'--threads'").contains("expected 1 or more");
        }
    }

    private static String value(String readyLine, String key) {
        for (String token : readyLine.split(" ")) {
            if (token.startsWith(key + "=")) {
                return token.substring(key.length() + 1);
            }
        }
        throw new AssertionError("no " + key + "= in " + readyLine);
    }
}
