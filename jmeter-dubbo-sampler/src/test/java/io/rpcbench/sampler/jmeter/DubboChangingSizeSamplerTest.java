package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.provider.DelayedEcho;
import io.rpcbench.provider.dubbo.DubboEndpoint;
import io.rpcbench.sampler.LoopbackProviders;
import io.rpcbench.sampler.call.echo.SizeChange;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class DubboChangingSizeSamplerTest {

    private static DubboEndpoint provider;

    @BeforeAll
    static void startProvider() {
        provider = LoopbackProviders.dubbo("dubbo", new DelayedEcho(0));
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            provider.close();
        }
    }

    @Test
    void echoesAStringOfTheIntervalsSizeAndSaysWhichInTheSample() {
        long before = System.currentTimeMillis();
        List<SampleResult> results = SamplerRun.run(new DubboChangingSizeSampler(), Map.of("address",
                provider.endpoint(), "size_min_bytes", "1000", "size_max_bytes", "5000", "size_every_s", "3600"), 3);
        long after = System.currentTimeMillis();

        SizeChange change = new SizeChange(1000, 5000, 3600, 1);
        // A run that straddles a boundary sees either size; any sample is one of them.
        List<Integer> sizes = List.of(change.sizeAt(before), change.sizeAt(after));
        assertThat(results).allSatisfy(r -> {
            assertThat(r.isSuccessful()).as(r.getResponseMessage()).isTrue();
            int size = Integer.parseInt(r.getSamplerData().replaceAll("echo string (\\d+) bytes", "$1"));
            assertThat(sizes).contains(size);
            assertThat(r.getSentBytes()).isEqualTo(size);
            assertThat(r.getBytesAsLong()).isBetween((long) size, size + 512L);
            assertThat(new String(r.getResponseData(), StandardCharsets.UTF_8)).isEqualTo(r.getSamplerData());
        });
        // Samples of one size carry the bytes of its summary encoded once, not once per sample. The middle one of
        // three shares its size with a neighbour even when a boundary falls between two of them.
        SampleResult middle = results.get(1);
        assertThat(results).filteredOn(r -> r.getSamplerData().equals(middle.getSamplerData()))
                .hasSizeGreaterThan(1)
                .allSatisfy(r -> assertThat(r.getResponseData()).isSameAs(middle.getResponseData()));
    }

    @Test
    void offersTheRangeInPlaceOfAFixedSize() {
        Map<String, String> parameters = new DubboChangingSizeSampler().getDefaultParameters().getArgumentsAsMap();

        assertThat(parameters).doesNotContainKey("size_bytes")
                .containsEntry("size_min_bytes", "20").containsEntry("size_max_bytes", "204800")
                .containsEntry("size_every_s", "600").containsEntry("size_seed", "1")
                .containsEntry("payload", "string");
    }

    @Test
    void aBadRangeFailsEverySampleNamingTheParameter() {
        SampleResult result = SamplerRun.runOnce(new DubboChangingSizeSampler(), Map.of("address",
                provider.endpoint(), "size_min_bytes", "300", "size_max_bytes", "200"));

        assertThat(result.isSuccessful()).isFalse();
        assertThat(result.getResponseMessage())
                .isEqualTo("size_max_bytes '200' is below size_min_bytes 300; expected a size from 300 to 67108864");
    }
}
