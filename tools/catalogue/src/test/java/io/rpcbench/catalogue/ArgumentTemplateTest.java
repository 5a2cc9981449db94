package io.rpcbench.catalogue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.rpcbench.sampler.json.ExactJson;
import io.rpcbench.sampler.json.GenericArguments;
import io.rpcbench.sampler.json.MethodSignature;
import io.rpcbench.sampler.json.ServiceDefinition;
import io.rpcbench.sampler.template.ArgumentTemplate;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class ArgumentTemplateTest {

    private static final String LINE = "{\"quantity\": 0, \"sku\": \"\", \"unitPrice\": 0}";

    /** A tree and a map keyed by longs and by enums, as a definition Dubbo 3.3 writes them. */
    private static final String TREE = """
            {"canonicalName":"com.example.Catalogue","methods":[
              {"name":"add","parameterTypes":["com.example.Node","java.util.Map<java.lang.Long,java.lang.String>",
                "java.util.Map<com.example.Kind,int[]>","com.example.Unknown","java.lang.Object","char","boolean"],
               "returnType":"void"}],
             "types":[
              {"type":"com.example.Node","properties":{"name":"java.lang.String","parent":"com.example.Node",
                "children":"java.util.List<com.example.Node>"}},
              {"type":"com.example.Kind","enums":["BOOK","DISC"]}]}
            """;

    @Test
    void orderIsEveryFieldTypedByTheDefinitionThatDubboBuilds() throws IOException {
        ServiceDefinition definition = OrderServiceDefinition.parsed();

        assertThat(ArgumentTemplate.of(definition, definition.methodsNamed("place").get(0))).isEqualTo(
                "[{\"customerId\": 0, \"id\": 0, \"lines\": [" + LINE + "], \"linesBySku\": {\"\": " + LINE + "},"
                        + " \"placedAt\": \"2024-05-06T07:08:09\", \"status\": \"NEW\", \"total\": 0}]");
    }

    @Test
    void looseArgumentsAreOneValuePerParameterInOrder() throws IOException {
        ServiceDefinition definition = OrderServiceDefinition.parsed();

        assertThat(ArgumentTemplate.of(definition, definition.methodsNamed("build").get(0))).isEqualTo(
                "[0, 0, 0, \"2024-05-06T07:08:09\", \"NEW\", [" + LINE + "], {\"\": " + LINE + "}]");
        assertThat(ArgumentTemplate.of(definition, definition.methodsNamed("schedule").get(0))).isEqualTo(
                "[0, \"en-US\", \"2024-05-06T07:08:09Z\", \"2024-05-06T07:08:09+02:00\", \"PT1S\","
                        + " \"123e4567-e89b-12d3-a456-426614174000\", \"2024-05-06T07:08:09.123Z\", \"EUR\"]");
    }

    /** The template is what the sampler takes: every method's template converts with the definition, unchanged. */
    @Test
    void everyTemplateOfTheOrderServiceIsAcceptedByTheSamplersArgumentReading() throws IOException {
        ServiceDefinition definition = OrderServiceDefinition.parsed();
        GenericArguments sampler = new GenericArguments(definition);

        assertThat(definition.methods()).extracting(MethodSignature::name)
                .contains("place", "build", "indexBySku", "total", "confirm", "schedule", "reschedule", "find");
        for (MethodSignature method : definition.methods()) {
            String template = ArgumentTemplate.of(definition, method);
            assertThatCode(() -> sampler.convert(ExactJson.MAPPER.readTree(template), method))
                    .as("%s with %s", method, template).doesNotThrowAnyException();
        }
    }

    @Test
    void aTypeInsideItselfIsCutOffAndMapKeysFollowTheirType() throws IOException {
        ServiceDefinition definition = ServiceDefinition.parse(TREE);
        MethodSignature add = definition.methodsNamed("add").get(0);

        String template = ArgumentTemplate.of(definition, add);

        assertThat(template).isEqualTo("[{\"children\": [null], \"name\": \"\", \"parent\": null}, {\"0\": \"\"},"
                + " {\"BOOK\": [0]}, {}, null, \"a\", false]");
        assertThatCode(() -> new GenericArguments(definition).convert(ExactJson.MAPPER.readTree(template), add))
                .doesNotThrowAnyException();
    }
}
