package io.rpcbench.elements.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The panels' edit-time checks, without Swing. */
class FieldCheckTest {

    private final FieldCheck dubboArguments = new JsonArgumentsCheck("arguments", true);
    private final FieldCheck thriftArguments = new JsonArgumentsCheck("arguments", false);
    private final FieldCheck timeout = new IntegerCheck("timeout_ms", 1, 3_600_000, "5000");

    @Test
    void aJsonArrayOfArgumentsIsFine() {
        assertThat(dubboArguments.problem("[9007199254740993, 7, 12.30, \"PAID\", [{\"sku\": \"A-1\"}]]")).isEmpty();
        assertThat(dubboArguments.problem("")).as("empty: the default []").isEmpty();
    }

    @Test
    void badJsonIsMarkedWithItsLineAndColumnAndWhatWasExpected() {
        assertThat(dubboArguments.problem("[{\"sku\": \"A-1\",\n  \"quantity\": }]")).hasValueSatisfying(problem ->
                assertThat(problem).startsWith("arguments is not valid JSON at line 2, column 15: ")
                        .endsWith("; expected a JSON array, one value per parameter, e.g. [1, \"text\", {\"id\": 7}]"));
        assertThat(dubboArguments.problem("[1] [2]")).hasValueSatisfying(problem ->
                assertThat(problem).startsWith("arguments is not valid JSON"));
    }

    @Test
    void jmeterReferencesAreValuesOutsideStringsAndTextInside() {
        assertThat(dubboArguments.problem("[{\"id\": ${__longSum(9007199254740992,${__counter(FALSE,)},order_id)},"
                + " \"sku\": \"A-${__threadNum}\", \"note\": \"${__P(note,\"x\")}\"}, ${count}]")).isEmpty();
        assertThat(dubboArguments.problem("${arguments}")).as("the whole value from a variable").isEmpty();
    }

    @Test
    void aProblemBesideAReferenceIsFoundAtItsColumnAsWritten() {
        assertThat(dubboArguments.problem("[${id}, ]")).hasValueSatisfying(problem ->
                assertThat(problem).contains("at line 1, column 9"));
    }

    @Test
    void dubboArgumentsMustBeAnArrayWhileThriftTakesAnObjectByNameToo() {
        assertThat(dubboArguments.problem("{\"id\": 7}")).hasValue("arguments is a JSON object; expected a JSON "
                + "array, one value per parameter, e.g. [1, \"text\", {\"id\": 7}]");
        assertThat(thriftArguments.problem("{\"code\": \"A-1\", \"items\": []}")).isEmpty();
        assertThat(thriftArguments.problem("7")).hasValueSatisfying(problem ->
                assertThat(problem).startsWith("arguments is a JSON number; expected a JSON array of the arguments"));
    }

    @Test
    void aTimeoutMustBeAWholeNumberInRangeOrAReference() {
        assertThat(timeout.problem("2500")).isEmpty();
        assertThat(timeout.problem("")).isEmpty();
        assertThat(timeout.problem("${__P(timeout_ms,5000)}")).isEmpty();
        assertThat(timeout.problem("5s")).hasValue(
                "timeout_ms '5s' is not a number; expected an integer from 1 to 3600000, or empty for 5000");
        assertThat(timeout.problem("0")).hasValue(
                "timeout_ms '0' is out of range; expected an integer from 1 to 3600000, or empty for 5000");
        assertThat(timeout.problem("99999999999999999999")).hasValueSatisfying(problem ->
                assertThat(problem).contains("is out of range"));
    }

    @Test
    void aChoiceIsOneOfItsNamesInAnyCase() {
        FieldCheck protocol = new ChoiceCheck("protocol", List.of("dubbo", "tri"), "dubbo");

        assertThat(protocol.problem("TRI")).isEmpty();
        assertThat(protocol.problem("${__P(dubbo.protocol,dubbo)}")).isEmpty();
        assertThat(protocol.problem("grpc")).hasValue(
                "protocol 'grpc' is not supported; expected one of dubbo, tri, or empty for dubbo");
    }

    @Test
    void anAddressIsARegistryOrAProviderUrl() {
        FieldCheck address = new AddressCheck("address", List.of("zookeeper", "nacos", "dubbo", "tri"),
                "zookeeper://127.0.0.1:2181");

        assertThat(address.problem("nacos://127.0.0.1:8848?namespace=bench")).isEmpty();
        assertThat(address.problem("${__P(dubbo.address,zookeeper://127.0.0.1:2181)}")).isEmpty();
        assertThat(address.problem("127.0.0.1:2181")).hasValue("address '127.0.0.1:2181' is not a URL; expected "
                + "zookeeper://host:port or nacos://host:port or dubbo://host:port or tri://host:port, or empty for "
                + "zookeeper://127.0.0.1:2181");
        assertThat(address.problem("http://127.0.0.1:8080")).hasValueSatisfying(problem ->
                assertThat(problem).startsWith("address 'http://127.0.0.1:8080' is not a zookeeper, nacos, dubbo, tri "
                        + "address"));
    }
}
