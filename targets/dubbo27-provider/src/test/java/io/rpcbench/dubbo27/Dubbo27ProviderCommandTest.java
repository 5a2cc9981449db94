package io.rpcbench.dubbo27;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** The registry options that are refused before anything starts: exit code 2 and a message naming the option. */
class Dubbo27ProviderCommandTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--registry etcd://127.0.0.1:2379"
                + " | Invalid value for option '--registry': 'etcd://127.0.0.1:2379' is not a registry address; "
                + "expected zookeeper://host:port, nacos://host:port[?namespace=ID&group=GROUP] or none",
        "--registry nacos://127.0.0.1"
                + " | Invalid value for option '--registry': 'nacos://127.0.0.1' is not a registry address; "
                + "expected zookeeper://host:port, nacos://host:port[?namespace=ID&group=GROUP] or none",
        "--registry nacos://127.0.0.1:8848?namespace=n&password=secret"
                + " | Invalid value for option '--registry': 'nacos://127.0.0.1:8848?namespace=n&password=****' "
                + "carries credentials in its query, where they would be printed; expected them apart "
                + "(--registry-username and the environment variable RPCBENCH_REGISTRY_PASSWORD)",
        "--registry zookeeper://127.0.0.1:2181 --registry-username nacos"
                + " | Invalid value for option '--registry-username': 'nacos' is a user of a Nacos registry, and "
                + "--registry is zookeeper://127.0.0.1:2181; expected --registry nacos://host:port with it",
    })
    void aBadRegistryExitsWith2NamingTheOption(String words, String message) {
        StringWriter err = new StringWriter();
        CommandLine command = new CommandLine(new Dubbo27ProviderCommand()).setErr(new PrintWriter(err));

        int exit = command.execute(words.trim().split(" "));

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString().lines().findFirst().orElseThrow()).isEqualTo(message.trim());
    }
}
