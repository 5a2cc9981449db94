package io.rpcbench.sampler.dubbo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.type;

import io.rpcbench.testing.JarProcess;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.rpc.service.GenericException;
import org.apache.dubbo.rpc.service.GenericService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Dubbo 2.7.23 provider (module dubbo27-provider, its own JVM): registered on loopback, stopped cleanly, and
 * serving the example OrderService to a plain Dubbo 3.3 generic consumer ({@link RawGenericConsumer}, none of the
 * samplers' classes) over the dubbo protocol, through ZooKeeper and through a direct URL, with no API jar on this
 * class path: arguments are maps that name their class, and every value must come back exactly. The samplers'
 * own run against it is {@code Dubbo27ServiceSamplerIT}.
 *
 * <p>In generic calls a {@code LocalDateTime} travels as its ISO text, an enum as its name, a {@code BigDecimal}
 * as itself (scale kept), and every POJO as a map with a {@code class} key, both ways.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class Dubbo27ProviderIT {

    private static final String ORDER_SERVICE = Dubbo27Provider.ORDER_SERVICE;
    private static final String ORDER = "io.rpcbench.example.Order";
    private static final String ORDER_LINE = "io.rpcbench.example.OrderLine";
    private static final String RESULT = "io.rpcbench.example.Result";

    /** 2^53 + 1: the first long a double (and so a naive JSON mapping) cannot hold. */
    private static final long ORDER_ID = 9007199254740993L;
    private static final long CUSTOMER_ID = 9007199254740995L;
    private static final BigDecimal TOTAL = new BigDecimal("12.30");
    private static final String PLACED_AT = "2024-02-29T23:59:59.123456789";

    private static Dubbo27Provider provider;
    private static RawGenericConsumer viaRegistry;
    private static RawGenericConsumer direct;

    @BeforeAll
    static void startProviderAndConsumers() throws Exception {
        provider = Dubbo27Provider.start();
        viaRegistry = RawGenericConsumer.viaRegistry(ORDER_SERVICE, provider.registry());
        direct = RawGenericConsumer.direct(ORDER_SERVICE, "127.0.0.1", provider.port());
    }

    @AfterAll
    static void stopAll() {
        try {
            closeConsumers();
        } finally {
            if (provider != null) {
                provider.close();
            }
        }
    }

    private static void closeConsumers() {
        try {
            if (viaRegistry != null) {
                viaRegistry.close();
            }
        } finally {
            if (direct != null) {
                direct.close();
            }
        }
    }

    @Test
    void exampleApiIsNotOnThisClassPath() {
        assertThatThrownBy(() -> Class.forName(ORDER)).isInstanceOf(ClassNotFoundException.class);
    }

    @Test
    void registeredUrlNamesLoopbackAndDubbo27() throws Exception {
        List<URL> providers = provider.registeredProviders();

        assertThat(providers).hasSize(1);
        URL registered = providers.get(0);
        assertThat(registered.getHost()).isEqualTo("[::ffff:127.0.0.1]");
        assertThat(registered.getPort()).isEqualTo(provider.port());
        assertThat(registered.getParameter("release")).isEqualTo("2.7.23");
        assertThat(registered.getParameter("anyhost")).isEqualTo("false");
        assertThat(registered.getParameter("serialization")).isEqualTo("hessian2");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"registry", "direct"})
    void buildReturnsEveryArgumentExactly(String route) {
        Object built = consumer(route).$invoke("build",
                new String[] {"long", "long", "java.math.BigDecimal", "java.time.LocalDateTime",
                        "io.rpcbench.example.OrderStatus", "java.util.List", "java.util.Map"},
                new Object[] {ORDER_ID, CUSTOMER_ID, TOTAL, PLACED_AT, "PAID", lines(), linesBySku()});

        assertThat(built).isEqualTo(order());
        assertThat(built).asInstanceOf(type(Map.class)).satisfies(order -> {
            assertThat(order.get("id")).isInstanceOf(Long.class).isEqualTo(ORDER_ID);
            assertThat(order.get("total")).asInstanceOf(type(BigDecimal.class))
                    .satisfies(total -> assertThat(total.scale()).isEqualTo(2));
            assertThat(order.get("placedAt")).isEqualTo(PLACED_AT);
            assertThat(order.get("status")).isEqualTo("PAID");
        });
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"registry", "direct"})
    void placeReturnsTheOrderInsideGenericResult(String route) {
        Object placed = consumer(route).$invoke("place", new String[] {ORDER}, new Object[] {order()});

        assertThat(placed).isEqualTo(result(0, "OK", order()));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"registry", "direct"})
    void confirmTakesAndReturnsGenericResult(String route) {
        Object confirmed = consumer(route).$invoke("confirm", new String[] {RESULT},
                new Object[] {result(3, "pending", order())});

        assertThat(confirmed).isEqualTo(result(0, "confirmed", order()));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"registry", "direct"})
    void indexBySkuReturnsMapOfPojos(String route) {
        Object index = consumer(route).$invoke("indexBySku", new String[] {"java.util.List"}, new Object[] {lines()});

        assertThat(index).isEqualTo(linesBySku());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"registry", "direct"})
    void totalIsExactBigDecimal(String route) {
        Object total = consumer(route).$invoke("total", new String[] {"java.util.List"}, new Object[] {lines()});

        // 2 x 12.30 + 3 x 0.05, scale 2 kept (BigDecimal.equals compares the scale too).
        assertThat(total).isEqualTo(new BigDecimal("24.75"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"registry", "direct"})
    void findFailsWithTheDeclaredException(String route) {
        assertThatThrownBy(() -> consumer(route).$invoke("find", new String[] {"long"}, new Object[] {ORDER_ID}))
                .asInstanceOf(type(GenericException.class))
                .satisfies(e -> {
                    assertThat(e.getExceptionClass()).isEqualTo("io.rpcbench.example.OrderNotFoundException");
                    assertThat(e.getExceptionMessage()).isEqualTo("no order " + ORDER_ID);
                });
    }

    @Test
    void secondProviderStopsOnSigtermAndUnregisters() throws Exception {
        try (JarProcess second = provider.startAnother()) {
            assertThat(provider.registeredProviders()).extracting(URL::getPort)
                    .containsExactlyInAnyOrder(provider.port(), Dubbo27Provider.port(second));

            assertThat(second.stop()).as("exit code after SIGTERM; stderr:\n%s", second.stderr()).isZero();

            assertThat(second.nextLine(Duration.ofSeconds(5))).isEqualTo("rpcbench-dubbo27-provider stopped");
            assertThat(provider.registeredProviders()).extracting(URL::getPort).containsExactly(provider.port());
        }
    }

    private static GenericService consumer(String route) {
        return "registry".equals(route) ? viaRegistry.service() : direct.service();
    }

    private static Map<String, Object> order() {
        Map<String, Object> order = pojo(ORDER);
        order.put("id", ORDER_ID);
        order.put("customerId", CUSTOMER_ID);
        order.put("total", TOTAL);
        order.put("placedAt", PLACED_AT);
        order.put("status", "PAID");
        order.put("lines", lines());
        order.put("linesBySku", linesBySku());
        return order;
    }

    private static List<Map<String, Object>> lines() {
        return List.of(line("A-1", 2, "12.30"), line("B-2", 3, "0.05"));
    }

    private static Map<String, Object> linesBySku() {
        Map<String, Object> bySku = new LinkedHashMap<>();
        bySku.put("A-1", line("A-1", 2, "12.30"));
        bySku.put("B-2", line("B-2", 3, "0.05"));
        return bySku;
    }

    private static Map<String, Object> line(String sku, int quantity, String unitPrice) {
        Map<String, Object> line = pojo(ORDER_LINE);
        line.put("sku", sku);
        line.put("quantity", quantity);
        line.put("unitPrice", new BigDecimal(unitPrice));
        return line;
    }

    private static Map<String, Object> result(int code, String message, Object data) {
        Map<String, Object> result = pojo(RESULT);
        result.put("code", code);
        result.put("message", message);
        result.put("data", data);
        return result;
    }

    private static Map<String, Object> pojo(String className) {
        Map<String, Object> pojo = new LinkedHashMap<>();
        pojo.put("class", className);
        return pojo;
    }
}
