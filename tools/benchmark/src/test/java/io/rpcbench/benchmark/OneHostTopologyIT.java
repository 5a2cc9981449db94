package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.lab.Topology;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.reports.jtl.JtlSample;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 000's two providers and two consumers on one host: both JMeters run the pressure plan at the same time through
 * the one registry, and each provider serves calls, as the samples' URL column (the provider Dubbo chose, per sample)
 * shows.
 */
class OneHostTopologyIT {

    @TempDir
    Path dir;

    @Test
    void twoConsumersCallBothProvidersThroughOneRegistry() throws Exception {
        Plans.LAYOUT.requireBuilt();
        try (OneHostTopology site = OneHostTopology.start(Plans.LAYOUT, Topology.parse("seed-000"), dir)) {
            List<ProviderProcess> providers = site.providers();
            assertThat(providers).hasSize(2);
            assertThat(providers.get(1).endpoints().zookeeper()).isEqualTo(providers.get(0).endpoints().zookeeper());

            List<JMeterRun> consumers = site.run("seed-000-pressure", Map.of(JMeterRun.THINK_TIME, TestVolume.THINK_TIME_MS, "threads", "2", "rampup", "0",
                    "duration", "8", "size_interval", "1", "size_max", "10000", "agents", "none"),
                    Duration.ofMinutes(2));

            assertThat(consumers).hasSize(2);
            assertThat(consumers.get(0).jtl()).isNotEqualTo(consumers.get(1).jtl());
            Set<String> dubbo = providers.stream().map(p -> p.endpoints().dubbo().orElseThrow())
                    .collect(Collectors.toSet());
            List<JtlSample> all = new java.util.ArrayList<>();
            for (JMeterRun consumer : consumers) {
                List<JtlSample> samples = Plans.samples(consumer.jtl());
                assertThat(samples).as("samples of %s", consumer.jtl()).isNotEmpty()
                        .allSatisfy(s -> assertThat(s.success()).as("success of %s", s).isTrue());
                all.addAll(samples);
            }
            // Dubbo's random balancing spreads each consumer's calls; together they reach both providers.
            Map<String, Long> bytesByProvider = all.stream().collect(
                    Collectors.groupingBy(JtlSample::url, Collectors.summingLong(JtlSample::bytes)));
            assertThat(bytesByProvider.keySet()).as("providers that answered").isEqualTo(dubbo);
            assertThat(bytesByProvider.values()).allSatisfy(bytes -> assertThat(bytes).isPositive());
        }
    }
}
