package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.rpcbench.sampler.dubbo.Dubbo27Provider;
import io.rpcbench.sampler.json.ExactJson;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Acceptance 2 of issue 4: {@link DubboServiceSampler} calls the example OrderService served by Dubbo 2.7.23 (its
 * own JVM, see {@link Dubbo27Provider}) over the dubbo protocol by generic invocation, with no API jar on this
 * class path, through ZooKeeper and through a direct URL; every value comes back exactly.
 *
 * <p>Through ZooKeeper the parameter types are left out: the sampler reads them from the definition the Dubbo 2.7
 * provider published under {@code /dubbo/metadata}. A direct URL has no registry to read, so they are given.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class Dubbo27ServiceSamplerIT {

    private static final String LONG_BEYOND_DOUBLE = "9007199254740993"; // 2^53 + 1: a double would make it ...992
    private static final String LONG_FRACTION = "0.123456789012345678901234567890123456789";
    private static final String PLACED_AT = "2024-02-29T23:59:59.123456789";
    private static final String LINE_A = "{\"sku\":\"A-1\",\"quantity\":3,\"unitPrice\":12.30}";
    private static final String LINE_B = "{\"sku\":\"B-2\",\"quantity\":1,\"unitPrice\":" + LONG_FRACTION + "}";
    private static final String LINES = "[" + LINE_A + ", " + LINE_B + "]";
    private static final String LINES_BY_SKU = "{\"A-1\": " + LINE_A + ", \"B-2\": " + LINE_B + "}";
    private static final String ORDER = "{\"class\":\"io.rpcbench.example.Order\",\"id\":" + LONG_BEYOND_DOUBLE
            + ",\"customerId\":7,\"total\":12.30,\"placedAt\":\"" + PLACED_AT + "\",\"status\":\"SHIPPED\","
            + "\"lines\":" + LINES + ",\"linesBySku\":" + LINES_BY_SKU + "}";
    private static final String BUILD_TYPES = "long,long,java.math.BigDecimal,java.time.LocalDateTime,"
            + "io.rpcbench.example.OrderStatus,java.util.List<io.rpcbench.example.OrderLine>,"
            + "java.util.Map<java.lang.String,io.rpcbench.example.OrderLine>";
    private static final String SCHEDULE_TYPES = "long,java.util.Locale,java.time.Instant,java.time.OffsetDateTime,"
            + "java.time.Duration,java.util.UUID,java.util.Date,java.util.Currency";
    private static final String REQUESTED_AT = "2024-05-06T07:08:09.123456789Z";
    private static final String DELIVER_BY = "2024-05-07T18:00:00.5+08:00";
    private static final String TRACKING_ID = "123e4567-e89b-12d3-a456-426614174000";
    private static final String PROMISED_ON = "2024-05-07T10:00:00.250Z";
    private static final String DELIVERY = "{\"orderId\": " + LONG_BEYOND_DOUBLE + ", \"locale\": \"en-US-POSIX\", "
            + "\"requestedAt\": \"" + REQUESTED_AT + "\", \"deliverBy\": \"" + DELIVER_BY + "\", \"window\": \"PT1H30M0.5S\", "
            + "\"trackingId\": \"" + TRACKING_ID + "\", \"promisedOn\": \"" + PROMISED_ON + "\", \"currency\": \"EUR\"}";
    private static final String LINES_TYPE = "java.util.List<io.rpcbench.example.OrderLine>";

    private static Dubbo27Provider provider;

    @BeforeAll
    static void startProvider() throws Exception {
        provider = Dubbo27Provider.start();
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            provider.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"registry", "direct"})
    void buildRoundTripsEveryValue(String route) throws Exception {
        JsonNode order = json(call(route, "build", BUILD_TYPES, "[" + LONG_BEYOND_DOUBLE + ", 7, 12.30, \""
                + PLACED_AT + "\", \"PAID\", " + LINES + ", " + LINES_BY_SKU + "]"));

        assertThat(order.path("class").asText()).isEqualTo("io.rpcbench.example.Order");
        assertSameOrder(order, "PAID");
    }

    @Test
    void buildThroughTheRegistryWithTypesGivenExplicitly() throws Exception {
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters("registry", "build",
                BUILD_TYPES, "[\"" + LONG_BEYOND_DOUBLE + "\", 7, \"12.30\", \"" + PLACED_AT + "\", \"PAID\", " + LINES
                        + ", " + LINES_BY_SKU + "]"));

        assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();
        assertSameOrder(json(result), "PAID");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"registry", "direct"})
    void confirmTakesAndReturnsAResultOfOrder(String route) throws Exception {
        JsonNode confirmed = json(call(route, "confirm", "io.rpcbench.example.Result",
                "[{\"code\": 7, \"message\": \"pending\", \"data\": " + ORDER + "}]"));

        assertThat(confirmed.path("class").asText()).isEqualTo("io.rpcbench.example.Result");
        assertThat(confirmed.path("code").isInt()).isTrue();
        assertThat(confirmed.path("code").intValue()).isZero();
        assertThat(confirmed.path("message").asText()).isEqualTo("confirmed");
        assertThat(confirmed.path("data").path("class").asText()).isEqualTo("io.rpcbench.example.Order");
        assertSameOrder(confirmed.path("data"), "SHIPPED");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"registry", "direct"})
    void placeReturnsTheOrderInsideAnOkResult(String route) throws Exception {
        JsonNode placed = json(call(route, "place", "io.rpcbench.example.Order", "[" + ORDER + "]"));

        assertThat(placed.path("class").asText()).isEqualTo("io.rpcbench.example.Result");
        assertThat(placed.path("message").asText()).isEqualTo("OK");
        assertSameOrder(placed.path("data"), "SHIPPED");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"registry", "direct"})
    void totalIsExactAndIndexBySkuKeepsEveryLine(String route) throws Exception {
        JsonNode total = json(call(route, "total", LINES_TYPE, "[" + LINES + "]"));
        JsonNode index = json(call(route, "indexBySku", LINES_TYPE, "[" + LINES + "]"));

        // 3 x 12.30 + 0.1234...789: every digit, as BigDecimal adds them
        assertThat(total.decimalValue().toPlainString()).isEqualTo("37.023456789012345678901234567890123456789");
        assertThat(index.fieldNames()).toIterable().containsExactly("A-1", "B-2");
        assertLine(index.path("A-1"), "A-1", 3, "12.30");
        assertLine(index.path("B-2"), "B-2", 1, LONG_FRACTION);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"registry", "direct"})
    void jdkValueArgumentsRoundTrip(String route) throws Exception {
        JsonNode scheduled = json(call(route, "schedule", SCHEDULE_TYPES, "[" + LONG_BEYOND_DOUBLE + ", \"zh_CN\", \""
                + REQUESTED_AT + "\", \"" + DELIVER_BY + "\", \"PT1H30M0.5S\", \"" + TRACKING_ID + "\", \""
                + PROMISED_ON + "\", \"EUR\"]"));

        assertSameDelivery(scheduled, "zh-CN");
    }

    @Test
    void jdkValueFieldsOfAPojoRoundTripThroughTheRegistry() throws Exception {
        JsonNode rescheduled = json(call("registry", "reschedule", "", "[" + DELIVERY + "]"));

        assertSameDelivery(rescheduled, "en-US-POSIX");
    }

    /**
     * A direct URL has no metadata to type a POJO's fields by, so a field's text is sent as text and the provider
     * cannot set a Locale from it: the sample fails with the provider's words, naming the field.
     */
    @Test
    void aDirectUrlCannotTypeJdkValueFieldsOfAPojoAndTheProviderSaysWhich() {
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(),
                parameters("direct", "reschedule", "io.rpcbench.example.Delivery", "[" + DELIVERY + "]"));

        assertThat(result.getResponseCode()).isEqualTo("remote-exception");
        assertThat(result.getResponseMessage()).contains("the provider failed the call before the service method ran")
                .contains("Delivery property locale value class java.lang.String");
    }

    private static void assertSameDelivery(JsonNode delivery, String locale) {
        assertThat(delivery.path("class").asText()).isEqualTo("io.rpcbench.example.Delivery");
        assertThat(delivery.path("orderId").bigIntegerValue().toString()).isEqualTo(LONG_BEYOND_DOUBLE);
        assertThat(delivery.path("locale").asText()).isEqualTo(locale);
        assertThat(delivery.path("requestedAt").asText()).isEqualTo(REQUESTED_AT);
        assertThat(OffsetDateTime.parse(delivery.path("deliverBy").asText())).isEqualTo(OffsetDateTime.parse(DELIVER_BY));
        assertThat(delivery.path("window").asText()).isEqualTo("PT1H30M0.5S");
        assertThat(delivery.path("trackingId").asText()).isEqualTo(TRACKING_ID);
        assertThat(delivery.path("promisedOn").asText()).isEqualTo(PROMISED_ON);
        assertThat(delivery.path("currency").asText()).isEqualTo("EUR");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"registry", "direct"})
    void aDeclaredExceptionIsARemoteExceptionWithItsClassAndMessage(String route) {
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(),
                parameters(route, "find", "long", "[" + LONG_BEYOND_DOUBLE + "]"));

        assertThat(result.isSuccessful()).isFalse();
        assertThat(result.getResponseCode()).isEqualTo("remote-exception");
        assertThat(result.getResponseMessage())
                .contains("io.rpcbench.example.OrderNotFoundException")
                .contains("no order " + LONG_BEYOND_DOUBLE);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"registry", "direct"})
    void theConsumerConnectsOverLoopbackOnly(String route) throws Exception {
        assumeTrue(LoopbackSockets.readable(), "needs Linux /proc/net/tcp");
        DubboServiceSampler sampler = new DubboServiceSampler();
        JavaSamplerContext context = SamplerRun.context(sampler, parameters(route, "total", LINES_TYPE,
                "[" + LINES + "]"));
        sampler.setupTest(context);
        try {
            SampleResult result = sampler.runTest(context);
            assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();

            List<String> sockets = LoopbackSockets.touching(provider.port());
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

    /** One sample of {@code method}; through the registry the types come from the provider's metadata. */
    private static SampleResult call(String route, String method, String directTypes, String arguments) {
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(),
                parameters(route, method, "registry".equals(route) ? "" : directTypes, arguments));
        assertThat(result.isSuccessful()).as("%s: %s %s", method, result.getResponseCode(),
                result.getResponseMessage()).isTrue();
        return result;
    }

    private static JsonNode json(SampleResult result) throws Exception {
        return ExactJson.MAPPER.readTree(result.getResponseDataAsString());
    }

    private static Map<String, String> parameters(String route, String method, String types, String arguments) {
        Map<String, String> parameters = new HashMap<>();
        parameters.put("address", "registry".equals(route) ? provider.registry() : provider.directUrl());
        parameters.put("protocol", "dubbo");
        parameters.put("interface", Dubbo27Provider.ORDER_SERVICE);
        parameters.put("method", method);
        parameters.put("parameter_types", types);
        parameters.put("arguments", arguments);
        return parameters;
    }
}
