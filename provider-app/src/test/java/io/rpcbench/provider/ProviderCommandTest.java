package io.rpcbench.provider;

import static org.assertj.core.api.Assertions.assertThat;

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
        assertThat(s.rest()).as("HTTP echo off unless --rest-port").isFalse();
    }

    @Test
    void restPortTurnsTheHttpEchoOn() {
        ProviderSettings s = ProviderCommand.settings("--rest-port", "0");

        assertThat(s.rest()).isTrue();
        assertThat(s.restPort()).isZero();
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
        "--dubbo-protocol  | grpc        "
                + " | Invalid value for option '--dubbo-protocol': unknown protocol 'grpc'; expected one of dubbo, tri",
        "--serialization   | kryo        "
                + " | Invalid value for option '--serialization': unknown serialization 'kryo'; expected one of hessian2, fastjson2",
        "--thrift-transport| http        "
                + " | Invalid value for option '--thrift-transport': unknown Thrift transport 'http'; expected one of buffered, framed",
        "--thrift-protocol | json        "
                + " | Invalid value for option '--thrift-protocol': unknown Thrift protocol 'json'; expected one of binary, compact",
        "--registry        | nacos://x   "
                + " | Invalid value for option '--registry': 'nacos://x' is not a registry address; expected zookeeper://host:port, e.g. zookeeper://127.0.0.1:2181",
        "--registry        | zookeeper://127.0.0.1"
                + " | Invalid value for option '--registry': 'zookeeper://127.0.0.1' has no host or no port; expected zookeeper://host:port, e.g. zookeeper://127.0.0.1:2181",
    })
    void badOptionExitsWith2NamingTheOption(String option, String value, String message) {
        StringWriter err = new StringWriter();
        CommandLine command = new CommandLine(new ProviderCommand());
        command.setErr(new PrintWriter(err));
        command.setOut(new PrintWriter(new StringWriter()));

        int exit = command.execute(option, value);

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString().lines().findFirst()).contains(message);
    }
}
