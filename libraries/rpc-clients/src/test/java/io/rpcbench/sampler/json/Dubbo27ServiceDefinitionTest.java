package io.rpcbench.sampler.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link ServiceDefinition} read from what a Dubbo 2.7.23 provider wrote to ZooKeeper (recorded from module
 * dubbo27-provider at {@code /dubbo/metadata/io.rpcbench.example.OrderService/provider/rpcbench-dubbo27-provider}):
 * property types nested as whole definitions, and repeated ones as fastjson {@code $ref} paths.
 */
class Dubbo27ServiceDefinitionTest {

    private static ServiceDefinition definition;

    @BeforeAll
    static void parseRecordedDefinition() throws IOException {
        try (InputStream in = Dubbo27ServiceDefinitionTest.class.getResourceAsStream(
                "dubbo27-order-service-definition.json")) {
            definition = ServiceDefinition.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void methodsKeepTheirGenericParameterTypes() {
        assertThat(definition.interfaceName()).isEqualTo("io.rpcbench.example.OrderService");
        assertThat(definition.methodsNamed("build")).singleElement()
                .satisfies(build -> assertThat(build.parameterTypes()).containsExactly("long", "long",
                        "java.math.BigDecimal", "java.time.LocalDateTime", "io.rpcbench.example.OrderStatus",
                        "java.util.List<io.rpcbench.example.OrderLine>",
                        "java.util.Map<java.lang.String,io.rpcbench.example.OrderLine>"));
    }

    @Test
    void nestedAndReferencedPropertyDefinitionsBecomeTypeNames() {
        assertThat(definition.type("io.rpcbench.example.Order").properties()).isEqualTo(Map.of(
                "id", "long",
                "customerId", "long",
                "total", "java.math.BigDecimal",
                "placedAt", "java.time.LocalDateTime",
                "status", "io.rpcbench.example.OrderStatus",
                "lines", "java.util.List<io.rpcbench.example.OrderLine>",
                "linesBySku", "java.util.Map<java.lang.String,io.rpcbench.example.OrderLine>"));
        assertThat(definition.type("io.rpcbench.example.Result").properties()).isEqualTo(Map.of(
                "code", "int", "message", "java.lang.String", "data", "java.lang.Object"));
        assertThat(definition.type("io.rpcbench.example.OrderLine").properties()).isEqualTo(Map.of(
                "sku", "java.lang.String", "quantity", "int", "unitPrice", "java.math.BigDecimal"));
    }

    @Test
    void enumsKeepTheirConstantsAndReferencesAreNoTypesOfTheirOwn() {
        assertThat(definition.type("io.rpcbench.example.OrderStatus").enums())
                .containsExactly("NEW", "PAID", "SHIPPED", "CANCELLED");
        assertThat(definition.types()).doesNotContainKey("");
    }
}
