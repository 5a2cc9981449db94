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
    }

    @Test
    void externalRegistryIsParsed() {
        assertThat(ProviderCommand.settings("--registry", "zookeeper://127.0.0.1:2182").registry().orElseThrow()
                .hostPort()).isEqualTo("127.0.0.1:2182");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--dubbo-port      | -1        | expected 0 (pick a free port) to 65535",
        "--thrift-port     | 65536     | expected 0 (pick a free port) to 65535",
        "--zookeeper-port  | abc       | 'abc' is not an int",
        "--threads         | 0         | expected 1 or more",
        "--delay-ms        | -5        | expected 0 or more milliseconds",
        "--dubbo-protocol  | grpc      | expected one of dubbo, tri",
        "--serialization   | kryo      | expected one of hessian2, fastjson2",
        "--thrift-transport| http      | expected one of buffered, framed",
        "--thrift-protocol | json      | expected one of binary, compact",
        "--registry        | nacos://x | expected zookeeper://host:port",
    })
    void badOptionExitsWith2NamingTheOption(String option, String value, String expected) {
        StringWriter err = new StringWriter();
        CommandLine command = new CommandLine(new ProviderCommand());
        command.setErr(new PrintWriter(err));
        command.setOut(new PrintWriter(new StringWriter()));

        int exit = command.execute(option, value);

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("'" + option + "'").contains(expected);
    }
}
