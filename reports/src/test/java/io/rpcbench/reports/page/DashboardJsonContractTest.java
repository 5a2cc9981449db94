package io.rpcbench.reports.page;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcbench.reports.dashboard.RecordedRunWindowTest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The names other tools read from the JSON that --data-json writes (the compare command reads dashboard.json): each
 * run's identity and window, total, steadiness and server figures, under exactly these names.
 */
class DashboardJsonContractTest {

    private static final List<String> RUN = List.of("name", "system", "scenario", "warmupMs", "windowStartMs",
            "windowEndMs", "total", "steadiness", "server");
    private static final List<String> TOTAL = List.of("samples", "tps", "averageMs", "p50Ms", "p90Ms", "p95Ms", "p99Ms",
            "p999Ms", "maxMs", "errorPercent", "resolution");
    private static final List<String> STEADINESS = List.of("thirds", "changePercent", "spreadPercent", "steady",
            "verdict", "warnings");
    private static final List<String> THIRD = List.of("tps", "averageMs", "p99Ms");
    private static final List<String> SERVER = List.of("hostCpuPercent", "hostMemoryPercent", "providerCpuPercent",
            "providerRssMb", "networkInBytesPerSecond", "networkOutBytesPerSecond", "diskReadBytesPerSecond",
            "diskWriteBytesPerSecond", "gcCollections", "gcPauseMs", "gcPausePercent");

    @TempDir
    Path dir;

    @Test
    void theDataJsonHoldsEveryFigureTheCompareCommandReadsUnderItsName() throws IOException {
        Path json = dir.resolve("dashboard.json");
        DashboardJson.write(RecordedRunWindowTest.dashboard().read(dir), json);

        JsonNode run = new ObjectMapper().readTree(json.toFile()).get("runs").get(0);
        assertThat(run.fieldNames()).toIterable().containsAll(RUN);
        assertThat(run.get("total").fieldNames()).toIterable().containsAll(TOTAL);
        assertThat(run.get("steadiness").fieldNames()).toIterable().containsAll(STEADINESS);
        assertThat(run.get("steadiness").get("thirds")).hasSize(3);
        assertThat(run.get("steadiness").get("thirds").get(0).fieldNames()).toIterable().containsAll(THIRD);
        assertThat(run.get("server").fieldNames()).toIterable().containsAll(SERVER);
        assertThat(run.get("name").asText()).isEqualTo("dubbo-echo-1k");
        assertThat(run.get("warmupMs").asLong()).isEqualTo(10_000);
        assertThat(run.get("total").get("resolution").asText()).isEqualTo("us");
        assertThat(run.get("server").get("gcPausePercent").asDouble()).isEqualTo(0.4);
        assertThat(run.get("steadiness").get("steady").asBoolean()).isTrue();
    }
}
