package io.rpcbench.sampler.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.rpcbench.sampler.call.BadParameterException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GenericArgumentsTest {

    /** A definition as Dubbo 3.3.6 writes it into ZooKeeper (trimmed to what these tests use). */
    private static final String DEFINITION = """
            {"canonicalName":"com.example.Shop","methods":[
              {"name":"order","parameterTypes":["com.example.Order"],"returnType":"com.example.Order"},
              {"name":"order","parameterTypes":["long","com.example.Status"],"returnType":"com.example.Order"},
              {"name":"ping","parameterTypes":[],"returnType":"void"}],
             "types":[
              {"type":"com.example.Order","properties":{"id":"long","total":"java.math.BigDecimal",
                "status":"com.example.Status","lines":"java.util.List<com.example.Line>","data":"java.lang.Object"},
                "enums":[]},
              {"type":"com.example.Line","properties":{"sku":"java.lang.String","quantity":"int"},"enums":[]},
              {"type":"com.example.Status","properties":{},"enums":["NEW","PAID"]},
              {"type":"java.time.LocalDateTime","properties":{"date":"java.time.LocalDate"},"enums":[]}]}
            """;

    private final ServiceDefinition definition = definition();

    @Test
    void longBeyondDoublePrecisionStaysExact() {
        Object[] values = convert(ServiceDefinition.NONE, "[9007199254740993, \"9007199254740995\"]", "long",
                "java.lang.Long");

        assertThat(values).containsExactly(9007199254740993L, 9007199254740995L);
    }

    @Test
    void bigDecimalKeepsItsScaleAndEveryDigit() {
        Object[] values = convert(ServiceDefinition.NONE, "[12.30, \"0.10\", 0.123456789012345678901234567890]",
                "java.math.BigDecimal", "java.math.BigDecimal", "java.math.BigDecimal");

        assertThat(values).extracting(v -> ((BigDecimal) v).toPlainString())
                .containsExactly("12.30", "0.10", "0.123456789012345678901234567890");
    }

    @Test
    void localDateTimeIsCheckedAndTravelsAsIsoText() {
        Object[] values = convert(ServiceDefinition.NONE, "[\"2024-05-06T07:08:09.123456789\"]",
                "java.time.LocalDateTime");

        assertThat(values).containsExactly("2024-05-06T07:08:09.123456789");
        assertThatThrownBy(() -> convert(ServiceDefinition.NONE, "[\"2024-05-06 07:08\"]", "java.time.LocalDateTime"))
                .isInstanceOf(BadParameterException.class)
                .hasMessageStartingWith("arguments[0] '2024-05-06 07:08' is not ISO-8601; expected an ISO-8601 string");
    }

    @Test
    void enumMustBeOneOfTheConstantsTheMetadataLists() {
        assertThat(convert(definition, "[1, \"PAID\"]", "long", "com.example.Status")).containsExactly(1L, "PAID");
        assertThatThrownBy(() -> convert(definition, "[1, \"LOST\"]", "long", "com.example.Status"))
                .hasMessage("arguments[1] 'LOST' is not a constant of com.example.Status; expected one of [NEW, PAID]");
    }

    @Test
    void pojoFieldsAreTypedByTheMetadataAndGetTheirClass() {
        Object[] values = convert(definition,
                "[{\"id\": 9007199254740993, \"total\": 1.50, \"status\": \"NEW\","
                        + " \"lines\": [{\"sku\": \"A\", \"quantity\": 2}],"
                        + " \"data\": {\"class\": \"com.example.Line\", \"sku\": \"B\", \"quantity\": 1}}]",
                "com.example.Order");

        assertThat(values[0]).isEqualTo(Map.of("class", "com.example.Order", "id", 9007199254740993L,
                "total", new BigDecimal("1.50"), "status", "NEW",
                "lines", List.of(Map.of("class", "com.example.Line", "sku", "A", "quantity", 2)),
                "data", Map.of("class", "com.example.Line", "sku", "B", "quantity", 1)));
    }

    @Test
    void aFieldTheClassLacksIsABadParameterListingItsFields() {
        assertThatThrownBy(() -> convert(definition, "[{\"id\": 1, \"lines\": [{\"sku\": \"A\", \"qty\": 2}]}]",
                "com.example.Order"))
                .hasMessage("arguments[0].lines[0].qty '2' is not a field of com.example.Line; expected one of its "
                        + "fields [sku, quantity]");
    }

    @Test
    void valuesOutOfRangeOrOfTheWrongKindNameTheirPath() {
        assertThatThrownBy(() -> convert(ServiceDefinition.NONE, "[2147483648]", "int"))
                .hasMessage("arguments[0] '2147483648' is out of range; expected an integer from -2147483648 to "
                        + "2147483647 for int");
        assertThatThrownBy(() -> convert(ServiceDefinition.NONE, "[null]", "long"))
                .hasMessageStartingWith("arguments[0] 'null' is null; expected a long");
        assertThatThrownBy(() -> convert(ServiceDefinition.NONE, "[{\"a\": [1, \"x\"]}]",
                "java.util.Map<java.lang.String,java.util.List<java.lang.Integer>>"))
                .hasMessageStartingWith("arguments[0][\"a\"][1] 'x' is not an integer");
    }

    @Test
    void withoutMetadataTheDeclaredGenericTypesStillTypeTheItems() {
        Object[] values = convert(ServiceDefinition.NONE, "[[{\"sku\": \"A\", \"quantity\": 2}]]",
                "java.util.List<com.example.Line>");

        assertThat(values[0]).isEqualTo(List.of(Map.of("class", "com.example.Line", "sku", "A", "quantity", 2)));
    }

    @Test
    void wrongArityNamesTheMethodAndTheCountExpected() {
        MethodSignature order = definition.methodsNamed("order").get(1);
        assertThatThrownBy(() -> new GenericArguments(definition).convert(ExactJson.MAPPER.readTree("[1]"), order))
                .hasMessage("arguments '[1]' has 1 value for com.example.Order order(long, com.example.Status); "
                        + "expected a JSON array of 2 values");
    }

    @Test
    void overloadsArePickedByArgumentCountAndAnUnknownMethodListsEverySignature() {
        assertThat(MethodChoice.fromDefinition(definition, "order", 2).parameterTypes())
                .containsExactly("long", "com.example.Status");
        assertThatThrownBy(() -> MethodChoice.fromDefinition(definition, "cancel", 1))
                .hasMessage("method 'cancel' is not a method of com.example.Shop; expected one of its methods: "
                        + "com.example.Order order(com.example.Order); "
                        + "com.example.Order order(long, com.example.Status); void ping()");
        assertThatThrownBy(() -> MethodChoice.fromDefinition(definition, "order", 3))
                .hasMessageStartingWith("method 'order' has no overload taking 3 arguments");
    }

    private static Object[] convert(ServiceDefinition definition, String json, String... types) {
        JsonNode arguments;
        try {
            arguments = ExactJson.MAPPER.readTree(json);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
        return new GenericArguments(definition).convert(arguments, new MethodSignature("m", List.of(types), ""));
    }

    private static ServiceDefinition definition() {
        try {
            return ServiceDefinition.parse(DEFINITION);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
