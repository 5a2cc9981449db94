package io.rpcbench.elements.browse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.rpcbench.sampler.dubbo.triple.ServerReflection;
import io.rpcbench.sampler.json.MethodSignature;
import io.rpcbench.sampler.json.ServiceDefinition;
import io.rpcbench.sampler.registry.RegisteredService;
import io.rpcbench.sampler.registry.RegistryAccess;
import io.rpcbench.sampler.registry.ServiceKey;
import io.rpcbench.sampler.registry.ServiceRegistry;
import java.io.IOException;
import java.net.ConnectException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What Browse lists and fills in, against a fake registry: the services, each failure in words, the chosen fields. */
class RegistryBrowseTest {

    private static final MethodSignature TOTAL = new MethodSignature("total",
            List.of("java.util.List<io.rpcbench.example.OrderLine>"), "java.math.BigDecimal");
    private static final ServiceDefinition ORDERS = new ServiceDefinition("io.rpcbench.example.OrderService",
            List.of(TOTAL), Map.of("io.rpcbench.example.OrderLine", new ServiceDefinition.Type(
                    "io.rpcbench.example.OrderLine", Map.of("sku", "java.lang.String", "quantity", "int",
                            "unitPrice", "java.math.BigDecimal"), List.of())));
    private static final RegisteredService ORDER_SERVICE = new RegisteredService(
            new ServiceKey("io.rpcbench.example.OrderService", "1.0", "eu"), List.of("rpcbench-provider"), false,
            ORDERS);

    private final Map<String, String> fields = new HashMap<>();
    private final List<String> opened = new ArrayList<>();
    private final List<RegistryAccess> accesses = new ArrayList<>();

    private RegistryBrowse browse(List<RegisteredService> services) {
        return new RegistryBrowse((address, access, timeoutMs) -> {
            opened.add(address);
            accesses.add(access);
            return new FakeRegistry(address, services);
        });
    }

    private RegistryBrowse.Listing list(RegistryBrowse browse) {
        return browse.list(name -> fields.getOrDefault(name, ""));
    }

    @Test
    void listsTheServicesOfTheRegistryInTheAddressField() {
        fields.put("address", "zookeeper://127.0.0.1:2181");

        RegistryBrowse.Listing listing = list(browse(List.of(ORDER_SERVICE)));

        assertThat(listing.ok()).isTrue();
        assertThat(listing.services()).extracting(RegistryBrowse.Offer::shown)
                .containsExactly("io.rpcbench.example.OrderService version 1.0 group eu (rpcbench-provider)");
        assertThat(listing.services().get(0).methods()).extracting(RegistryBrowse.OfferedMethod::choice)
                .containsExactly(RegistryBrowse.choice(ORDER_SERVICE, TOTAL));
        assertThat(opened).containsExactly("zookeeper://127.0.0.1:2181");
    }

    @Test
    void aNacosRegistryIsReadWithTheNamespaceGroupAndUserOfTheFields() {
        fields.putAll(Map.of("address", "nacos://127.0.0.1:8848", "namespace", "bench", "registry_group", "RPC",
                "username", "reader", "password", "secret"));

        assertThat(list(browse(List.of(ORDER_SERVICE))).ok()).isTrue();

        assertThat(accesses).containsExactly(new RegistryAccess("bench", "RPC", "reader", "secret"));
    }

    @Test
    void eachProblemIsSaidInWordsWithWhatWasExpected() {
        RegistryBrowse browse = browse(List.of());

        assertThat(list(browse).problem()).startsWith("There is no registry to browse: the request's Registry or URL "
                + "is empty and no Dubbo Defaults in its scope gives one. Expected zookeeper://host:port");
        fields.put("address", "dubbo://127.0.0.1:20880");
        assertThat(list(browse).problem()).startsWith("'dubbo://127.0.0.1:20880' is one provider's direct URL, not a "
                + "registry: Browse reads the services a registry lists, or a tri://host:port server's gRPC "
                + "reflection");
        fields.put("address", "http://127.0.0.1:8080");
        assertThat(list(browse).problem()).isEqualTo("The Registry or URL 'http://127.0.0.1:8080' is not a registry "
                + "address. Expected zookeeper://host:port or nacos://host:port.");
        fields.put("address", "zookeeper://127.0.0.1:2181");
        fields.put("namespace", "bench");
        assertThat(list(browse).problem()).startsWith("Browse cannot read the registry with these fields: namespace "
                + "'bench' is a setting of a Nacos registry");
        fields.remove("namespace");
        assertThat(list(browse).problem()).isEqualTo("The fake registry zookeeper://127.0.0.1:2181 holds no service "
                + "with a provider running now. Start the providers, or check the address.");
        assertThat(opened).as("a registry opened only for a registry address").hasSize(1);
    }

