package io.rpcbench.benchmark.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcbench.seconds.LiveMessage;
import io.rpcbench.seconds.SampleFigures;
import io.rpcbench.seconds.SampleTimes;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The Grafana dashboard shipped in docs/ asks only for series the live dashboard's /metrics exports. */
class GrafanaDashboardTest {

    private static final Path DASHBOARD = Path.of(System.getProperty("rpcbench.project.dir", "../.."))
            .resolve("docs/grafana/rpcbench-live.json");
    private static final Pattern NAME = Pattern.compile("rpcbench_[a-z_]+");

    @Test
    void everySeriesItQueriesIsExported() throws Exception {
        JsonNode dashboard = new ObjectMapper().readTree(DASHBOARD.toFile());
        Set<String> asked = new TreeSet<>();
        for (JsonNode expr : dashboard.findValues("expr")) {
            Matcher m = NAME.matcher(expr.asText());
            while (m.find()) {
                asked.add(m.group());
            }
        }
        asked.add(dashboard.at("/templating/list/1/definition").asText().replaceAll(".*\\((rpcbench_[a-z_]+).*", "$1"));
        assertThat(asked).contains("rpcbench_window_response_time_us_bucket", "rpcbench_agent_metric");

        LiveRun run = new LiveRun("t", () -> 1_800_000_010_000L);
        run.planStarted("plan", 1, 1, "load", 0, 10);
        SampleFigures figures = new SampleFigures();
        figures.record(SampleTimes.of(0, 500, false, 0), 0, false, "timeout", 1, 1, 2);
        run.accept(new LiveMessage("e", 0, false, List.of(new LiveMessage.Second("label", 1_800_000_005L,
                figures.wire())), List.of(new LiveMessage.Reading("127.0.0.1 CPU combined", 1, 5.0))));
        Set<String> exported = new TreeSet<>();
        PrometheusText.of(run).lines().filter(line -> !line.startsWith("#"))
                .forEach(line -> exported.add(line.substring(0, line.indexOf('{'))));
        assertThat(exported).containsAll(asked);
    }
}
