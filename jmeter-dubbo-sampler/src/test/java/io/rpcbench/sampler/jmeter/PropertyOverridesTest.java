package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PropertyOverridesTest {

    private static final List<String> PARAMETERS = List.of("host", "port", "timeout_ms");
    private static final Map<String, String> PLAN = Map.of("host", "127.0.0.1", "port", "9090", "timeout_ms", "5000");

    @Test
    void aSetPropertyReplacesItsParameterAndAnUnsetOneLeavesThePlansValue() {
        Map<String, String> properties = Map.of("thrift.port", " 19090 ");

        UnaryOperator<String> parameters = PropertyOverrides.parse("host=thrift.host, port = thrift.port",
                PARAMETERS, properties::get).over(PLAN::get);

        assertThat(parameters.apply("port")).as("set, trimmed as __P gives it").isEqualTo("19090");
        assertThat(parameters.apply("host")).as("not set").isEqualTo("127.0.0.1");
        assertThat(parameters.apply("timeout_ms")).as("not named").isEqualTo("5000");
    }

    @Test
    void noOverridesLeaveTheParametersAsTheyAre() {
        UnaryOperator<String> plan = PLAN::get;

        assertThat(PropertyOverrides.parse("", PARAMETERS, name -> "other").over(plan)).isSameAs(plan);
        assertThat(PropertyOverrides.parse(null, PARAMETERS, name -> "other").over(plan)).isSameAs(plan);
    }

    @Test
    void propertiesAreReadOnceWhenParsed() {
        int[] reads = {0};
        UnaryOperator<String> parameters = PropertyOverrides.parse("port=thrift.port", PARAMETERS, name -> {
            reads[0]++;
            return "19090";
        }).over(PLAN::get);

        for (int sample = 0; sample < 3; sample++) {
            assertThat(parameters.apply("port")).isEqualTo("19090");
        }
        assertThat(reads[0]).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "host | property_overrides 'host' has 'host', which is not parameter=property; expected parameter=property"
                    + " pairs separated by commas, e.g. host=thrift.host, port=thrift.port",
            "host=thrift.host,=x | property_overrides 'host=thrift.host,=x' has '=x', which is not parameter=property;"
                    + " expected parameter=property pairs separated by commas, e.g. host=thrift.host, port=thrift.port",
            "port= | property_overrides 'port=' has 'port=', which is not parameter=property; expected"
                    + " parameter=property pairs separated by commas, e.g. host=thrift.host, port=thrift.port",
            "hots=thrift.host | property_overrides 'hots=thrift.host' overrides 'hots', which is not a parameter of"
                    + " this sampler; expected one of host, port, timeout_ms before each =",
            "port=a, port=b | property_overrides 'port=a, port=b' overrides 'port' twice; expected each parameter once"})
    void aWrongValueNamesTheParameterTheValueAndWhatWasExpected(String text, String message) {
        assertThatThrownBy(() -> PropertyOverrides.parse(text, PARAMETERS, name -> null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }
}
