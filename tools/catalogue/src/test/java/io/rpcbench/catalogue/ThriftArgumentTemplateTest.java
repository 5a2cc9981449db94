package io.rpcbench.catalogue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.example.thrift.InventoryService;
import io.rpcbench.sampler.thrift.JsonToThrift;
import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ThriftArgumentTemplateTest {

    private static final String ITEM = "{\"id\": 0, \"name\": \"\", \"kind\": \"PART\", \"priceMicros\": 0,"
            + " \"weightKg\": 0, \"tags\": [\"\"], \"barcodes\": [\"\"], \"stockByWarehouse\": {\"\": 0},"
            + " \"dimensions\": {\"widthMm\": 0, \"heightMm\": 0, \"depthMm\": 0}, \"note\": \"\", \"thumbnail\": \"\"}";

    private final ThriftMethods inventory = ThriftMethods.load(InventoryService.class.getName(), serviceJar());

    @Test
    void argumentsAreEveryFieldOfTheArgsStructInTheIdlsOrder() {
        assertThat(inventory.template("shelve")).isEqualTo("[\"\", [" + ITEM + "]]");
        assertThat(inventory.template("store")).isEqualTo("[" + ITEM + "]");
        assertThat(inventory.template("find")).isEqualTo("[0]");
    }

    /** The template is what the sampler takes: every method's template makes its _args struct. */
    @Test
    void everyTemplateOfTheInventoryServiceIsAcceptedByTheSamplersArgumentReading() {
        JsonToThrift sampler = new JsonToThrift("arguments");

        assertThat(inventory.names()).containsExactly("find", "forget", "shelve", "store", "totalStock", "touch");
        for (String method : inventory.names()) {
            String template = inventory.template(method);
            assertThatCode(() -> sampler.arguments(inventory.arguments(method), sampler.parse(template, "JSON"), method))
                    .as("%s with %s", method, template).doesNotThrowAnyException();
        }
    }

    @Test
    void anUnknownMethodIsRefusedNamingTheServicesMethods() {
        assertThatThrownBy(() -> inventory.template("lookup")).isInstanceOf(BadOptionException.class)
                .hasMessage("--method 'lookup' is not a method of io.rpcbench.example.thrift.InventoryService;"
                        + " expected one of find, forget, shelve, store, totalStock, touch");
    }

    @Test
    void aClassThatIsNotAGeneratedServiceIsRefused() {
        assertThatThrownBy(() -> ThriftMethods.load("java.lang.String", serviceJar()))
                .hasMessageStartingWith("--thrift-service 'java.lang.String' is not a generated Thrift service");
        assertThatThrownBy(() -> ThriftMethods.load(InventoryService.class.getName(), "/no/such.jar"))
                .hasMessageStartingWith("--classpath '/no/such.jar' names /no/such.jar, which does not exist");
    }

    /** Where the generated classes are: the example-thrift-api jar (or its classes folder in the reactor). */
    static String serviceJar() {
        try {
            return Path.of(InventoryService.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
