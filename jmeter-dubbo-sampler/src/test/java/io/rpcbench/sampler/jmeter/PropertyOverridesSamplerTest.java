package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.provider.DelayedEcho;
import io.rpcbench.provider.thrift.ThriftEndpoint;
import io.rpcbench.sampler.LoopbackProviders;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The samplers' {@code property_overrides} parameter with JMeter's own properties, as the shipped plans use it. */
class PropertyOverridesSamplerTest {

    private static final String PORT_PROPERTY = "rpcbench.test.thrift.port";
    private static final String ROUNDS_PROPERTY = "rpcbench.test.rounds";
    private static final String DELAY_PROPERTY = "rpcbench.test.delay_ms";

    @TempDir
    static Path home;

    @BeforeAll
    static void jmeterProperties() throws Exception {
        JMeterTestHome.use(home);
    }

    @AfterEach
    void noProperty() {
        JMeterUtils.getJMeterProperties().remove(PORT_PROPERTY);
        JMeterUtils.getJMeterProperties().remove(ROUNDS_PROPERTY);
        JMeterUtils.getJMeterProperties().remove(DELAY_PROPERTY);
    }

    @Test
    void everySamplerOffersTheParameterLastAndEmpty() {
        for (RpcJavaSampler<?> sampler : List.of(new ThriftSampler(), new DubboSampler(), new ThriftServiceSampler(),
                new DubboServiceSampler())) {
            Map<String, String> defaults = sampler.getDefaultParameters().getArgumentsAsMap();
            assertThat(defaults.keySet()).as(sampler.getClass().getSimpleName()).last()
                    .isEqualTo(PropertyOverrides.PARAMETER);
            assertThat(defaults.get(PropertyOverrides.PARAMETER)).isEmpty();
        }
    }

    /** What the GUI shows for a new echo sampler: seed 000's rounds and no delay. */
    @Test
    void echoSamplersOfferRoundsAndDelayWithTheirDefaults() {
        for (RpcJavaSampler<?> sampler : List.of(new ThriftSampler(), new DubboSampler())) {
            Map<String, String> defaults = sampler.getDefaultParameters().getArgumentsAsMap();
            assertThat(defaults).as(sampler.getClass().getSimpleName())
                    .containsEntry("rounds", "10000").containsEntry("delay_ms", "0");
        }
    }

    @Test
    void roundsAndDelayTakeTheirPropertiesValues() throws Exception {
        try (ThriftEndpoint server = LoopbackProviders.thrift("buffered", "binary", new DelayedEcho(0))) {
            JMeterUtils.setProperty(ROUNDS_PROPERTY, "7");
            JMeterUtils.setProperty(DELAY_PROPERTY, "20");
            String overrides = "rounds=" + ROUNDS_PROPERTY + ", delay_ms=" + DELAY_PROPERTY;
            String port = Integer.toString(server.port());

            SampleResult cpu = SamplerRun.runOnce(new ThriftSampler(), Map.of("port", port, "payload", "cpu",
                    PropertyOverrides.PARAMETER, overrides));
            SampleResult built = SamplerRun.runOnce(new ThriftSampler(), Map.of("port", port, "payload", "built",
                    "size_bytes", "10", PropertyOverrides.PARAMETER, overrides));

            assertThat(cpu.isSuccessful()).as(cpu.getResponseMessage()).isTrue();
            assertThat(cpu.getSamplerData()).isEqualTo("appendRandomNumbers 7 rounds to a string of 1024 bytes");
            assertThat(built.isSuccessful()).as(built.getResponseMessage()).isTrue();
            assertThat(built.getSamplerData()).isEqualTo("sleepAndBuildText 20 ms, 10 chars");
            assertThat(built.getTime()).isGreaterThanOrEqualTo(20);
        }
    }

    @Test
    void aSetPropertyReplacesThePlansValueForEverySample() throws Exception {
        try (ThriftEndpoint server = LoopbackProviders.thrift("buffered", "binary", new DelayedEcho(0))) {
            JMeterUtils.setProperty(PORT_PROPERTY, Integer.toString(server.port()));

            List<SampleResult> results = SamplerRun.run(new ThriftSampler(), Map.of("port", "1",
                    PropertyOverrides.PARAMETER, "port=" + PORT_PROPERTY), 3);

            assertThat(results).allSatisfy(r -> {
                assertThat(r.isSuccessful()).as(r.getResponseMessage()).isTrue();
                assertThat(r.getUrlAsString()).isEqualTo("thrift://127.0.0.1:" + server.port());
            });
        }
    }

    @Test
    void anUnsetPropertyLeavesThePlansValue() throws Exception {
        try (ThriftEndpoint server = LoopbackProviders.thrift("buffered", "binary", new DelayedEcho(0))) {
            SampleResult result = SamplerRun.runOnce(new ThriftSampler(), Map.of("port", Integer.toString(server.port()),
                    PropertyOverrides.PARAMETER, "port=" + PORT_PROPERTY));

            assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();
        }
    }

    @Test
    void aWrongValueFailsEverySampleAsABadParameter() {
        List<SampleResult> results = SamplerRun.run(new ThriftSampler(),
                Map.of(PropertyOverrides.PARAMETER, "prot=thrift.port"), 2);

        assertThat(results).allSatisfy(r -> {
            assertThat(r.isSuccessful()).isFalse();
            assertThat(r.getResponseCode()).isEqualTo("bad-parameter");
            assertThat(r.getResponseMessage()).startsWith("property_overrides 'prot=thrift.port' overrides 'prot',");
        });
    }
}
