package io.rpcbench.benchmark.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcbench.seconds.LiveShipper;
import io.rpcbench.seconds.SampleTimes;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LiveServerTest {

    private static final String EVIL = "<script>alert('x')</script>\"\\\n";
    private static final long SECOND = 1_800_000_000L;
    private final HttpClient http = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();
    private final AtomicLong now = new AtomicLong(SECOND * 1000 + 30_000);
    private LiveServer server;
    private final List<String> shipperLog = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = LiveServer.start(new LiveRun("test run", now::get), InetAddress.getLoopbackAddress(), 0,
                new PrintWriter(new StringWriter()));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private HttpResponse<String> request(String method, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(server.address() + path.substring(1)))
                .method(method, HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** 10 seconds of one label, 1,000 samples a second at 100..1,099 µs, 10 failed with an evil category. */
    private void shipTenSeconds(String label) {
        LiveShipper shipper = LiveShipper.start(server.ingestAddress(), "engine", Duration.ofHours(1),
                shipperLog::add);
        for (long s = 0; s < 10; s++) {
            for (int i = 0; i < 1000; i++) {
                shipper.record(label, (SECOND + s) * 1000 + i % 1000, SampleTimes.of(0, 100 + i, false, 0), 0,
                        i % 100 != 0, i % 100 == 0 ? EVIL : "200", 10, 10, 4);
            }
        }
        shipper.close();
    }

    @Test
    void theEnginesFiguresShowInTheWindowAsTheReportsRuleCutsIt() throws Exception {
        server.run().planStarted("plan-a", 1, 1, "4 threads", 2, 5);
        shipTenSeconds("echo");
        assertThat(shipperLog).isEmpty();
        JsonNode view = new ObjectMapper().readTree(request("GET", "/live.json").body());
        JsonNode plan = view.get("plans").get(0);
        assertThat(plan.get("phase").asText()).isEqualTo("measured");
        // first sample at SECOND, 2 s warm-up, 5 s measured: the window is seconds 2..6, 5,000 samples
        assertThat(plan.get("window").get("startMs").asLong()).isEqualTo((SECOND + 2) * 1000);
        JsonNode label = plan.get("labels").get(0);
        assertThat(label.get("samples").asLong()).isEqualTo(5_000);
        assertThat(label.get("errors").asLong()).isEqualTo(50);
        assertThat(label.get("errorsByCategory").get(EVIL).asLong()).isEqualTo(50);
        assertThat(label.get("maxMs").asDouble()).isEqualTo(1.099);
        assertThat(plan.get("seconds")).hasSize(10);

        // the final report's window, once the plan ends
        server.run().planEnded((SECOND + 3) * 1000, (SECOND + 5) * 1000);
        assertThat(server.run().windowFigures("plan-a", "echo").orElseThrow().samples()).isEqualTo(2_000);
    }

    @Test
    void onlyItsOwnResourcesAreServedAndOnlyToGet() throws Exception {
        HttpResponse<String> page = request("GET", "/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(csp ->
                assertThat(csp).contains("default-src 'none'").contains("connect-src 'self'"));
        assertThat(page.body()).contains("Chart.js").doesNotContain("@CHART_JS@").doesNotContainPattern("<script[^>]+src=")
                .doesNotContainPattern("<link[^>]+href=");
        assertThat(request("GET", "/metrics").statusCode()).isEqualTo(200);
        assertThat(request("HEAD", "/live.json").statusCode()).isEqualTo(200);
        assertThat(request("POST", "/live.json").statusCode()).isEqualTo(405);
        assertThat(request("PUT", "/").statusCode()).isEqualTo(405);
        assertThat(request("DELETE", "/metrics").statusCode()).isEqualTo(405);
        assertThat(request("GET", "/etc/passwd").statusCode()).isEqualTo(404);
        assertThat(request("GET", "/../../etc/passwd").statusCode()).isEqualTo(404);
        assertThat(request("POST", "/ingest/not-the-token").statusCode()).isEqualTo(404);
        String token = server.ingestAddress().substring(server.address().length() - 1);
        assertThat(request("GET", token).statusCode()).isEqualTo(405);
        assertThat(http.send(HttpRequest.newBuilder(URI.create(server.ingestAddress()))
                .POST(HttpRequest.BodyPublishers.ofString("<html>")).build(), HttpResponse.BodyHandlers.ofString())
                .statusCode()).isEqualTo(400);
    }

    @Test
    void theExportHasHistogramBucketsInMicrosecondsAndEscapesLabels() throws Exception {
        server.run().planStarted("plan \"b\"", 1, 1, "4 threads", 0, 10);
        shipTenSeconds(EVIL);
        String metrics = request("GET", "/metrics").body();
        String labels = "plan=\"plan \\\"b\\\"\",label=\"" + PrometheusText.escape(EVIL) + "\"";
        assertThat(PrometheusText.escape(EVIL)).doesNotContain("\n");
        // failed samples count in the response times, as in the reports
        assertThat(metrics).contains("rpcbench_response_time_us_count{" + labels + "} 10000");
        assertThat(metrics).contains("rpcbench_response_time_us_bucket{" + labels + ",le=\"+Inf\"} 10000");
        // 100..1,099 µs, each ten times: up to 510 µs are the 411 values 100..510 (exact below 2,048 µs)
        assertThat(metrics).contains("rpcbench_response_time_us_bucket{" + labels + ",le=\"510\"} 4110");
        assertThat(metrics).contains("rpcbench_errors_total{" + labels + ",category=\"" + PrometheusText.escape(EVIL)
                + "\"} 100");
        assertThat(metrics.lines().filter(line -> !line.startsWith("#")))
                .allMatch(line -> line.matches("[a-z_]+(\\{.*\\})? [0-9.E+-]+|[a-z_]+\\{.*\\} NaN"));
    }

    @Test
    void aPortInUseFallsBackToAFreeOneAndSaysWhich() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            StringWriter said = new StringWriter();
            try (LiveServer other = LiveServer.start(new LiveRun("t", now::get), InetAddress.getLoopbackAddress(),
                    taken.getLocalPort(), new PrintWriter(said, true))) {
                assertThat(other.port()).isNotEqualTo(taken.getLocalPort()).isPositive();
                assertThat(said.toString()).contains("port " + taken.getLocalPort() + " is in use")
                        .contains("port " + other.port() + " instead");
            }
        }
    }
}
