package io.rpcbench.provider;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.provider.dubbo.RegisterMode;
import io.rpcbench.provider.thrift.ThriftProtocol;
import io.rpcbench.provider.thrift.ThriftTransport;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Option parsing and checking: defaults, and exit code 2 with a message naming every bad option. */
class ProviderCommandTest {

    @Test
    void defaultsAreTheDocumentedOnes() {
        ProviderSettings s = ProviderCommand.settings();

        assertThat(s.bind()).isEqualTo("127.0.0.1");
        assertThat(s.registry()).isEmpty();
        assertThat(s.registerMode()).as("Dubbo 3's default: interface and instance").isEqualTo(RegisterMode.ALL);
        assertThat(s.zookeeperPort()).isEqualTo(2181);
        assertThat(s.dubbo()).isTrue();
        assertThat(s.dubboPort()).isEqualTo(20880);
        assertThat(s.dubboProtocol()).isEqualTo("dubbo");
        assertThat(s.serialization()).isEqualTo("hessian2");
        assertThat(s.thrift()).isTrue();
        assertThat(s.thriftPort()).isEqualTo(9090);
        assertThat(s.thriftTransport()).isEqualTo(ThriftTransport.BUFFERED);
        assertThat(s.thriftProtocol()).isEqualTo(ThriftProtocol.BINARY);
        assertThat(s.threads()).isEqualTo(200);
        assertThat(s.delayMs()).isZero();
        assertThat(s.serviceWorkers()).as("no service workers unless asked").isZero();
        assertThat(s.newServiceWorkers()).isNull();
        assertThat(s.rest()).as("HTTP echo off unless --rest-port").isFalse();
        assertThat(s.userService()).as("user service off unless --user-service").isFalse();
    }

    @Test
    void serviceWorkersAndServiceTimeMakeAProviderOfKnownCapacity() {
        ProviderSettings s = ProviderCommand.settings("--service-workers", "32", "--service-time-us", "2000");

        assertThat(s.serviceWorkers()).isEqualTo(32);
        assertThat(s.serviceTimeUs()).isEqualTo(2000);
        assertThat(s.newServiceWorkers().capacityPerSecond()).isEqualTo(16_000.0);
    }

    @Test
    void userServiceTakesPorts20881To20884ByDefault() {
        ProviderSettings s = ProviderCommand.settings("--user-service");

        assertThat(s.userService()).isTrue();
        assertThat(s.userServicePort()).isEqualTo(20881);
    }

    @Test
    void userServicePortZeroPicksFreePorts() {
        ProviderSettings s = ProviderCommand.settings("--user-service", "--user-service-port", "0");

        assertThat(s.userService()).isTrue();
        assertThat(s.userServicePort()).isZero();
    }

    @Test
    void userServicePortMayTouchAnotherEndpointsPortWithoutOverlapping() {
        ProviderSettings s = ProviderCommand.settings("--user-service", "--user-service-port", "30001",
                "--dubbo-port", "30000", "--thrift-port", "30005");

        assertThat(s.userServicePort()).isEqualTo(30001);
    }

    @Test
    void restPortTurnsTheHttpEchoOn() {
        ProviderSettings s = ProviderCommand.settings("--rest-port", "0");

        assertThat(s.rest()).isTrue();
        assertThat(s.restPort()).isZero();
    }

    @ParameterizedTest
    @CsvSource({"interface, INTERFACE", "instance, INSTANCE", "all, ALL"})
    void registerModeIsDubbosApplicationSetting(String value, RegisterMode mode) {
        assertThat(ProviderCommand.settings("--register-mode", value).registerMode()).isEqualTo(mode);
        assertThat(mode.dubboValue()).isEqualTo(value);
    }