    @Test
    void aRegistryThatDoesNotAnswerIsSaidSoNotAsAStackTrace() {
        fields.put("address", "zookeeper://127.0.0.1:2181");
        RegistryBrowse silent = new RegistryBrowse((address, access, timeoutMs) -> {
            throw new ConnectException("ZooKeeper 127.0.0.1:2181 did not answer within " + timeoutMs + " ms");
        });
        RegistryBrowse failing = new RegistryBrowse((address, access, timeoutMs) -> {
            throw new IOException("connection reset");
        });

        assertThat(list(silent).problem()).isEqualTo("The registry zookeeper://127.0.0.1:2181 did not answer within "
                + "5 s. Is it running, and is the address right?");
        assertThat(list(failing).problem()).isEqualTo("The registry zookeeper://127.0.0.1:2181 could not be read: "
                + "connection reset");
    }

    @Test
    void aChosenMethodFillsInterfaceMethodParameterTypesVersionGroupAndATypedArgumentsTemplate() {
        RegistryBrowse.Choice choice = RegistryBrowse.choice(ORDER_SERVICE, TOTAL);

        assertThat(choice).isEqualTo(new RegistryBrowse.Choice("io.rpcbench.example.OrderService", "1.0", "eu",
                "total", "java.util.List<io.rpcbench.example.OrderLine>",
                "[[{\"quantity\": 0, \"sku\": \"\", \"unitPrice\": 0}]]"));
    }

    /**
     * A tri:// address is one server: Browse lists what its gRPC reflection describes, and a chosen method fills the
     * .proto's service name, the method, invocation proto-descriptor and its request message at its defaults.
     */
    @Test
    void aTriServerIsBrowsedThroughItsReflection() {
        fields.put("address", "tri://127.0.0.1:50051");
        List<String> asked = new ArrayList<>();
        ServerReflection.ReflectedMethod getUser = new ServerReflection.ReflectedMethod("getUser",
                "rpc getUser(rpcbench.user.UserRequest) returns (rpcbench.user.User)", "[{\"id\":\"0\"}]");
        RegistryBrowse browse = new RegistryBrowse((address, access, timeoutMs) -> fail("no registry to open"),
                (address, timeoutMs) -> {
                    asked.add(address);
                    return new ServerReflection.Described("grpc.reflection.v1.ServerReflection", List.of(
                            new ServerReflection.ReflectedService("rpcbench.user.UserService", List.of(getUser), ""),
                            new ServerReflection.ReflectedService("rpcbench.Broken", List.of(), "no file")));
                });

        RegistryBrowse.Listing listing = list(browse);

        assertThat(asked).containsExactly("tri://127.0.0.1:50051");
        assertThat(listing.registry()).isEqualTo("the server tri://127.0.0.1:50051 (gRPC reflection)");
        assertThat(listing.services()).extracting(RegistryBrowse.Offer::shown)
                .containsExactly("rpcbench.user.UserService", "rpcbench.Broken");
        RegistryBrowse.OfferedMethod method = listing.services().get(0).methods().get(0);
        assertThat(method.shown()).isEqualTo("rpc getUser(rpcbench.user.UserRequest) returns (rpcbench.user.User)");
        assertThat(method.choice()).isEqualTo(new RegistryBrowse.Choice("rpcbench.user.UserService", "", "",
                "getUser", "", "[{\"id\":\"0\"}]", "proto-descriptor"));
        assertThat(listing.services().get(1).noMethods()).isEqualTo("rpcbench.Broken was not described: no file");
    }

    @Test
    void aServerWithoutReflectionIsSaidInWordsWithWhatToDo() {
        fields.put("address", "tri://127.0.0.1:50051");
        RegistryBrowse browse = new RegistryBrowse((address, access, timeoutMs) -> fail("no registry to open"),
                (address, timeoutMs) -> {
                    throw new ServerReflection.ReflectionFailure("the server at " + address + " answered no gRPC "
                            + "reflection (grpc.reflection.v1.ServerReflection: UNIMPLEMENTED)", true);
                });

        assertThat(list(browse).problem()).isEqualTo("Browse asked tri://127.0.0.1:50051's gRPC reflection for its "
                + "services, and the server at tri://127.0.0.1:50051 answered no gRPC reflection "
                + "(grpc.reflection.v1.ServerReflection: UNIMPLEMENTED). Turn reflection on in the server (Dubbo: "
                + "dubbo.tri.builtin.service.init=true; grpc-java: ProtoReflectionServiceV1), give a registry address "
                + "instead, or type the interface and method yourself with invocation proto-descriptor and a "
                + "descriptor set.");
    }

    /** A registry holding {@code services}. */
    private record FakeRegistry(String address, List<RegisteredService> services) implements ServiceRegistry {

        @Override
        public String describe() {
            return "the fake registry " + address;
        }

        @Override
        public ServiceDefinition definition(ServiceKey key) {
            throw new UnsupportedOperationException("Browse reads the definitions of services()");
        }

        @Override
        public void requireProvider(ServiceKey key) {
            throw new UnsupportedOperationException("a consumer's question");
        }

        @Override
        public List<String> providedBy(ServiceKey key) {
            throw new UnsupportedOperationException("a consumer's question");
        }

        @Override
        public void requireAccess() {
        }

        @Override
        public void close() {
        }
    }
}
