package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcbench.reports.JtlSample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Seed 004's plan ({@code seed-004-user-service}) calling each stack through {@code DubboServiceSampler} in the real
 * JMeter engine of the laid-out home, a few calls of one thread each, with each answer saved to a file (JMeter's
 * "Save Responses to a file" listener, which the test adds to a copy of the plan): the provider app with
 * {@code --user-service} for the four Dubbo 3.3 stacks, the Dubbo 2.7 provider for its own, each by the direct URL its
 * ready line names. Every answer is checked as JSON: the user's fields (64-bit numbers as protobuf's JSON writes them,
 * text, or as numbers) and the page's 15 users in order.
 */
class Seed004PlanAnswersIT {

    private static final String PLAN = "seed-004-user-service";
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
        Plans.stopProviders(dubbo27, provider);
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
     * Runs the plan for {@code stack} and {@code method}, one thread, {@value #CALLS} calls, with JMeter's "Save
     * Responses to a file" listener added to a copy of it (JMeter's XML results cannot carry the samplers' answers:
     * XStream writes the samplers' own result class half, measured); asserts that every sample passed and returns
     * the answers, in the order they came, as JSON.
     */
    private static List<JsonNode> answers(String stack, String method, String arguments) throws Exception {
        Path folder = dir.resolve(stack + "-" + method);
        Path answers = Files.createDirectories(dir.resolve(stack + "-" + method + "-answers"));
        Path plan = withResponsesSaved(dir.resolve(stack + "-" + method + ".jmx"), answers.resolve("answer-"));
        Map<String, String> properties = new HashMap<>(provider.planProperties());
        properties.putAll(dubbo27.planProperties());
        properties.putAll(Map.of("user.stack", stack, "user.method", method, "user.arguments", arguments,
                "threads", "1", "rampup", "0", "loops", Integer.toString(CALLS), "agents", "none"));
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, PLAN, folder)
                .dashboard(false)
                .properties(properties)
                .launchedWith(command -> withPlan(command, plan));
        run.run(Duration.ofMinutes(2));

        List<JtlSample> samples = Plans.samples(run.jtl());
        assertThat(samples).hasSize(CALLS).allSatisfy(sample -> {
            assertThat(sample.label()).isEqualTo(stack);
            assertThat(sample.success()).as("success of %s", sample).isTrue();
        });
        List<Path> files;
        try (Stream<Path> listed = Files.list(answers)) {
            files = listed.sorted(Comparator.comparingInt(Seed004PlanAnswersIT::number)).toList();
        }
        assertThat(files).as("answers saved in %s", answers).hasSize(CALLS);
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> parsed = new ArrayList<>();
        for (Path file : files) {
            parsed.add(json.readTree(Files.readString(file, StandardCharsets.UTF_8)));
        }
        return parsed;
    }

    /** A copy of the shipped plan at {@code copy} with JMeter's ResultSaver writing each answer to prefix + N. */
    private static Path withResponsesSaved(Path copy, Path prefix) throws IOException {
        String plan = Files.readString(Plans.LAYOUT.plan(PLAN), StandardCharsets.UTF_8);
        String listeners = "      <ResultCollector guiclass=\"SummaryReport\"";
        assertThat(plan).contains(listeners);
        String saver = """
                      <ResultSaver guiclass="ResultSaverGui" testclass="ResultSaver" testname="answers">
                        <stringProp name="FileSaver.filename">%s</stringProp>
                        <boolProp name="FileSaver.errorsonly">false</boolProp>
                        <boolProp name="FileSaver.successonly">false</boolProp>
                        <boolProp name="FileSaver.skipsuffix">true</boolProp>
                        <boolProp name="FileSaver.skipautonumber">false</boolProp>
                      </ResultSaver>
                      <hashTree/>
                """.formatted(prefix);
        return Files.writeString(copy, plan.replace(listeners, saver + listeners), StandardCharsets.UTF_8);
    }

    /** JMeter's command with {@code plan} in place of the shipped plan after {@code -t}. */
    private static List<String> withPlan(List<String> command, Path plan) {
        List<String> changed = new ArrayList<>(command);
        changed.set(changed.indexOf("-t") + 1, plan.toString());
        return changed;
    }

    /** The number ResultSaver put after the prefix, e.g. 3 of {@code answer-3}. */
    private static int number(Path file) {
        return Integer.parseInt(file.getFileName().toString().replaceAll("[^0-9]", ""));
    }
}
