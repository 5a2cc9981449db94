package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.rpcbench.sampler.json.ExactJson;
import io.rpcbench.testing.ProviderApp;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Acceptance 1 and 4 of issue 4: the example OrderService, exported by the provider app's jar in its own JVM over
 * dubbo and over tri, called by {@link DubboServiceSampler} by generic invocation through the registry, with no API
 * jar on this class path; every value comes back exactly.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class OrderServiceGenericIT {

    private static final String ORDERS = "io.rpcbench.example.OrderService";
    private static final String LONG_BEYOND_DOUBLE = "9007199254740993"; // 2^53 + 1: a double would make it ...992
    private static final String LONG_FRACTION = "0.123456789012345678901234567890123456789";
    private static final String PLACED_AT = "2024-05-06T07:08:09.123456789";
    private static final String REQUESTED_AT = "2024-05-06T07:08:09.123456789Z";
    private static final String DELIVER_BY = "2024-05-07T18:00:00.5+08:00";
    private static final String TRACKING_ID = "123e4567-e89b-12d3-a456-426614174000";
    private static final String PROMISED_ON = "2024-05-07T10:00:00.250Z";
    private static final String LINE_A = "{\"sku\":\"A-1\",\"quantity\":3,\"unitPrice\":12.30}";
    private static final String LINE_B = "{\"sku\":\"B-2\",\"quantity\":1,\"unitPrice\":" + LONG_FRACTION + "}";
    private static final String ORDER = "{\"class\":\"io.rpcbench.example.Order\",\"id\":" + LONG_BEYOND_DOUBLE
            + ",\"customerId\":7,\"total\":12.30,\"placedAt\":\"" + PLACED_AT + "\",\"status\":\"SHIPPED\","
            + "\"lines\":[" + LINE_A + "," + LINE_B + "],\"linesBySku\":{\"A-1\":" + LINE_A + ",\"B-2\":" + LINE_B + "}}";

    /** Triple with the other serialization Dubbo 3.3 offers: provider and consumer both set to fastjson2. */
    private static final String TRI_FASTJSON2 = "tri+fastjson2";

    /** By route: {@code dubbo}, {@code tri} (both hessian2) and {@link #TRI_FASTJSON2}. */
    private static final Map<String, ProviderApp> PROVIDERS = new HashMap<>();

    @BeforeAll
    static void startProviders() throws Exception {
        for (String route : List.of("dubbo", "tri", TRI_FASTJSON2)) {
            PROVIDERS.put(route, ProviderApp.onFreePorts("--dubbo-protocol", protocol(route), "--serialization",
                    serialization(route), "--threads", "20"));
        }
    }

    @AfterAll
    static void stopProviders() throws Exception {
        for (ProviderApp provider : PROVIDERS.values()) {
            provider.close();
        }
    }

    @Test
    void theExampleApiIsNotOnTheSamplersClassPath() {
        assertThatThrownBy(() -> Class.forName(ORDERS)).isInstanceOf(ClassNotFoundException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "tri", TRI_FASTJSON2})
    void buildRoundTripsEveryValueWithTypesFromTheRegistrysMetadata(String protocol) throws Exception {
        SampleResult result = call(protocol, "build", "", "[" + LONG_BEYOND_DOUBLE + ", 7, 12.30, \"" + PLACED_AT
                + "\", \"PAID\", [" + LINE_A + ", " + LINE_B + "], {\"A-1\": " + LINE_A + ", \"B-2\": " + LINE_B + "}]");

        JsonNode order = json(result);
        assertThat(order.path("class").asText()).isEqualTo("io.rpcbench.example.Order");
        assertSameOrder(order, "PAID");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "tri", TRI_FASTJSON2})
    void buildRoundTripsEveryValueWithTypesGivenExplicitly(String protocol) throws Exception {
        SampleResult result = call(protocol, "build", "long,long,java.math.BigDecimal,java.time.LocalDateTime,"
                + "io.rpcbench.example.OrderStatus,java.util.List<io.rpcbench.example.OrderLine>,"
                + "java.util.Map<java.lang.String,io.rpcbench.example.OrderLine>",
                "[\"" + LONG_BEYOND_DOUBLE + "\", 7, \"12.30\", \"" + PLACED_AT + "\", \"PAID\", [" + LINE_A + ", "
                        + LINE_B + "], {\"A-1\": " + LINE_A + ", \"B-2\": " + LINE_B + "}]");

        assertSameOrder(json(result), "PAID");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "tri", TRI_FASTJSON2})
    void confirmTakesAndReturnsAResultOfOrder(String protocol) throws Exception {
        String pending = "{\"code\": 7, \"message\": \"pending\", \"data\": " + ORDER + "}";
        SampleResult withMetadata = call(protocol, "confirm", "", "[" + pending + "]");
        SampleResult explicit = call(protocol, "confirm", "io.rpcbench.example.Result", "[" + pending + "]");

        for (SampleResult result : List.of(withMetadata, explicit)) {
            JsonNode confirmed = json(result);
            assertThat(confirmed.path("class").asText()).isEqualTo("io.rpcbench.example.Result");
            assertThat(confirmed.path("code").asInt()).isZero();
            assertThat(confirmed.path("message").asText()).isEqualTo("confirmed");
            assertThat(confirmed.path("data").path("class").asText()).isEqualTo("io.rpcbench.example.Order");
            assertSameOrder(confirmed.path("data"), "SHIPPED");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "tri", TRI_FASTJSON2})
    void placeReturnsTheOrderInsideAnOkResult(String protocol) throws Exception {
        JsonNode placed = json(call(protocol, "place", "", "[" + ORDER + "]"));

        assertThat(placed.path("message").asText()).isEqualTo("OK");
        assertSameOrder(placed.path("data"), "SHIPPED");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "tri", TRI_FASTJSON2})
    void totalIsExactAndIndexBySkuKeepsEveryLine(String protocol) throws Exception {
        JsonNode total = json(call(protocol, "total", "", "[[" + LINE_A + ", " + LINE_B + "]]"));
        JsonNode index = json(call(protocol, "indexBySku", "java.util.List<io.rpcbench.example.OrderLine>",
                "[[" + LINE_A + ", " + LINE_B + "]]"));

        // 3 x 12.30 + 0.1234...789: every digit, as BigDecimal adds them
        assertThat(total.decimalValue().toPlainString()).isEqualTo("37.023456789012345678901234567890123456789");
        assertThat(index.fieldNames()).toIterable().containsExactly("A-1", "B-2");
        assertThat(index.path("A-1").path("unitPrice").decimalValue().toPlainString()).isEqualTo("12.30");
        assertThat(index.path("B-2").path("unitPrice").decimalValue().toPlainString()).isEqualTo(LONG_FRACTION);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "tri", TRI_FASTJSON2})
    void aDeclaredExceptionIsARemoteExceptionWithItsClassAndMessage(String protocol) {
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters(protocol, "find", "",
                "[" + LONG_BEYOND_DOUBLE + "]"));

        assertThat(result.isSuccessful()).isFalse();
        assertThat(result.getResponseCode()).isEqualTo("remote-exception");
        assertThat(result.getResponseMessage())
                .contains("io.rpcbench.example.OrderNotFoundException")
                .contains("no order " + LONG_BEYOND_DOUBLE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "tri"})
    void jdkValueArgumentsReachTheProviderAsTheirTypesAndComeBackAsText(String protocol) throws Exception {
        JsonNode delivery = json(call(protocol, "schedule", "", "[" + LONG_BEYOND_DOUBLE + ", \"zh_CN\", \""
                + REQUESTED_AT + "\", \"" + DELIVER_BY + "\", \"PT1H30M0.5S\", \"" + TRACKING_ID + "\", \""
                + PROMISED_ON + "\", \"EUR\"]"));

        assertSameDelivery(delivery, "zh-CN");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "tri"})
    void jdkValueFieldsOfAPojoRoundTrip(String protocol) throws Exception {
        String request = "{\"orderId\": " + LONG_BEYOND_DOUBLE + ", \"locale\": \"en-US-POSIX\", \"requestedAt\": \""
                + REQUESTED_AT + "\", \"deliverBy\": \"" + DELIVER_BY + "\", \"window\": \"PT1H30M0.5S\", "
                + "\"trackingId\": \"" + TRACKING_ID + "\", \"promisedOn\": \"" + PROMISED_ON + "\", \"currency\": \"EUR\"}";

        JsonNode delivery = json(call(protocol, "reschedule", "", "[" + request + "]"));

        assertThat(delivery.path("class").asText()).isEqualTo("io.rpcbench.example.Delivery");
        assertSameDelivery(delivery, "en-US-POSIX");
    }

    /** fastjson2 writes some JDK values without their type: those it delivers pass, the others are refused. */
    @Test
    void overFastjson2OnlyTheJdkValuesItDeliversAreSent() throws Exception {
        JsonNode delivery = json(call(TRI_FASTJSON2, "schedule", "", "[" + LONG_BEYOND_DOUBLE + ", null, \""
                + REQUESTED_AT + "\", null, null, null, \"" + PROMISED_ON + "\", \"EUR\"]"));
        SampleResult locale = SamplerRun.runOnce(new DubboServiceSampler(), parameters(TRI_FASTJSON2, "schedule", "",
                "[1, \"zh-CN\", null, null, null, null, null, null]"));

        assertThat(delivery.path("requestedAt").asText()).isEqualTo(REQUESTED_AT);
        assertThat(delivery.path("promisedOn").asText()).isEqualTo(PROMISED_ON);
        assertThat(delivery.path("currency").asText()).isEqualTo("EUR");
        assertThat(locale.getResponseCode()).isEqualTo("bad-parameter");
        assertThat(locale.getResponseMessage()).startsWith("arguments[1] 'zh-CN' is a java.util.Locale, which a generic "
                + "call over fastjson2 cannot carry").endsWith("expected serialization=hessian2, or invocation=typed "
                + "with the service's API jar");
    }

    @Test
    void aLocaleThatIsNoLanguageTagIsABadParameterNamingItsPath() {
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters("dubbo", "schedule", "",
                "[1, \"not a locale!\", \"" + REQUESTED_AT + "\", \"" + DELIVER_BY + "\", \"PT1S\", \"" + TRACKING_ID
                        + "\", \"" + PROMISED_ON + "\", \"EUR\"]"));

        assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
        assertThat(result.getResponseMessage()).startsWith("arguments[1] 'not a locale!' is not a java.util.Locale; "
                + "expected a language tag such as \"zh-CN\" (or Java's \"zh_CN\")");
    }

    @Test
    void aLocaleWithAScriptIsRefusedRatherThanCarriedWithoutIt() {
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters("dubbo", "reschedule", "",
                "[{\"orderId\": 1, \"locale\": \"zh-Hant-TW\"}]"));

        assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
        assertThat(result.getResponseMessage()).startsWith("arguments[0].locale 'zh-Hant-TW' is not a java.util.Locale")
                .contains("since Dubbo's hessian2 drops a script or an extension");
    }

    private static void assertSameDelivery(JsonNode delivery, String locale) {
        assertThat(delivery.path("orderId").bigIntegerValue().toString()).isEqualTo(LONG_BEYOND_DOUBLE);
        assertThat(delivery.path("locale").asText()).isEqualTo(locale);
        assertThat(delivery.path("requestedAt").asText()).isEqualTo(REQUESTED_AT);
        assertThat(OffsetDateTime.parse(delivery.path("deliverBy").asText())).isEqualTo(OffsetDateTime.parse(DELIVER_BY)); // ".5" is ".500"
        assertThat(delivery.path("window").asText()).isEqualTo("PT1H30M0.5S");
        assertThat(delivery.path("trackingId").asText()).isEqualTo(TRACKING_ID);
        assertThat(delivery.path("promisedOn").asText()).isEqualTo(PROMISED_ON);
        assertThat(delivery.path("currency").asText()).isEqualTo("EUR");
    }

    @Test
    void anUnknownMethodFailsWithTheServicesSignatures() {
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters("dubbo", "cancel", "", "[1]"));

        assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
        assertThat(result.getResponseMessage())
                .contains("method 'cancel' is not a method of " + ORDERS)
                .contains("io.rpcbench.example.Order build(long, long, java.math.BigDecimal, java.time.LocalDateTime, "
                        + "io.rpcbench.example.OrderStatus, java.util.List<io.rpcbench.example.OrderLine>, "
                        + "java.util.Map<java.lang.String,io.rpcbench.example.OrderLine>)")
                .contains("java.math.BigDecimal total(java.util.List<io.rpcbench.example.OrderLine>)");
    }

    @Test
    void anUnknownInterfaceFailsNamingTheRegisteredOnes() {
        Map<String, String> parameters = parameters("dubbo", "find", "", "[1]");
        parameters.put("interface", "io.rpcbench.example.InvoiceService");
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters);

        assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
        assertThat(result.getResponseMessage()).contains("interface 'io.rpcbench.example.InvoiceService'")
                .contains(ORDERS).contains("io.rpcbench.echo.EchoService");
    }

    /** An interface that had a provider but has none now is a provider down (connection), not a wrong name. */
    @Test
    void aKnownInterfaceWithoutProviderIsAConnectionFailure() throws Exception {
        String registry = PROVIDERS.get("dubbo").registry();
        try (CuratorFramework zookeeper = CuratorFrameworkFactory.newClient(registry.substring("zookeeper://".length()),
                new RetryOneTime(100))) {
            zookeeper.start();
            // what a provider that stopped leaves behind: its metadata, and no provider URL
            zookeeper.create().creatingParentsIfNeeded().forPath("/dubbo/metadata/io.rpcbench.example.InvoiceDesk"
                    + "/provider/invoices", "{}".getBytes(StandardCharsets.UTF_8));
        }
        Map<String, String> parameters = parameters("dubbo", "find", "", "[1]");
        parameters.put("interface", "io.rpcbench.example.InvoiceDesk");

        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters);

        assertThat(result.getResponseCode()).isEqualTo("connection");
        assertThat(result.getResponseMessage()).contains("no provider of io.rpcbench.example.InvoiceDesk in the registry "
                + registry + " now").contains("interfaces with providers there: [io.rpcbench.echo.EchoService, " + ORDERS);
    }

    /** With the parameter types given no metadata is read: the call's own "No provider available" is explained. */
    @Test
    void anUnknownInterfaceWithParameterTypesFailsNamingTheRegisteredOnes() {
        Map<String, String> parameters = parameters("dubbo", "find", "long", "[1]");
        parameters.put("interface", "io.rpcbench.example.InvoiceService");
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters);

        assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
        assertThat(result.getResponseMessage()).startsWith("interface 'io.rpcbench.example.InvoiceService' has no "
                + "provider in the registry " + PROVIDERS.get("dubbo").registry())
                .contains("expected one of the interfaces with providers there: [io.rpcbench.echo.EchoService, "
                        + ORDERS);
    }

    @Test
    void aKnownInterfaceWithoutProviderWithParameterTypesIsAConnectionFailureNamingTheServedOnes() throws Exception {
        String registry = PROVIDERS.get("dubbo").registry();
        try (CuratorFramework zookeeper = CuratorFrameworkFactory.newClient(registry.substring("zookeeper://".length()),
                new RetryOneTime(100))) {
            zookeeper.start();
            // what a provider that stopped leaves behind: its metadata, and no provider URL
            zookeeper.create().creatingParentsIfNeeded().forPath("/dubbo/metadata/io.rpcbench.example.InvoiceArchive"
                    + "/provider/invoices", "{}".getBytes(StandardCharsets.UTF_8));
        }
        Map<String, String> parameters = parameters("dubbo", "find", "long", "[1]");
        parameters.put("interface", "io.rpcbench.example.InvoiceArchive");

        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters);

        assertThat(result.getResponseCode()).isEqualTo("connection");
        assertThat(result.getResponseMessage()).contains("no provider of io.rpcbench.example.InvoiceArchive in the "
                + "registry " + registry + " now").contains("interfaces with providers there: "
                + "[io.rpcbench.echo.EchoService, " + ORDERS);
    }

    @Test
    void theEchoSamplerThroughARegistryWithoutItsVersionNamesTheRegisteredInterfaces() {
        String registry = PROVIDERS.get("dubbo").registry();
        SampleResult result = SamplerRun.runOnce(new DubboSampler(), Map.of("address", registry, "version", "9.9"));

        assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
        assertThat(result.getResponseMessage()).startsWith("interface 'io.rpcbench.echo.EchoService' has no provider "
                + "in the registry " + registry + " (looked for io.rpcbench.echo.EchoService version 9.9")
                .contains("interfaces with providers there: [io.rpcbench.echo.EchoService, " + ORDERS);
    }

    @Test
    void aValueNotFittingItsTypeNamesItsPath() {
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters("dubbo", "total", "",
                "[[" + LINE_A + ", {\"sku\": \"C\", \"quantity\": 1.5, \"unitPrice\": 1}]]"));

        assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
        assertThat(result.getResponseMessage()).startsWith("arguments[0][1].quantity '1.5' has a fraction");
    }

    @Test
    void typedInvocationWithoutTheApiJarIsABadParameter() {
        Map<String, String> parameters = parameters("dubbo", "find", "long", "[1]");
        parameters.put("invocation", "typed");
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters);

        assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
        assertThat(result.getResponseMessage()).contains("interface '" + ORDERS + "' is not on JMeter's class path");
    }

    @Test
    void twoSamplersInOneThreadOnOneRegistryNeverMix() throws Exception {
        ProviderApp provider = PROVIDERS.get("dubbo");
        DubboServiceSampler orders = new DubboServiceSampler();
        DubboServiceSampler echoes = new DubboServiceSampler();
        DubboSampler echoSampler = new DubboSampler();
        JavaSamplerContext ordersContext = SamplerRun.context(orders, parameters("dubbo", "total", "",
                "[[" + LINE_A + "]]"));
        JavaSamplerContext echoesContext = SamplerRun.context(echoes, Map.of("address", provider.registry(),
                "interface", "io.rpcbench.echo.EchoService", "method", "echo", "arguments", "[\"36.90\"]"));
        JavaSamplerContext echoSamplerContext = SamplerRun.context(echoSampler, Map.of(
                "address", provider.registry(), "payload", "string", "size_bytes", "64"));
        orders.setupTest(ordersContext);
        echoes.setupTest(echoesContext);
        echoSampler.setupTest(echoSamplerContext);
        try {
            for (int i = 0; i < 5; i++) { // one thread, the samplers in turn, as a thread group runs them
                SampleResult total = orders.runTest(ordersContext);
                SampleResult echo = echoes.runTest(echoesContext);
                SampleResult stockEcho = echoSampler.runTest(echoSamplerContext);

                assertThat(total.isSuccessful()).as(total.getResponseMessage()).isTrue();
                assertThat(total.getResponseDataAsString()).isEqualTo("36.90");
                assertThat(echo.isSuccessful()).as(echo.getResponseMessage()).isTrue();
                assertThat(echo.getResponseDataAsString()).isEqualTo("\"36.90\"");
                assertThat(stockEcho.isSuccessful()).as(stockEcho.getResponseMessage()).isTrue();
                assertThat(stockEcho.getResponseDataAsString()).isEqualTo("echo string 64 bytes");
            }
        } finally {
            orders.closeClient();
            echoes.closeClient();
            echoSampler.closeClient();
        }
    }

    /**
     * As a thread group runs them: several threads, each with its own instances of both samplers (JMeter clones a
     * sampler per thread), calling in turn with arguments that differ per thread and per call; every answer must be
     * the one to its own call, from its own interface.
     */
    @Test
    void twoSamplersInAThreadGroupOfFourThreadsNeverMix() throws Exception {
        String registry = PROVIDERS.get("dubbo").registry();
        int threads = 4;
        int calls = 50;
        ExecutorService group = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Integer>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                done.add(group.submit(() -> {
                    DubboServiceSampler orders = new DubboServiceSampler();
                    DubboServiceSampler echoes = new DubboServiceSampler();
                    Map<String, String> orderParameters = parameters("dubbo", "total", "", "[[" + LINE_A + "]]");
                    Map<String, String> echoParameters = new HashMap<>(Map.of("address", registry, "interface",
                            "io.rpcbench.echo.EchoService", "method", "echo", "arguments", "[\"\"]"));
                    orders.setupTest(SamplerRun.context(orders, orderParameters));
                    echoes.setupTest(SamplerRun.context(echoes, echoParameters));
                    int checked = 0;
                    try {
                        for (int i = 1; i <= calls; i++) {
                            int quantity = thread * 1000 + i; // JMeter would substitute ${var} into the JSON
                            orderParameters.put("arguments", "[[{\"sku\":\"A\",\"quantity\":" + quantity
                                    + ",\"unitPrice\":0.01}]]");
                            echoParameters.put("arguments", "[\"thread " + thread + " call " + i + "\"]");
                            SampleResult total = orders.runTest(SamplerRun.context(orders, orderParameters));
                            SampleResult echo = echoes.runTest(SamplerRun.context(echoes, echoParameters));

                            assertThat(total.getResponseDataAsString()).as(total.getResponseMessage())
                                    .isEqualTo(new BigDecimal("0.01").multiply(BigDecimal.valueOf(quantity)).toPlainString());
                            assertThat(echo.getResponseDataAsString()).as(echo.getResponseMessage())
                                    .isEqualTo("\"thread " + thread + " call " + i + "\"");
                            checked += 2;
                        }
                    } finally {
                        orders.closeClient();
                        echoes.closeClient();
                    }
                    return checked;
                }));
            }
            int checked = 0;
            for (Future<Integer> thread : done) {
                checked += thread.get(120, TimeUnit.SECONDS);
            }
            assertThat(checked).isEqualTo(threads * calls * 2);
        } finally {
            group.shutdownNow();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "tri"})
    void theConsumerConnectsOverLoopbackOnly(String protocol) throws Exception {
        assumeTrue(LoopbackSockets.readable(), "needs Linux /proc/net/tcp");
        DubboServiceSampler sampler = new DubboServiceSampler();
        JavaSamplerContext context = SamplerRun.context(sampler, parameters(protocol, "total", "", "[[" + LINE_A + "]]"));
        sampler.setupTest(context);
        try {
            SampleResult result = sampler.runTest(context);
            assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();

            List<String> sockets = LoopbackSockets.touching(PROVIDERS.get(protocol).dubboPort());
            assertThat(sockets).hasSizeGreaterThanOrEqualTo(3); // the listener and both ends of a connection
            assertThat(sockets).allMatch(LoopbackSockets::onLoopback, "both ends on 127.0.0.1");
        } finally {
            sampler.closeClient();
        }
    }

    private static void assertSameOrder(JsonNode order, String status) {
        assertThat(order.path("id").isIntegralNumber()).isTrue();
        assertThat(order.path("id").bigIntegerValue().toString()).isEqualTo(LONG_BEYOND_DOUBLE);
        assertThat(order.path("customerId").longValue()).isEqualTo(7);
        assertThat(order.path("total").decimalValue().toPlainString()).isEqualTo("12.30");
        assertThat(order.path("placedAt").asText()).isEqualTo(PLACED_AT);
        assertThat(order.path("status").asText()).isEqualTo(status);
        JsonNode lines = order.path("lines");
        assertThat(lines.size()).isEqualTo(2);
        assertLine(lines.get(0), "A-1", 3, "12.30");
        assertLine(lines.get(1), "B-2", 1, LONG_FRACTION);
        JsonNode bySku = order.path("linesBySku");
        assertThat(bySku.fieldNames()).toIterable().containsExactlyInAnyOrder("A-1", "B-2");
        assertLine(bySku.path("A-1"), "A-1", 3, "12.30");
        assertLine(bySku.path("B-2"), "B-2", 1, LONG_FRACTION);
    }

    private static void assertLine(JsonNode line, String sku, int quantity, String unitPrice) {
        assertThat(line.path("class").asText()).isEqualTo("io.rpcbench.example.OrderLine");
        assertThat(line.path("sku").asText()).isEqualTo(sku);
        assertThat(line.path("quantity").intValue()).isEqualTo(quantity);
        assertThat(line.path("unitPrice").decimalValue().toPlainString()).isEqualTo(unitPrice);
    }

    private static SampleResult call(String protocol, String method, String types, String arguments) {
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters(protocol, method, types,
                arguments));
        assertThat(result.isSuccessful()).as(result.getResponseCode() + " " + result.getResponseMessage()).isTrue();
        return result;
    }

    private static JsonNode json(SampleResult result) throws Exception {
        return ExactJson.MAPPER.readTree(result.getResponseDataAsString());
    }

    private static String protocol(String route) {
        return route.equals(TRI_FASTJSON2) ? "tri" : route;
    }

    private static String serialization(String route) {
        return route.equals(TRI_FASTJSON2) ? "fastjson2" : "hessian2";
    }

    private static Map<String, String> parameters(String route, String method, String types, String arguments) {
        Map<String, String> parameters = new HashMap<>();
        parameters.put("address", PROVIDERS.get(route).registry());
        parameters.put("protocol", protocol(route));
        parameters.put("serialization", serialization(route));
        parameters.put("interface", ORDERS);
        parameters.put("method", method);
        parameters.put("parameter_types", types);
        parameters.put("arguments", arguments);
        return parameters;
    }
}
