package io.rpcbench.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.echo.EchoPayload;
import io.rpcbench.echo.PortInUseException;
import io.rpcbench.provider.rest.RestEndpoint;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The echo over HTTP/1.1 ({@code --rest-port}), started in-process through the provider's public API. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RestEchoTest {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);

    private static EchoProvider provider;
    private static HttpClient http;

    @BeforeAll
    static void startProvider() {
        JvmDefaults.apply();
        provider = EchoProvider.start(ProviderCommand.settings(
                "--zookeeper-port", "0", "--no-dubbo", "--no-thrift", "--rest-port", "0", "--threads", "20"));
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(CALL_TIMEOUT).build();
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            provider.close();
        }
    }

    @Test
    void readyLineNamesTheHttpEndpointWithItsRealPort() {
        assertThat(provider.readyLine()).matches("rpcbench-provider ready zookeeper=127\\.0\\.0\\.1:\\d+ "
                + "rest=http://127\\.0\\.0\\.1:[1-9]\\d*");
    }

    @Test
    void plainTextPostAnswersTheSameBytesAsPlainText() throws Exception {
        for (int size : new int[] {4, 1024, 100 * 1024}) {
            String text = EchoPayload.text(size);
            HttpResponse<String> response = post("text/plain", text);

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("content-type")).contains("text/plain");
            assertThat(response.body()).isEqualTo(text);
        }
    }

    @Test
    void jsonArrayPostAnswersAJsonString() throws Exception {
        HttpResponse<String> response = post("application/json", "[\"abcd\"]");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).contains("application/json");
        assertThat(response.body()).isEqualTo("\"abcd\"");
    }

    /** Triple maps query parameters by name; EchoService is compiled without -parameters, so GET is not served. */
    @Test
    void getWithAQueryParameterIsRefusedNamingTheMissingParameterNames() throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(
                URI.create(provider.rest().orElseThrow().echoUrl() + "?text=abcd")).timeout(CALL_TIMEOUT).GET().build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.body()).contains("-parameters");
    }

    @Test
    void takenRestPortIsReportedAsRest() throws IOException {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            int port = taken.getLocalPort();

            assertThatThrownBy(() -> RestEndpoint.start(new DelayedEcho(0), "127.0.0.1", port, 2))
                    .isInstanceOf(PortInUseException.class)
                    .hasMessage("port " + port + " (rest) on 127.0.0.1 is already in use");
        }
    }

    private static HttpResponse<String> post(String contentType, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(provider.rest().orElseThrow().echoUrl()))
                .timeout(CALL_TIMEOUT)
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
