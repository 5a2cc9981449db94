package io.rpcbench.catalogue;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.elements.model.DubboDefaults;
import io.rpcbench.elements.model.DubboRequest;
import io.rpcbench.elements.model.RpcRequest;
import io.rpcbench.elements.model.ThriftRequest;
import io.rpcbench.example.thrift.InventoryService;
import io.rpcbench.sampler.json.ServiceDefinition;
import io.rpcbench.sampler.registry.ServiceKey;
import io.rpcbench.sampler.template.ArgumentTemplate;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanCommandTest {

    private static final String ORDER_SERVICE = "io.rpcbench.example.OrderService";
    private static final String SHOP = """
            {"canonicalName":"com.example.Shop","methods":[
              {"name":"order","parameterTypes":["com.example.Order"],"returnType":"com.example.Order"},
              {"name":"order","parameterTypes":["long"],"returnType":"com.example.Order"},
              {"name":"ping","parameterTypes":[],"returnType":"void"}],
             "types":[{"type":"com.example.Order","properties":{"id":"long"}}]}
            """;

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @Test
    void dubboPlanLoadsInJMeterWithTheDubboRequestAndDefaultsFilledInFromTheRegistry() throws IOException {
        FakeRegistry registry = orderRegistry();
        Path plan = dir.resolve("place-order.jmx");

        int exit = run(registry, Map.of(RegistryOptions.PASSWORD_VARIABLE, "s3cret"), "plan",
                "--registry", "nacos://127.0.0.1:8848", "--namespace", "bench", "--registry-group", "RPC",
                "--username", "nacos", "--interface", ORDER_SERVICE, "--version", "1.0", "--group", "eu",
                "--method", "place", "--threads", "4", "--warmup", "5", "--duration", "30", "--out", plan.toString());

        assertThat(exit).as("exit code; errors: %s", err).isZero();
        HashTree tree = JMeterPlans.load(plan);
        List<RpcRequest> requests = JMeterPlans.requests(tree);
        assertThat(requests).singleElement().satisfies(request -> {
            assertThat(request.getName()).isEqualTo("place");
            assertThat(request).isExactlyInstanceOf(DubboRequest.class);
        });
        Map<String, String> fields = JMeterPlans.fields(requests.get(0));
        assertThat(fields).as("what to call, in the Dubbo Request")
                .containsEntry("interface", ORDER_SERVICE)
                .containsEntry("method", "place")
                .containsEntry("version", "1.0")
                .containsEntry("group", "eu")
                .containsEntry("arguments", ArgumentTemplate.of(OrderServiceDefinition.parsed(),
                        OrderServiceDefinition.parsed().methodsNamed("place").get(0)))
                .as("empty fields are no property, as the GUI saves them: the Defaults or the sampler's default apply")
                .doesNotContainKeys("parameter_types", "attachments", "address", "namespace", "password");
        assertThat(fields.get("property_overrides")).contains("password=dubbo.password",
                "username=dubbo.username", "address=dubbo.address");
        assertThat(new DubboRequest().fieldNames()).as("the Dubbo Request's own fields")
                .containsAll(fields.keySet());
        assertThat(JMeterPlans.dubboDefaults(tree)).singleElement().satisfies(defaults -> {
            assertThat(JMeterPlans.fields(defaults)).as("where to call, in the Dubbo Defaults")
                    .containsEntry("address", "nacos://127.0.0.1:8848")
                    .containsEntry("namespace", "bench")
                    .containsEntry("registry_group", "RPC")
                    .containsEntry("username", "nacos")
                    .doesNotContainKey("password");
            assertThat(DubboDefaults.FIELDS).containsAll(JMeterPlans.fields(defaults).keySet());
        });
        assertThat(JMeterPlans.threadGroup(tree).getPropertyAsString("ThreadGroup.num_threads"))
                .isEqualTo("${__P(threads,4)}");
        assertThat(JMeterPlans.threadGroup(tree).getPropertyAsString("ThreadGroup.duration"))
                .isEqualTo("${__jexl3(${__P(loops,-1)} > 0 ? 86400 : ${__P(warmup,5)} + ${__P(duration,30)})}");
        assertThat(testPlan(tree).getName()).isEqualTo("place-order");
        assertThat(Files.readString(plan)).doesNotContain("s3cret", "order_id", "OrderService.place order");
        assertThat(out.toString()).contains("-q registry.properties").doesNotContain("s3cret");
    }

    @Test
    void thriftPlanLoadsInJMeterWithTheSamplerFilledInFromTheGeneratedClasses() throws IOException {
        Path plan = dir.resolve("shelve.jmx");

        int exit = run(orderRegistry(), Map.of(), "plan", "--thrift-service", InventoryService.class.getName(),
                "--classpath", ThriftArgumentTemplateTest.serviceJar(), "--address", "127.0.0.1:9191",
                "--multiplexed-service", "InventoryService", "--method", "shelve", "--out", plan.toString());

        assertThat(exit).as("exit code; errors: %s", err).isZero();
        HashTree tree = JMeterPlans.load(plan);
        assertThat(JMeterPlans.requests(tree)).singleElement().isExactlyInstanceOf(ThriftRequest.class);
        Map<String, String> fields = JMeterPlans.fields(JMeterPlans.requests(tree).get(0));
        assertThat(fields).containsEntry("host", "127.0.0.1").containsEntry("port", "9191")
                .containsEntry("service", InventoryService.class.getName()).containsEntry("method", "shelve")
                .containsEntry("multiplexed_service", "InventoryService")
                .containsEntry("arguments", ThriftMethods.load(InventoryService.class.getName(),
                        ThriftArgumentTemplateTest.serviceJar()).template("shelve"));
        assertThat(new ThriftRequest().fieldNames()).containsAll(fields.keySet());
        assertThat(JMeterPlans.dubboDefaults(tree)).as("a Thrift plan has no Dubbo Defaults").isEmpty();
        assertThat(testPlan(tree).getTestPlanClasspath())
                .isEqualTo(ThriftArgumentTemplateTest.serviceJar());
        assertThat(JMeterPlans.threadGroup(tree).getPropertyAsString("ThreadGroup.num_threads"))
                .as("the model's default").isEqualTo("${__P(threads,20)}");
    }

    @Test
    void anUnknownMethodIsRefusedNamingEveryMethodOfTheService() {
        int exit = run(orderRegistry(), Map.of(), "plan", "--registry", "zookeeper://127.0.0.1:2181",
                "--interface", ORDER_SERVICE, "--method", "plac", "--out", dir.resolve("p.jmx").toString());

        assertThat(exit).isEqualTo(BadOptionException.EXIT_CODE);
        assertThat(err.toString()).startsWith("plan: --method 'plac' is not a method of " + ORDER_SERVICE
                + "; expected one of its methods: ").contains(" place(io.rpcbench.example.Order)");
        assertThat(dir.resolve("p.jmx")).doesNotExist();
    }

    @Test
    void anOverloadedMethodNeedsParameterTypesAndTheErrorListsTheOverloads() {
        int exit = run(shopRegistry(), Map.of(), "plan", "--registry", "zookeeper://127.0.0.1:2181",
                "--interface", "com.example.Shop", "--method", "order", "--out", dir.resolve("p.jmx").toString());

        assertThat(exit).isEqualTo(BadOptionException.EXIT_CODE);
        assertThat(err).hasToString("plan: --method 'order' is overloaded in com.example.Shop; expected"
                + " --parameter-types naming the parameter types of one of: com.example.Order order(com.example.Order);"
                + " com.example.Order order(long)\n");
    }

    @Test
    void parameterTypesPickTheOverloadAndGoIntoThePlanForTheSamplerToChooseToo() throws IOException {
        Path plan = dir.resolve("order-by-id.jmx");

        int exit = run(shopRegistry(), Map.of(), "plan", "--registry", "zookeeper://127.0.0.1:2181",
                "--interface", "com.example.Shop", "--method", "order", "--parameter-types", "long",
                "--out", plan.toString());

        assertThat(exit).as("exit code; errors: %s", err).isZero();
        Map<String, String> fields = JMeterPlans.fields(JMeterPlans.requests(JMeterPlans.load(plan)).get(0));
        assertThat(fields).containsEntry("parameter_types", "long").containsEntry("arguments", "[0]");
    }

    @Test
    void parameterTypesMatchingNoOverloadAreRefusedListingThem() {
        int exit = run(shopRegistry(), Map.of(), "plan", "--registry", "zookeeper://127.0.0.1:2181",
                "--interface", "com.example.Shop", "--method", "order", "--parameter-types", "int",
                "--out", dir.resolve("p.jmx").toString());

        assertThat(exit).isEqualTo(BadOptionException.EXIT_CODE);
        assertThat(err).hasToString("plan: --parameter-types 'int' match no overloads of order; expected the"
                + " parameter types of one of: com.example.Order order(com.example.Order); com.example.Order"
                + " order(long)\n");
    }

    @Test
    void aServiceTheRegistryDoesNotHoldEndsWithTheRegistrysAnswer() {
        int exit = run(shopRegistry(), Map.of(), "plan", "--registry", "zookeeper://127.0.0.1:2181",
                "--interface", "com.example.Nope", "--method", "order", "--out", dir.resolve("p.jmx").toString());

        assertThat(exit).isEqualTo(1);
        assertThat(err).hasToString("plan: the service has no provider in the fake registry"
                + " zookeeper://127.0.0.1:2181 (looked for com.example.Nope) (UNKNOWN_SERVICE)\n");
    }

    private static FakeRegistry orderRegistry() {
        try {
            return new FakeRegistry(List.of(FakeRegistry.service(new ServiceKey(ORDER_SERVICE, "1.0", "eu"),
                    OrderServiceDefinition.parsed(), "rpcbench-provider"), FakeRegistry.service(
                    new ServiceKey(ORDER_SERVICE, "", ""), OrderServiceDefinition.parsed(), "rpcbench-provider")));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static FakeRegistry shopRegistry() {
        try {
            return new FakeRegistry(List.of(FakeRegistry.service(new ServiceKey("com.example.Shop", "", ""),
                    ServiceDefinition.parse(SHOP), "shop")));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static TestPlan testPlan(HashTree tree) {
        SearchByClass<TestPlan> search = new SearchByClass<>(TestPlan.class);
        tree.traverse(search);
        return search.getSearchResults().iterator().next();
    }

    private int run(FakeRegistry registry, Map<String, String> environment, String... args) {
        var commandLine = CatalogueCommand.commandLine(registry, environment::get);
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        return commandLine.execute(args);
    }
}
