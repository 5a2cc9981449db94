package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.provider.dubbo.DubboEndpoint;
import io.rpcbench.provider.dubbo.ExportedService;
import io.rpcbench.sampler.LoopbackProviders;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link DubboServiceSampler} results holding the date and time types beyond the example's ({@link TimeValues},
 * in-process over the dubbo protocol and hessian2): each is the sample's response data as its ISO text, generic and
 * typed alike.
 */
class TimeResultsTest {

    private static DubboEndpoint provider;

    @BeforeAll
    static void startProvider() {
        provider = LoopbackProviders.dubbo("dubbo", List.of(ExportedService.of(TimeValues.class, new TimeValues.Parsed())));
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            provider.close();
        }
    }

    @ParameterizedTest(name = "{0}({1}) {2}")
    @CsvSource({
        "zoned, 2024-05-07T18:00+08:00, generic, 2024-05-07T18:00+08:00",
        "zoned, 2024-05-07T18:00+08:00, typed, 2024-05-07T18:00+08:00",
        "zoned, 2024-10-27T02:30:00.123456789+01:00[Europe/Paris], typed, 2024-10-27T02:30:00.123456789+01:00[Europe/Paris]",
        "day, 2024-05-06, generic, 2024-05-06",
        "day, 2024-05-06, typed, 2024-05-06",
        "time, 07:08:09, generic, 07:08:09",
        "time, 07:08:09, typed, 07:08:09",
        // hessian2 carries a Timestamp to the millisecond (ExactJsonTest: written with every digit it holds)
        "stamp, 2024-05-06T07:08:09.123Z, generic, 2024-05-06T07:08:09.123Z",
        "stamp, 2024-05-06T07:08:09.123Z, typed, 2024-05-06T07:08:09.123Z",
    })
    void theResultIsItsIsoText(String method, String argument, String invocation, String expected) {
        Map<String, String> parameters = new HashMap<>(Map.of("address", provider.endpoint(),
                "interface", TimeValues.class.getName(), "method", method, "arguments", "[\"" + argument + "\"]",
                "invocation", invocation));
        if (invocation.equals("generic")) {
            parameters.put("parameter_types", "java.lang.String"); // a direct address has no metadata
        }

        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters);

        assertThat(result.getResponseMessage()).isEqualTo("OK");
        assertThat(result.getResponseDataAsString()).isEqualTo("\"" + expected + "\"");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"generic", "typed"})
    void aZonedDateTimeArgumentReachesTheProviderWithItsZone(String invocation) {
        Map<String, String> parameters = new HashMap<>(Map.of("address", provider.endpoint(),
                "interface", TimeValues.class.getName(), "method", "zonedText", "invocation", invocation,
                "arguments", "[\"2024-10-27T02:30+01:00[Europe/Paris]\"]"));
        if (invocation.equals("generic")) {
            parameters.put("parameter_types", "java.time.ZonedDateTime");
        }

        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), parameters);

        assertThat(result.getResponseMessage()).isEqualTo("OK");
        assertThat(result.getResponseDataAsString()).isEqualTo("\"2024-10-27T02:30+01:00[Europe/Paris]\"");
    }

    @Test
    void aGenericZonedDateTimeInARegionNeedsAProviderThatOpensJavaTime() {
        // This JVM, the provider's, does not open java.time: Dubbo's generic filter cannot read ZoneRegion's getters.
        SampleResult result = SamplerRun.runOnce(new DubboServiceSampler(), Map.of("address", provider.endpoint(),
                "interface", TimeValues.class.getName(), "method", "zoned", "parameter_types", "java.lang.String",
                "arguments", "[\"2024-10-27T02:30+01:00[Europe/Paris]\"]"));

        assertThat(result.getResponseCode()).isEqualTo("remote-exception");
        assertThat(result.getResponseMessage()).contains("java.time.ZoneRegion.getId() accessible");
    }
}
