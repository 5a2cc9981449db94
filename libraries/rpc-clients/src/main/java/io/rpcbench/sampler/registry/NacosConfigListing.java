package io.rpcbench.sampler.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcbench.sampler.registry.RegistryLookupException.Reason;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The config entries of one group of a Nacos namespace, by data id, read through Nacos's open API over HTTP
 * ({@code GET /nacos/v1/cs/configs?search=accurate&group=G&tenant=NS}, after {@code POST /nacos/v1/auth/login} when
 * Nacos authenticates): Nacos's Java client reads one entry by its data id, and cannot list them. Used for the
 * catalogue only: which interfaces Dubbo's mapping gives an application ({@code mapping}), and which versions and
 * groups its definitions name.
 */
final class NacosConfigListing {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int PAGE = 500;
    private static final int FORBIDDEN = 403;

    private final String hostPort;
    private final RegistryAccess access;
    private final Duration timeout;
    private final HttpClient http;
    private String accessToken;

    NacosConfigListing(String hostPort, RegistryAccess access, int timeoutMs) {
        this.hostPort = hostPort;
        this.access = access;
        this.timeout = Duration.ofMillis(timeoutMs);
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    /** Data id to content, of every entry of {@code group} in the namespace. */
    Map<String, String> entries(String group) throws IOException, InterruptedException {
        Map<String, String> entries = new LinkedHashMap<>();
        for (int page = 1; ; page++) {
            JsonNode answer = get("/nacos/v1/cs/configs?search=accurate&dataId=&group=" + encode(group) + "&tenant="
                    + encode(access.namespace()) + "&pageNo=" + page + "&pageSize=" + PAGE);
            JsonNode items = answer.path("pageItems");
            items.forEach(item -> entries.put(item.path("dataId").asText(), item.path("content").asText("")));
            if (items.size() < PAGE) {
                return entries;
            }
        }
    }

    private JsonNode get(String pathAndQuery) throws IOException, InterruptedException {
        String token = token();
        String url = "http://" + hostPort + pathAndQuery + (token.isEmpty() ? "" : "&accessToken=" + encode(token));
        return answer(HttpRequest.newBuilder(URI.create(url)).timeout(timeout).GET().build(), pathAndQuery);
    }

    private String token() throws IOException, InterruptedException {
        if (!access.authenticated()) {
            return "";
        }
        if (accessToken == null) {
            String form = "username=" + encode(access.username()) + "&password=" + encode(access.password());
            HttpRequest login = HttpRequest.newBuilder(URI.create("http://" + hostPort + "/nacos/v1/auth/login"))
                    .timeout(timeout).header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(form)).build();
            accessToken = answer(login, "/nacos/v1/auth/login").path("accessToken").asText("");
        }
        return accessToken;
    }

    private JsonNode answer(HttpRequest request, String what) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == FORBIDDEN) {
            throw new RegistryLookupException(Reason.REFUSED, "was refused by the Nacos registry " + hostPort
                    + " (" + access.describe() + "): " + abbreviate(response.body()), access.authenticated()
                    ? "the password of user '" + access.username() + "' in that Nacos"
                    : "a user and password of that Nacos, which authenticates");
        }
        if (response.statusCode() != 200) {
            throw new IOException("the Nacos registry " + hostPort + " answered " + response.statusCode() + " to "
                    + what.replaceFirst("\\?.*", "") + ": " + abbreviate(response.body()));
        }
        return JSON.readTree(response.body());
    }

    private static String abbreviate(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
