package io.rpcbench.elements.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.elements.JMeterTestHome;
import io.rpcbench.sampler.jmeter.RpcJavaSampler;
import java.nio.file.Path;
import java.util.Map;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How an element drives its Java Request sampler: JMeter's Java Request lifecycle, from the element's fields. */
class RpcRequestTest {

    @TempDir
    static Path home;

    @BeforeAll
    static void jmeterProperties() throws Exception {
        JMeterTestHome.use(home);
    }

    @AfterEach
    void noSampleVariables() {
        JMeterUtils.getJMeterProperties().remove(SampleEvent.SAMPLE_VARIABLES);
        JMeterContextService.getContext().setVariables(null);
    }

    @Test
    void setupTestRunsOnceWithTheFirstSamplesValuesAndRunTestWithEachSamplesOwn() {
        RecordingRequest request = new RecordingRequest();
        request.setField("where", "zookeeper://127.0.0.1:2181");
        request.setField("what", "first");

        request.sample(null);
        request.setField("what", "second"); // as a ${var} substituted anew for the next sample
        request.sample(null);

        assertThat(request.made).hasSize(1);
        RecordingJavaRequest sampler = request.made.get(0);
        assertThat(sampler.setups).containsExactly(values("zookeeper://127.0.0.1:2181", "first"));
        assertThat(sampler.samples).containsExactly(values("zookeeper://127.0.0.1:2181", "first"),
                values("zookeeper://127.0.0.1:2181", "second"));
    }

    @Test
    void aFieldNeverSetReachesTheSamplerEmptySoThatItsDefaultApplies() {
        RecordingRequest request = new RecordingRequest();

        request.sample(null);

        assertThat(request.made.get(0).samples).containsExactly(values("", ""));
    }

    @Test
    void eachThreadsCopyOfTheElementMakesItsOwnJavaRequestSampler() {
        RecordingRequest plan = new RecordingRequest();
        plan.setField("what", "call");
        RecordingRequest threadOne = (RecordingRequest) plan.clone();
        RecordingRequest threadTwo = (RecordingRequest) plan.clone();

        threadOne.sample(null);
        threadTwo.sample(null);
        threadOne.sample(null);

        assertThat(threadOne.made).hasSize(1);
        assertThat(threadOne.made.get(0).samples).hasSize(2);
        assertThat(threadTwo.made).hasSize(1);
        assertThat(threadTwo.made.get(0).samples).hasSize(1);
        assertThat(plan.made).as("the plan's own element never samples").isEmpty();
    }

    @Test
    void aSampleWithoutALabelIsLabelledWithTheElementsName() {
        RecordingRequest request = new RecordingRequest();
        request.setName("place order");

        assertThat(request.sample(null).getSampleLabel()).isEqualTo("place order");
    }

    @Test
    void jmetersStopReachesTheJavaRequestSamplerOnceItExists() {
        RecordingRequest request = new RecordingRequest();
        assertThat(request.interrupt()).as("before the first sample: nothing to cut short").isFalse();

        request.sample(null);

        assertThat(request.interrupt()).isTrue();
        assertThat(request.made.get(0).interrupted).isTrue();
    }

    /**
     * The real Thrift sampler behind a Thrift Request: a field it cannot take fails the sample with the category the
     * Java Request writes, a message naming the field, and {@code elapsed_us} 0 (no call).
     */
    @Test
    void aBadFieldFailsTheSampleAsTheJavaRequestDoesWithElapsedMicrosZero() {
        JMeterUtils.setProperty(SampleEvent.SAMPLE_VARIABLES, RpcJavaSampler.ELAPSED_MICROS_VARIABLE);
        JMeterVariables variables = new JMeterVariables();
        JMeterContextService.getContext().setVariables(variables);
        ThriftRequest request = new ThriftRequest();
        request.setName("find item");
        request.setField("port", "ninety");
        request.setField("service", "io.rpcbench.example.thrift.InventoryService");
        request.setField("method", "find");

        SampleResult result = request.sample(null);

        assertThat(result.isSuccessful()).isFalse();
        assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
        assertThat(result.getResponseMessage()).contains("port", "ninety");
        assertThat(result.getSampleLabel()).isEqualTo("find item");
        assertThat(variables.get(RpcJavaSampler.ELAPSED_MICROS_VARIABLE)).isEqualTo("0");
    }

    /** {@code property_overrides} works in an element as in the Java Request: the property's value replaces the field. */
    @Test
    void propertyOverridesReplaceAFieldByAJMeterPropertyAsInTheJavaRequest() {
        JMeterUtils.setProperty("inventory.port", "ninety");
        try {
            ThriftRequest request = new ThriftRequest();
            request.setField("port", "9090");
            request.setField("service", "io.rpcbench.example.thrift.InventoryService");
            request.setField("method", "find");
            request.setField("property_overrides", "port=inventory.port");

            SampleResult result = request.sample(null);

            assertThat(result.getResponseCode()).isEqualTo("bad-parameter");
            assertThat(result.getResponseMessage()).contains("port", "ninety");
        } finally {
            JMeterUtils.getJMeterProperties().remove("inventory.port");
        }
    }

    private static Map<String, String> values(String where, String what) {
        return Map.of("where", where, "what", what, RpcJavaSampler.MAX_IN_FLIGHT, "", "property_overrides", "");
    }
}
