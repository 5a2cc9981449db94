package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Seed 004's plan ({@code seed-004-user-service}) calling each stack through {@code DubboServiceSampler} in the real
 * JMeter engine of the laid-out home, a few calls of one thread each, with the answers written into the JTL (JMeter's
 * XML results with response data): the provider app with {@code --user-service} for the four Dubbo 3.3 stacks, the
 * Dubbo 2.7 provider for its own, each by the direct URL its ready line names. Every answer is checked as JSON: the
 * user's fields (numbers as protobuf's JSON writes 64-bit ones, as text, or as numbers) and the page's 15 users in
 * order.
 */
class Seed004PlanAnswersIT {

    private static final int CALLS = 3;
    /** Chinese characters, as the seed's users had: hessian2 and protobuf encode them apart. */
    private static final String ADDRESS = "北京市海淀区中关村大街 27 号 中关村大厦 1605 室";

    @TempDir
    static Path dir;

    static ProviderProcess provider;
    static Dubbo27ProviderProcess dubbo27;

    @BeforeAll
    static void startProviders() throws Exception {
        provider = ProviderProcess.start(Plans.LAYOUT, List.of("--user-service", "--user-service-port", "0"),
                dir.resolve("provider.log"));
        dubbo27 = Dubbo27ProviderProcess.start(Plans.LAYOUT, List.of("--protocols", "dubbo"),
                dir.resolve("dubbo27-provider.log"));
    }

    @AfterAll
    static void stopProviders() {
        try {
            if (dubbo27 != null) {
                assertThat(dubbo27.stop()).as("Dubbo 2.7 provider exit code after SIGTERM").isZero();
            }
        } finally {
            if (provider != null) {
                assertThat(provider.stop()).as("provider exit code after SIGTERM").isZero();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {"dubbo27|[7]", "user-dubbo-hessian2|[7]", "user-dubbo-protobuf|[{\"id\": 7}]",
            "user-tri-protobuf|[{\"id\": 7}]", "user-tri-hessian2|[7]"})
    void getUserAnswersTheUserWithEveryField(String stack, String arguments) throws Exception {
        for (JsonNode user : answers(stack, "getUser", arguments)) {
            assertUser(user, 7);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {"dubbo27|[1]", "user-dubbo-hessian2|[1]",
            "user-dubbo-protobuf|[{\"pageNo\": 1}]", "user-tri-protobuf|[{\"pageNo\": 1}]", "user-tri-hessian2|[1]"})
    void listUserAnswersAPageOfFifteenUsersInOrder(String stack, String arguments) throws Exception {
        for (JsonNode page : answers(stack, "listUser", arguments)) {
            assertThat(page.path("pageNo").asInt()).as("pageNo of %s", page).isEqualTo(1);
            assertThat(page.path("total").asInt()).as("total of %s", page).isEqualTo(1000);
            JsonNode users = page.path("users");
            assertThat(users.size()).as("users of %s", page).isEqualTo(15);
            for (int i = 0; i < 15; i++) {
                assertUser(users.get(i), 15 + i);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {"dubbo27|[]", "user-dubbo-hessian2|[]", "user-dubbo-protobuf|[{}]",
            "user-tri-protobuf|[{}]", "user-tri-hessian2|[]"})
    void pingAnswersNothing(String stack, String arguments) throws Exception {
        for (JsonNode answer : answers(stack, "ping", arguments)) {
            // void: null (or no text at all); protobuf's Empty: {}.
            assertThat(answer.isNull() || answer.isMissingNode() || answer.isObject() && answer.isEmpty())
                    .as("ping's answer %s", answer).isTrue();
        }
    }

    private static void assertUser(JsonNode user, long id) {
        assertThat(user.path("id").asLong()).as("id of %s", user).isEqualTo(id);
        assertThat(user.path("name").asText()).isEqualTo("User " + id);
        assertThat(user.path("email").asText()).isEqualTo("user" + id + "@example.com");
        assertThat(user.path("mobile").asText()).isEqualTo(String.format(Locale.ROOT, "+86 138 %08d", id));
        assertThat(user.path("address").asText()).isEqualTo(ADDRESS);
        assertThat(user.path("icon").asText()).isEqualTo("https://example.com/avatars/" + id + ".png");
        assertThat(user.path("sex").asInt()).isEqualTo(1);
        assertThat(user.path("status").asInt()).isEqualTo(1);
        assertThat(user.path("permissions").size()).as("permissions of %s", user).isEqualTo(15);
        assertThat(user.path("birthday").isMissingNode() || user.path("birthday").isNull()).as("birthday of %s", user)
                .isFalse();
        assertThat(user.path("createTime").isMissingNode()).as("createTime of %s", user).isFalse();
    }

    /**
     * Runs the plan for {@code stack} and {@code method}: one thread, {@value #CALLS} calls, the JTL as XML with each
     * answer; asserts that every sample passed and returns the answers as JSON.
     */
    private static List<JsonNode> answers(String stack, String method, String arguments) throws Exception {
        Map<String, String> properties = new HashMap<>(provider.planProperties());
        properties.putAll(dubbo27.planProperties());
        properties.putAll(Map.of("user.stack", stack, "user.method", method, "user.arguments", arguments,
                "threads", "1", "rampup", "0", "loops", Integer.toString(CALLS), "agents", "none",
                "jmeter.save.saveservice.output_format", "xml",
                "jmeter.save.saveservice.response_data", "true"));
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, "seed-004-user-service", dir.resolve(stack + "-" + method))
                .dashboard(false)
                .properties(properties);
        run.run(Duration.ofMinutes(2));

        NodeList samples = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(run.jtl().toFile())
                .getDocumentElement().getElementsByTagName("sample");
        assertThat(samples.getLength()).as("samples in %s", run.jtl()).isEqualTo(CALLS);
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> answers = new ArrayList<>();
        for (int i = 0; i < samples.getLength(); i++) {
            Element sample = (Element) samples.item(i);
            String answer = sample.getElementsByTagName("responseData").item(0).getTextContent();
            assertThat(sample.getAttribute("s")).as("success of %s %s: %s %s", stack, method,
                    sample.getAttribute("rc"), answer).isEqualTo("true");
            assertThat(sample.getAttribute("lb")).isEqualTo(stack);
            answers.add(json.readTree(answer));
        }
        return answers;
    }
}
