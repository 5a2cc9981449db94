package io.rpcbench.sampler.dubbo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.json.ExactJson;
import io.rpcbench.sampler.json.MethodChoice;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TypedArgumentsTest {

    /** A service interface as an API jar would bring it. */
    interface Ledger {
        Entry post(long id, BigDecimal amount, LocalDateTime at, Kind kind, List<Entry> entries,
                Map<String, Entry> bySku);
    }

    enum Kind { DEBIT, CREDIT }

    public static class Entry {
        public String sku;
        public BigDecimal amount;
    }

    @Test
    void jsonBecomesTheDeclaredTypesWithoutLoss() throws Exception {
        Object[] values = TypedArguments.convert(ExactJson.MAPPER.readTree("[9007199254740993, 12.30,"
                + " \"2024-05-06T07:08:09.123456789\", \"CREDIT\", [{\"class\": \"x.Entry\", \"sku\": \"A\","
                + " \"amount\": 0.10}], {\"A\": {\"sku\": \"A\", \"amount\": 1E+2}}]"), post());

        assertThat(values[0]).isEqualTo(9007199254740993L);
        assertThat(((BigDecimal) values[1]).toPlainString()).isEqualTo("12.30");
        assertThat(values[2]).isEqualTo(LocalDateTime.of(2024, 5, 6, 7, 8, 9, 123_456_789));
        assertThat(values[3]).isEqualTo(Kind.CREDIT);
        Entry line = (Entry) ((List<?>) values[4]).get(0);
        assertThat(line.sku).isEqualTo("A");
        assertThat(line.amount.toPlainString()).isEqualTo("0.10");
        assertThat(((Map<?, ?>) values[5]).get("A")).isInstanceOf(Entry.class);
    }

    @Test
    void aValueNotFittingItsParameterNamesTheArgumentAndType() {
        assertThatThrownBy(() -> TypedArguments.convert(ExactJson.MAPPER.readTree(
                "[1, 2, \"yesterday\", \"DEBIT\", [], {}]"), post()))
                .isInstanceOf(BadParameterException.class)
                .hasMessageStartingWith("arguments[2] 'yesterday' does not fit java.time.LocalDateTime");
        assertThatThrownBy(() -> TypedArguments.convert(ExactJson.MAPPER.readTree(
                "[1.5, 2, \"2024-05-06T07:08:09\", \"DEBIT\", [], {}]"), post()))
                .hasMessageStartingWith("arguments[0] '1.5' does not fit long");
    }

    @Test
    void typedMethodsArePickedFromTheInterfaceAndUnknownOnesListed() {
        assertThat(MethodChoice.fromInterface(Ledger.class, "post", List.of(), 6)).isEqualTo(post());
        assertThatThrownBy(() -> MethodChoice.fromInterface(Ledger.class, "void", List.of(), 0))
                .hasMessageContaining("method 'void' is not a method of " + Ledger.class.getName())
                .hasMessageContaining("post(long, java.math.BigDecimal, java.time.LocalDateTime");
    }

    private static java.lang.reflect.Method post() {
        return Ledger.class.getMethods()[0];
    }
}
