package io.rpcbench.catalogue;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.sampler.json.ServiceDefinition;
import io.rpcbench.sampler.registry.RegisteredService;
import io.rpcbench.sampler.registry.RegistryAccess;
import io.rpcbench.sampler.registry.ServiceKey;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServicesCommandTest {

    private static final String SHOP = """
            {"canonicalName":"com.example.Shop","methods":[
              {"name":"order","parameterTypes":["com.example.Order"],"returnType":"com.example.Order"},
              {"name":"order","parameterTypes":["long","java.util.List<com.example.Line>"],"returnType":"com.example.Order"},
              {"name":"ping","parameterTypes":[],"returnType":"void"}],"types":[]}
            """;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @Test
    void listsApplicationsThenEachServiceWithVersionGroupAndMethods() throws IOException {
        FakeRegistry registry = new FakeRegistry(List.of(
                FakeRegistry.service(new ServiceKey("com.example.Shop", "1.0", "eu"), ServiceDefinition.parse(SHOP),
                        "shop-eu", "shop-backup"),
                new RegisteredService(new ServiceKey("com.example.Stock", "", ""), List.of("stock"), true,
                        ServiceDefinition.NONE)));

        int exit = run(registry, Map.of(), "services", "--registry", "zookeeper://127.0.0.1:2181");

        assertThat(exit).isZero();
        assertThat(out).hasToString("""
                the fake registry zookeeper://127.0.0.1:2181 holds 2 services of 3 applications: shop-backup, shop-eu, stock

                com.example.Shop version 1.0 group eu
                  served by shop-eu, shop-backup
                  com.example.Order order(com.example.Order)
                  com.example.Order order(long, java.util.List<com.example.Line>)
                  void ping()

                com.example.Stock
                  served by stock (registered at application level only)
                  (no methods: its provider published no definition in the registry's metadata)
                """);
        assertThat(registry.closed).as("registry closed").isTrue();
    }

    @Test
    void nacosAccessTakesThePasswordFromTheEnvironmentAndNeverPrintsIt() {
        FakeRegistry registry = new FakeRegistry(List.of());

        int exit = run(registry, Map.of(RegistryOptions.PASSWORD_VARIABLE, "s3cret"), "services", "--registry",
                "nacos://127.0.0.1:8848", "--namespace", "bench", "--registry-group", "RPC", "--username", "nacos");

        assertThat(exit).isZero();
        assertThat(registry.openedAccess).isEqualTo(new RegistryAccess("bench", "RPC", "nacos", "s3cret"));
        assertThat(out.toString() + err).doesNotContain("s3cret");
    }

    @Test
    void aUserWithoutThePasswordVariableIsRefusedNamingTheVariable() {
        int exit = run(new FakeRegistry(List.of()), Map.of(), "services", "--registry", "nacos://127.0.0.1:8848",
                "--username", "nacos");

        assertThat(exit).isEqualTo(BadOptionException.EXIT_CODE);
        assertThat(err).hasToString("services: --username 'nacos' is given and RPCBENCH_REGISTRY_PASSWORD is not"
                + " set; expected the user's password in the environment variable RPCBENCH_REGISTRY_PASSWORD\n");
    }

    @Test
    void aNacosOptionForZooKeeperAndAnAddressOfAnotherKindAreRefused() {
        assertThat(run(new FakeRegistry(List.of()), Map.of(), "services", "--registry", "zookeeper://127.0.0.1:2181",
                "--namespace", "bench")).isEqualTo(BadOptionException.EXIT_CODE);
        assertThat(run(new FakeRegistry(List.of()), Map.of(), "services", "--registry", "dubbo://127.0.0.1:20880"))
                .isEqualTo(BadOptionException.EXIT_CODE);

        assertThat(err.toString().lines()).containsExactly(
                "services: --namespace 'bench' is a setting of a Nacos registry, and --registry is"
                        + " zookeeper://127.0.0.1:2181; expected no --namespace, or a nacos:// address",
                "services: --registry 'dubbo://127.0.0.1:20880' is not a ZooKeeper or Nacos registry address;"
                        + " expected zookeeper://host:port or nacos://host:port");
    }

    @Test
    void reflectionTakesOneServersAddressAndNoRegistry() {
        assertThat(run(new FakeRegistry(List.of()), Map.of(), "services", "--reflection", "tri://127.0.0.1:50051",
                "--registry", "zookeeper://127.0.0.1:2181")).isEqualTo(BadOptionException.EXIT_CODE);
        assertThat(run(new FakeRegistry(List.of()), Map.of(), "services", "--reflection", "127.0.0.1:50051"))
                .isEqualTo(BadOptionException.EXIT_CODE);

        assertThat(err.toString().lines()).containsExactly(
                "services: --reflection 'tri://127.0.0.1:50051' and --registry are both given; expected one of them:"
                        + " a server to ask, or a registry to read",
                "services: --reflection '127.0.0.1:50051' is not a server's address; expected tri://host:port");
    }

    private int run(FakeRegistry registry, Map<String, String> environment, String... args) {
        var commandLine = CatalogueCommand.commandLine(registry, environment::get);
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        return commandLine.execute(args);
    }
}
