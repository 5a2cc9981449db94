package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.process.Dubbo27ProviderProcess;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.reports.jtl.JtlSample;
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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seed 004's plan ({@code seed-004-user-service}) calling each stack through {@code DubboServiceSampler} in the real
 * JMeter engine of the laid-out home, a few calls of one thread each, with each answer saved to a file (JMeter's
 * "Save Responses to a file" listener, which the test adds to each thread group of a copy of the plan): the provider
 * app with {@code --user-service} for the four Dubbo 3.3 stacks, the Dubbo 2.7 provider for its own, each by the
 * direct URL its ready line names. One JMeter run per call covers the five stacks at once: the copy gives each
 * stack's thread group one thread (the shipped plan runs the one {@code user.stack} names, which
 * {@link Seed004ScenarioIT} runs for each stack) and its own arguments property ({@code STACK.arguments}: protobuf
 * stacks take the request message). Every answer is checked as JSON: the user's fields (64-bit numbers as protobuf's
 * JSON writes them, text, or as numbers) and the page's 15 users in order.
 */
class Seed004PlanAnswersIT {

    private static final String PLAN = "seed-004-user-service";
    private static final int CALLS = 3;
    /** Chinese characters, as the seed's users had: hessian2 and protobuf encode them apart. */
    private static final String ADDRESS = "北京市海淀区中关村大街 27 号 中关村大厦 1605 室";

    private static final List<String> STACKS = List.of("dubbo27", "user-dubbo-hessian2", "user-dubbo-protobuf",
            "user-tri-protobuf", "user-tri-hessian2");
    /** The stacks whose calls take the .proto's request message, as JSON. */
    private static final Set<String> PROTOBUF_STACKS = Set.of("user-dubbo-protobuf", "user-tri-protobuf");
    /** Each call's arguments for the Java interface (hessian2 stacks) and for the .proto's. */
    private static final Map<String, List<String>> ARGUMENTS = Map.of(
            "getUser", List.of("[7]", "[{\"id\": 7}]"),
            "listUser", List.of("[1]", "[{\"pageNo\": 1}]"),
            "ping", List.of("[]", "[{}]"));

    /** Each call's answers by stack, from its one run over every stack. */
    private static final Map<String, Map<String, List<JsonNode>>> ANSWERS = new ConcurrentHashMap<>();

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
    @MethodSource("stacks")
    void getUserAnswersTheUserWithEveryField(String stack) throws Exception {
        for (JsonNode user : answers("getUser").get(stack)) {
            assertUser(user, 7);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stacks")
    void listUserAnswersAPageOfFifteenUsersInOrder(String stack) throws Exception {
        for (JsonNode page : answers("listUser").get(stack)) {
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
    @MethodSource("stacks")
    void pingAnswersNothing(String stack) throws Exception {
        for (JsonNode answer : answers("ping").get(stack)) {
            // void: null (or no text at all); protobuf's Empty: {}.
            assertThat(answer.isNull() || answer.isMissingNode() || answer.isObject() && answer.isEmpty())
                    .as("ping's answer %s", answer).isTrue();
        }
    }

    static List<String> stacks() {
        return STACKS;
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

    /** {@code method}'s answers by stack: from the first test that asks, one run of every stack. */
    private static Map<String, List<JsonNode>> answers(String method) throws Exception {
        Map<String, List<JsonNode>> answers = ANSWERS.get(method);
        if (answers == null) {
            answers = runEveryStack(method);
            ANSWERS.put(method, answers);
        }
        return answers;
    }

    /**
     * Runs a copy of the plan in which every stack's thread group makes {@value #CALLS} calls of {@code method} from one
     * thread, with JMeter's "Save Responses to a file" listener in each (JMeter's XML results cannot carry the samplers'
     * answers: XStream writes the samplers' own result class half, measured); asserts that every sample passed and
     * returns each stack's answers, in the order they came, as JSON.
     */
    private static Map<String, List<JsonNode>> runEveryStack(String method) throws Exception {
        Path folder = dir.resolve(method);
        String plan = Files.readString(Plans.LAYOUT.plan(PLAN), StandardCharsets.UTF_8);
        Map<String, String> properties = new HashMap<>(provider.planProperties());
        properties.putAll(dubbo27.planProperties());
        properties.putAll(Map.of("user.method", method, "threads", "1", "rampup", "0",
                "loops", Integer.toString(CALLS), "agents", "none"));
        for (String stack : STACKS) {
            Path answers = Files.createDirectories(folder.resolve("answers").resolve(stack));
            plan = everyCallOf(plan, stack, answers.resolve("answer-"));
            properties.put(stack + ".arguments", ARGUMENTS.get(method).get(PROTOBUF_STACKS.contains(stack) ? 1 : 0));
        }
        Path copy = Files.writeString(folder.resolve(PLAN + "-every-stack.jmx"), plan, StandardCharsets.UTF_8);
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, PLAN, folder.resolve("run"))
                .dashboard(false)
                .properties(properties)
                .launchedWith(command -> withPlan(command, copy));
        run.run(Duration.ofMinutes(2));

        List<JtlSample> samples = Plans.samples(run.jtl());
        assertThat(samples).as("samples of %s", method).hasSize(CALLS * STACKS.size()).allSatisfy(sample ->
                assertThat(sample.success()).as("success of %s", sample).isTrue());
        assertThat(samples).extracting(JtlSample::label).containsOnlyElementsOf(STACKS);
        Map<String, List<JsonNode>> byStack = new HashMap<>();
        ObjectMapper json = new ObjectMapper();
        for (String stack : STACKS) {
            assertThat(samples).filteredOn(sample -> sample.label().equals(stack)).as("samples of %s", stack)
                    .hasSize(CALLS);
            Path answers = folder.resolve("answers").resolve(stack);
            List<Path> files;
            try (Stream<Path> listed = Files.list(answers)) {
                files = listed.sorted(Comparator.comparingInt(Seed004PlanAnswersIT::number)).toList();
            }
            assertThat(files).as("answers saved in %s", answers).hasSize(CALLS);
            List<JsonNode> parsed = new ArrayList<>();
            for (Path file : files) {
                parsed.add(json.readTree(Files.readString(file, StandardCharsets.UTF_8)));
            }
            byStack.put(stack, parsed);
        }
        return byStack;
    }

    /**
     * {@code plan} with {@code stack}'s thread group given one thread whatever {@code user.stack} says, its arguments
     * read from the property {@code STACK.arguments}, and JMeter's ResultSaver in it writing each answer to prefix + N.
     */
    private static String everyCallOf(String plan, String stack, Path prefix) {
        String threads = "${__jexl3(&quot;${__P(user.stack,user-dubbo-hessian2)}&quot; == &quot;" + stack
                + "&quot; ? ${__P(threads,32)} : 0)}";
        int group = plan.indexOf(threads);
        assertThat(group).as("%s's thread group in %s", stack, PLAN).isPositive();
        String tree = "</ThreadGroup>\n      <hashTree>\n";
        int inside = plan.indexOf(tree, group);
        assertThat(inside).as("%s's thread group's tree", stack).isPositive();
        inside += tree.length();
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
        String overrides = "method=user.method, arguments=user.arguments";
        int override = plan.indexOf(overrides, inside);
        assertThat(override).as("%s's property_overrides", stack).isPositive();
        return plan.substring(0, group) + "1" + plan.substring(group + threads.length(), inside) + saver
                + plan.substring(inside, override) + "method=user.method, arguments=" + stack + ".arguments"
                + plan.substring(override + overrides.length());
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
