package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.reports.DashboardCommand;
import io.rpcbench.reports.HeadlessChromium;
import io.rpcbench.reports.jtl.JtlSample;
import io.rpcbench.seconds.StreamFigures;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The shipped stream plans ({@code triple-server-stream}, {@code triple-client-stream}, {@code triple-bidi-stream}) run
 * headless in the laid-out JMeter home against the provider app's user service ({@code --user-service}): server
 * streaming, client streaming and bidirectional triple streams, in the IDL style (Dubbo's generated interface of {@code rpcbench/user.proto}) and the interface style
 * ({@code UserStreams}: a Java interface of {@code StreamObserver} methods), called typed. Every sample passes the
 * plans' own assertions, which check every message's id and name in order; the JTL's {@code stream_figures} say how
 * many messages went each way; and the dashboard of both runs shows its Streams section in headless Chromium (the
 * screenshot the sampler's README shows comes from here: {@code target/stream-plans/streams.png}).
 */
class StreamPlansIT {

    private static final Path OUT = Path.of("target/stream-plans").toAbsolutePath();
    private static final Pattern STATUS = Pattern.compile("id=\"rpcbench-status\"[^>]*>([^<]*)<");
    private static final int THREADS = 2;
    private static final int LOOPS = 20;
    private static final int MESSAGES = 5;

    @TempDir
    static Path dir;

    static ProviderProcess provider;

    @BeforeAll
    static void startProvider() throws Exception {
        provider = ProviderProcess.start(Plans.LAYOUT, List.of("--user-service", "--user-service-port", "0"),
                dir.resolve("provider.log"));
    }

    @AfterAll
    static void stopProvider() {
        Plans.stopProviders(null, provider);
    }

    @Test
    void everyStreamOfTheShippedPlansPassesAndTheDashboardShowsItsStreams() throws Exception {
        Path client = run("triple-client-stream", Map.of());
        Path bidi = run("triple-bidi-stream", Map.of());
        Path server = run("triple-server-stream", Map.of());

        List<JtlSample> streamed = Plans.samples(server);
        assertThat(streamed).hasSize(THREADS * LOOPS * 2);
        assertThat(streamed).extracting(JtlSample::label).containsOnly("stream users (IDL)", "stream users (interface)");
        assertThat(streamed).allSatisfy(sample -> {
            assertThat(sample.success()).as("%s: %s", sample.label(), sample.responseMessage()).isTrue();
            assertThat(sample.responseMessage()).isEqualTo("OK: 15 messages");
            assertThat(sample.stream().received()).isEqualTo(15);
            assertThat(sample.stream().gapsUs()).hasSize(14);
            assertThat(sample.stream().rttsUs()).as("not a ping-pong").isEmpty();
        });

        List<JtlSample> collected = Plans.samples(client);
        assertThat(collected).hasSize(THREADS * LOOPS).allSatisfy(sample -> {
            assertThat(sample.success()).as("%s: %s", sample.label(), sample.responseMessage()).isTrue();
            assertThat(sample.responseMessage()).isEqualTo("OK: 5 messages sent");
            assertThat(sample.stream()).as("stream_figures").isNotNull();
            assertThat(sample.stream().sent()).isEqualTo(MESSAGES);
            assertThat(sample.stream().received()).as("one Page").isEqualTo(1);
            assertThat(sample.sentBytes()).as("the 5 requests' protobuf bytes").isEqualTo(MESSAGES * 2);
        });
        List<JtlSample> chats = Plans.samples(bidi);
        assertThat(chats).hasSize(THREADS * LOOPS * 2);
        assertThat(chats).extracting(JtlSample::label).containsOnly("chat users (IDL)", "chat users (interface)");
        assertThat(chats).allSatisfy(sample -> {
            assertThat(sample.success()).as("%s: %s", sample.label(), sample.responseMessage()).isTrue();
            assertThat(sample.responseMessage()).isEqualTo("OK: 5 messages sent, 5 received");
            StreamFigures stream = sample.stream();
            assertThat(stream.received()).isEqualTo(MESSAGES);
            assertThat(stream.rttsUs()).as("a ping-pong: each message's round trip").hasSize(MESSAGES);
            assertThat(LongStream.of(stream.rttsUs()).sum()).as("the round trips, one after another")
                    .isLessThanOrEqualTo(sample.elapsedUs());
            assertThat(stream.gapsUs()).hasSize(MESSAGES - 1);
            assertThat(sample.bytes()).as("bytes received").isPositive();
        });

        Files.createDirectories(OUT);
        Path page = OUT.resolve("dashboard.html");
        Path json = OUT.resolve("dashboard.json");
        StringWriter output = new StringWriter();
        int exit = new CommandLine(new DashboardCommand()).setOut(new PrintWriter(output, true))
                .setErr(new PrintWriter(output, true)).execute("--title", "Triple streams",
                        "--run", "triple-client-stream=" + client + ",warmup=0",
                        "--run", "triple-bidi-stream=" + bidi + ",warmup=0",
                        "--run", "triple-server-stream=" + server + ",warmup=0", "-o", page.toString(),
                        "--data-json", json.toString());
        assertThat(exit).as("rpcbench-reports' exit code; output:%n%s", output).isZero();
        JsonNode runs = new ObjectMapper().readTree(json.toFile()).path("runs");
        JsonNode collect = runs.get(0).path("labels").get(0).path("streams");
        assertThat(collect.path("streams").asLong()).isEqualTo(THREADS * LOOPS);
        assertThat(collect.path("sent").asLong()).isEqualTo(THREADS * LOOPS * MESSAGES);
        assertThat(collect.path("gaps").isNull()).as("one answer a stream: no gaps").isTrue();
        for (JsonNode label : runs.get(1).path("labels")) {
            JsonNode streams = label.path("streams");
            assertThat(streams.path("received").asLong()).as(label.path("label").asText())
                    .isEqualTo(THREADS * LOOPS * MESSAGES);
            assertThat(streams.path("roundTrips").path("values").asLong())
                    .isEqualTo(THREADS * LOOPS * MESSAGES);
            assertThat(streams.path("roundTrips").path("p50Ms").asDouble()).isPositive()
                    .isLessThanOrEqualTo(streams.path("roundTrips").path("maxMs").asDouble());
        }

        for (JsonNode label : runs.get(2).path("labels")) {
            JsonNode streams = label.path("streams");
            assertThat(streams.path("gaps").path("values").asLong()).as(label.path("label").asText())
                    .isEqualTo(THREADS * LOOPS * 14);
            assertThat(streams.path("roundTrips").isNull()).isTrue();
        }

        HeadlessChromium chromium = new HeadlessChromium(HeadlessChromium.find().orElseGet(() ->
                fail("the dashboard check needs chromium on the PATH; install it with 'apt-get install -y chromium'")),
                OUT);
        String dom = chromium.dumpDom(page);
        Matcher status = STATUS.matcher(dom);
        assertThat(status.find()).as("the page's status element").isTrue();
        assertThat(status.group(1)).startsWith("rpcbench-ok");
        assertThat(dom).contains("Streams (measured window)").contains("<table class=\"streams\">")
                .contains("round trip ms p50 / p99 / max").contains("chat users (interface)");
        chromium.screenshot(page, OUT.resolve("streams.png"), 1400, 2600);
        assertThat(OUT.resolve("streams.png")).isNotEmptyFile();
    }

    private static Path run(String plan, Map<String, String> extra) throws Exception {
        Map<String, String> properties = new HashMap<>(provider.planProperties());
        properties.putAll(Map.of("threads", Integer.toString(THREADS), "loops", Integer.toString(LOOPS),
                "rampup", "0", "agents", "none"));
        properties.putAll(extra);
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, plan, dir.resolve(plan)).dashboard(false).properties(properties);
        run.run(Duration.ofMinutes(2));
        assertThat(Files.readAllLines(run.log())).as("JMeter log of %s", plan)
                .noneMatch(line -> line.contains(" ERROR "));
        return run.jtl();
    }
}
