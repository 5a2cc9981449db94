package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcbench.benchmark.live.LiveServer;
import io.rpcbench.process.ChildProcess;
import io.rpcbench.reports.HeadlessChromium;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The live dashboard during {@code ./run-benchmark --plan thrift-echo-1k --warmup 5 --duration 30} (at the tests'
 * volume: 2 threads, 1 ms think time): the page opened in headless Chromium twice, 5 s apart in the measured window,
 * shows different figures (screenshots in target/live-dashboard); a real Prometheus (Debian's, on loopback) scrapes
 * {@code /metrics} through the run; after the run the page says the run has ended and its last p99 equals
 * dashboard.json's to the microsecond, and PromQL's {@code histogram_quantile} of the window's buckets lies in the
 * same bucket as the report's p99, printed beside it.
 */
class LiveDashboardIT {

    private static final Path OUT = Path.of("target/live-dashboard").toAbsolutePath();
    private static final String PLAN = "thrift-echo-1k";
    private static final Duration DEADLINE = Duration.ofMinutes(3);
    private static final Pattern SAMPLES = Pattern.compile("id=\"tile-samples\"[^>]*>([0-9,]+)<");
    private static final Pattern P99 = Pattern.compile(
            "<tr data-label=\"" + PLAN + "\">.*?data-field=\"p99\"[^>]*>([0-9.,]+)<");
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();

    @Test
    void thePageShowsTheRunAsItGoesAndEndsOnTheReportsFiguresAsPrometheusDoes() throws Exception {
        Path results = Files.createTempDirectory(Files.createDirectories(OUT), "results-");
        HeadlessChromium chromium = new HeadlessChromium(HeadlessChromium.find().orElseGet(() ->
                fail("the live dashboard check needs chromium on the PATH; install it with 'apt-get install -y "
                        + "chromium'")), Files.createDirectories(OUT));
        Path prometheusBinary = Path.of("/usr/bin/prometheus");
        assertThat(prometheusBinary).as("Debian's prometheus (apt-get install -y prometheus; ./run-tests does)")
                .isExecutable();
        StringWriter printed = new StringWriter();
        BenchmarkCommand job = new BenchmarkCommand();
        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> new CommandLine(job)
                .setOut(new PrintWriter(printed, true)).execute("--plan", PLAN, "--warmup", "5", "--duration", "30",
                        "--threads", "2", "--think-time", TestVolume.THINK_TIME_MS, "--rampup", "0",
                        "--live-port", "0", "--live-linger", "20", "--no-jmeter-dashboards",
                        "--results", results.toString(), "--project-dir", Plans.LAYOUT.projectDir().toString()));
        AtomicBoolean watching = new AtomicBoolean(true);
        LiveServer live = await("the live server", () -> job.liveServer(), run, printed);
        assertThat(printed.toString()).containsPattern("(?m)^Live: http://127\\.0\\.0\\.1:" + live.port() + "/$");
        URI page = URI.create(live.address());
        // A page kept open for the whole run (as a user's would be), so that the run lingers for it at its end.
        CompletableFuture<Void> openPage = CompletableFuture.runAsync(() -> {
            while (watching.get()) {
                try {
                    get(page.resolve("live.json"));
                    Thread.sleep(1000); // a page's poll interval, not a readiness wait
                } catch (Exception stopped) {
                    return;
                }
            }
        });
        Path prometheusDir = Files.createTempDirectory(OUT, "prometheus-");
        int prometheusPort = freePort();
        Files.writeString(prometheusDir.resolve("prometheus.yml"), String.format(Locale.ROOT, """
                global:
                  scrape_interval: 1s
                scrape_configs:
                  - job_name: rpcbench
                    scrape_interval: 1s
                    static_configs:
                      - targets: ['127.0.0.1:%d']
                """, live.port()));
        try (ChildProcess prometheus = ChildProcess.start("prometheus", List.of(prometheusBinary.toString(),
                "--config.file=" + prometheusDir.resolve("prometheus.yml"),
                "--storage.tsdb.path=" + prometheusDir.resolve("data"),
                "--web.listen-address=127.0.0.1:" + prometheusPort), Map.of(), prometheusDir.resolve("prometheus.log"))) {
            prometheus.awaitLine(line -> line.contains("Server is ready to receive web requests"), Duration.ofSeconds(60));

            await("the measured window", () -> phase(page).equals("measured") ? Boolean.TRUE : null, run, printed);
            String first = chromium.dumpDom(page, Duration.ofSeconds(3));
            chromium.screenshot(page, OUT.resolve("live-1.png"), 1400, 2200, Duration.ofSeconds(3));
            Thread.sleep(5_000); // the acceptance's two moments 5 s apart
            String second = chromium.dumpDom(page, Duration.ofSeconds(3));
            chromium.screenshot(page, OUT.resolve("live-2.png"), 1400, 2200, Duration.ofSeconds(3));
            long samplesFirst = number(SAMPLES, first, "the samples tile");
            long samplesSecond = number(SAMPLES, second, "the samples tile");
            assertThat(samplesSecond).as("samples of the window 5 s later").isGreaterThan(samplesFirst);
            assertThat(OUT.resolve("live-1.png")).isNotEmptyFile();
            assertThat(OUT.resolve("live-2.png")).isNotEmptyFile();

            await("the run's end on the live page", () -> printed.toString().contains("Live dashboard: serving")
                    ? Boolean.TRUE : null, run, printed);
            String last = chromium.dumpDom(page, Duration.ofSeconds(3));
            assertThat(last).contains("The run has ended.");
            JsonNode report = JSON.readTree(results.resolve("dashboard.json").toFile()).get("runs").get(0);
            JsonNode label = report.get("labels").get(0);
            assertThat(label.get("label").asText()).isEqualTo(PLAN);
            double reportP99 = label.get("p99Ms").asDouble();
            Matcher p99 = P99.matcher(last);
            assertThat(p99.find()).as("the labels table's p99 in the last page").isTrue();
            assertThat(Double.parseDouble(p99.group(1).replace(",", ""))).as("the page's last p99, ms")
                    .isEqualTo(reportP99);

            // Prometheus' last scrape of the window's histogram (the final report's window: scraped while lingering)
            URI api = URI.create("http://127.0.0.1:" + prometheusPort + "/api/v1/query?query=");
            String selector = "rpcbench_window_response_time_us_bucket{plan=\"" + PLAN + "\"}";
            double promP99Us = await("Prometheus' scrape of the final window", () -> {
                double count = query(api, "sum(rpcbench_window_response_time_us_count{plan=\"" + PLAN + "\"})");
                return count == label.get("samples").asLong() ? query(api, "histogram_quantile(0.99, " + selector
                        + ")") : null;
            }, run, printed);
            long reportP99Us = Math.round(reportP99 * 1000);
            long[] bucket = bucketOf(reportP99Us);
            System.out.printf(Locale.ROOT, "LiveDashboardIT: p99 of the window: report %.3f ms, live page %s ms, "
                    + "Prometheus histogram_quantile %.3f ms (bucket %d-%d us, the export's resolution); samples %d%n",
                    reportP99, p99.group(1), promP99Us / 1000, bucket[0], bucket[1], label.get("samples").asLong());
            assertThat(promP99Us).as("PromQL p99, us, in the report p99's bucket").isBetween((double) bucket[0],
                    (double) bucket[1]);
            watching.set(false); // the page closed: the run stops lingering within 5 s, not after its 20
            assertThat(run.get()).as("exit code; output:%n%s", printed).isZero();
            openPage.join();
            assertThat(prometheus.stop()).as("prometheus' exit code after SIGTERM").isZero();
        } finally {
            watching.set(false);
        }
    }

    /** The bucket of the export that holds {@code us}: its lower (exclusive) and upper bound. */
    private static long[] bucketOf(long us) {
        long lower = 0;
        for (long bound : io.rpcbench.benchmark.live.PrometheusText.BUCKETS_US) {
            if (us <= bound) {
                return new long[] {lower, bound};
            }
            lower = bound;
        }
        return new long[] {lower, Long.MAX_VALUE};
    }

    private String phase(URI page) throws Exception {
        JsonNode plans = JSON.readTree(get(page.resolve("live.json"))).get("plans");
        return plans.isEmpty() ? "" : plans.get(plans.size() - 1).get("phase").asText();
    }

    private double query(URI api, String promql) throws Exception {
        JsonNode answer = JSON.readTree(get(URI.create(api + URLEncoder.encode(promql, StandardCharsets.UTF_8))));
        JsonNode result = answer.get("data").get("result");
        return result.isEmpty() ? Double.NaN : result.get(0).get("value").get(1).asDouble();
    }

    private String get(URI uri) throws Exception {
        return http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    private static long number(Pattern pattern, String dom, String what) {
        Matcher m = pattern.matcher(dom);
        assertThat(m.find()).as(what + " in the page").isTrue();
        return Long.parseLong(m.group(1).replace(",", ""));
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    @FunctionalInterface
    private interface Probe<T> {
        T value() throws Exception;
    }

    /** Polls {@code probe} until it gives a value, up to the deadline; fails early when the run has ended. */
    private static <T> T await(String what, Probe<T> probe, CompletableFuture<Integer> run, StringWriter printed)
            throws Exception {
        Instant end = Instant.now().plus(DEADLINE);
        while (Instant.now().isBefore(end)) {
            T value;
            try {
                value = probe.value();
            } catch (Exception notYet) {
                value = null;
            }
            if (value != null) {
                return value;
            }
            if (run.isDone()) {
                fail("the run ended (exit " + run.get() + ") before " + what + "; output:%n" + printed);
            }
            Thread.sleep(200);
        }
        return fail("no " + what + " within " + DEADLINE + "; output:%n" + printed);
    }
}