    @Test
    void externalRegistryIsParsed() {
        assertThat(ProviderCommand.settings("--registry", "zookeeper://127.0.0.1:2182").registry().orElseThrow()
                .hostPort()).isEqualTo("127.0.0.1:2182");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "--dubbo-port      | -1          "
                + " | Invalid value for option '--dubbo-port': -1 is out of range; expected 0 (pick a free port) to 65535",
        "--thrift-port     | 65536       "
                + " | Invalid value for option '--thrift-port': 65536 is out of range; expected 0 (pick a free port) to 65535",
        "--zookeeper-port  | 70000       "
                + " | Invalid value for option '--zookeeper-port': 70000 is out of range; expected 0 (pick a free port) to 65535",
        "--rest-port       | 65536       "
                + " | Invalid value for option '--rest-port': 65536 is out of range; expected 0 (pick a free port) to 65535",
        "--zookeeper-port  | abc         "
                + " | Invalid value for option '--zookeeper-port': 'abc' is not an int",
        "--threads         | 0           "
                + " | Invalid value for option '--threads': 0 is out of range; expected 1 or more",
        "--threads         | -3          "
                + " | Invalid value for option '--threads': -3 is out of range; expected 1 or more",
        "--delay-ms        | -5          "
                + " | Invalid value for option '--delay-ms': -5 is out of range; expected 0 or more milliseconds",
        "--delay-ms        | soon        "
                + " | Invalid value for option '--delay-ms': 'soon' is not an int",
        "--service-workers | 0           "
                + " | Invalid value for option '--service-workers': given without --service-time-us; expected both (e.g. --service-workers 4 --service-time-us 5000: 4 workers x 5 ms, 800 calls a second)",
        "--service-time-us | 5000        "
                + " | Invalid value for option '--service-time-us': given without --service-workers; expected both (e.g. --service-workers 4 --service-time-us 5000: 4 workers x 5 ms, 800 calls a second)",
        "--service-time-us | soon        "
                + " | Invalid value for option '--service-time-us': 'soon' is not a long",
        "--dubbo-protocol  | grpc        "
                + " | Invalid value for option '--dubbo-protocol': unknown protocol 'grpc'; expected one of dubbo, tri",
        "--serialization   | kryo        "
                + " | Invalid value for option '--serialization': unknown serialization 'kryo'; expected one of hessian2, fastjson2",
        "--thrift-transport| http        "
                + " | Invalid value for option '--thrift-transport': unknown Thrift transport 'http'; expected one of buffered, framed",
        "--thrift-protocol | json        "
                + " | Invalid value for option '--thrift-protocol': unknown Thrift protocol 'json'; expected one of binary, compact",
        "--register-mode   | application "
                + " | Invalid value for option '--register-mode': unknown register mode 'application'; expected one of interface, instance, all",
        "--registry        | etcd://x:1  "
                + " | Invalid value for option '--registry': 'etcd://x:1' is not a registry address; expected zookeeper://host:port or nacos://host:port[?namespace=ID&group=GROUP], e.g. zookeeper://127.0.0.1:2181",
        "--registry        | nacos://x   "
                + " | Invalid value for option '--registry': 'nacos://x' has no host or no port; expected zookeeper://host:port or nacos://host:port[?namespace=ID&group=GROUP], e.g. zookeeper://127.0.0.1:2181",
        "--registry        | zookeeper://127.0.0.1"
                + " | Invalid value for option '--registry': 'zookeeper://127.0.0.1' has no host or no port; expected zookeeper://host:port or nacos://host:port[?namespace=ID&group=GROUP], e.g. zookeeper://127.0.0.1:2181",
    })
    void badOptionExitsWith2NamingTheOption(String option, String value, String message) {
        assertExits2WithFirstLine(message, option, value);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--service-workers 0 --service-time-us 5000"
                + " | Invalid value for option '--service-workers': 0 is out of range; expected 1 to 100000",
        "--service-workers 4 --service-time-us 0"
                + " | Invalid value for option '--service-time-us': 0 is out of range; expected 1 to 60000000 microseconds",
        "--service-workers 4 --service-time-us -5"
                + " | Invalid value for option '--service-time-us': -5 is out of range; expected 1 to 60000000 microseconds",
        "--service-workers 4 --service-time-us 5000 --delay-ms 5"
                + " | Invalid value for option '--delay-ms': 5 with --service-workers; expected one of them: the delay would come before the queue and change the provider's known capacity",
    })
    void badServiceWorkerOptionsExitWith2NamingTheOption(String words, String message) {
        assertExits2WithFirstLine(message, words.split(" "));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--user-service --user-service-port -1"
                + " | Invalid value for option '--user-service-port': -1 is out of range; expected 0 (a free port for each stack) or 1 to 65532 (the 4 stacks take this port and the next 3)",
        "--user-service --user-service-port 65533"
                + " | Invalid value for option '--user-service-port': 65533 is out of range; expected 0 (a free port for each stack) or 1 to 65532 (the 4 stacks take this port and the next 3)",
        "--user-service --user-service-port many"
                + " | Invalid value for option '--user-service-port': 'many' is not an int",
        "--user-service-port 30000"
                + " | Invalid value for option '--user-service-port': given without --user-service; expected --user-service too (the user service is off by default)",
        "--user-service --user-service-port 20879"
                + " | Invalid value for option '--user-service-port': the user service's ports 20879 to 20882 include 20880 of --dubbo-port; expected 4 ports of their own",
        "--user-service --thrift-port 20884"
                + " | Invalid value for option '--user-service-port': the user service's ports 20881 to 20884 include 20884 of --thrift-port; expected 4 ports of their own",
        "--user-service --user-service-port 2180"
                + " | Invalid value for option '--user-service-port': the user service's ports 2180 to 2183 include 2181 of --zookeeper-port; expected 4 ports of their own",
        "--user-service --rest-port 20883"
                + " | Invalid value for option '--user-service-port': the user service's ports 20881 to 20884 include 20883 of --rest-port; expected 4 ports of their own",
    })
    void badUserServiceOptionsExitWith2NamingTheOption(String words, String message) {
        assertExits2WithFirstLine(message, words.split(" "));
    }

    @Test
    void userServicePortsMayOverlapEndpointsThatAreNotStarted() {
        ProviderSettings s = ProviderCommand.settings("--user-service", "--user-service-port", "20879", "--no-dubbo");

        assertThat(s.userServicePort()).isEqualTo(20879);
    }

    @Test
    void aRegistryUserWithoutARegistryIsRefused() {
        assertExits2WithFirstLine("Invalid value for option '--registry-username': 'bench' is a user of an external "
                + "registry, and no --registry is given; expected --registry nacos://host:port with it",
                "--registry-username", "bench");
    }

    @Test
    void aRegistryUserWithoutItsPasswordInTheEnvironmentIsRefused() {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv(ProviderCommand.PASSWORD_VARIABLE) == null,
                "the test JVM's environment sets " + ProviderCommand.PASSWORD_VARIABLE);
        assertExits2WithFirstLine("Invalid value for option '--registry-username': 'bench' needs its password in the "
                + "environment variable RPCBENCH_REGISTRY_PASSWORD, which is not set",
                "--registry", "nacos://127.0.0.1:8848", "--registry-username", "bench");
    }

    private static void assertExits2WithFirstLine(String message, String... args) {
        StringWriter err = new StringWriter();
        CommandLine command = new CommandLine(new ProviderCommand());
        command.setErr(new PrintWriter(err));
        command.setOut(new PrintWriter(new StringWriter()));

        int exit = command.execute(args);

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString().lines().findFirst()).contains(message);
    }
}
