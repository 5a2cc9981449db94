package io.rpcbench.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.rpcbench.agent.MetricCatalog;
import io.rpcbench.agent.metric.jvm.JmxConnections;
import io.rpcbench.agent.metric.jvm.LoopbackJmx;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;

/**
 * Fuzzes the agent's protocol: random and malformed lines (random bytes as text, and command words with random
 * specs, intervals and targets) go to a client session reading a {@link FakeHost}, exactly as the TCP and UDP
 * listeners hand over each received line. After every line the session must still answer {@code test} with
 * {@code Yep}, every reply must stay one bounded line, and nothing but the protocol's replies may come out: a
 * thrown exception, a hung session or a runaway reply fails the test with the input that caused it.
 *
 * <p>{@code ./run-tests} replays its inputs (the corpus, the default run); {@code ./run-tests --full} also fuzzes with
 * coverage guidance (the {@code full-tests} profile's surefire execution {@code fuzz} sets {@code JAZZER_FUZZ=1})
 * until {@value #MIN_FUZZED_INPUTS} inputs have run: 4 to 5 minutes on the 2-vCPU machine (Jazzer prints the rate,
 * exec/s). The run stops after 10 minutes at most, and
 * then fails if it has not reached that count: the count is the bar, the time depends on the machine.
 */
class AgentProtocolFuzzTest {

    static final long MIN_FUZZED_INPUTS = 100_000;
    private static final long ANSWER_MILLIS = 5_000;
    private static final long CHECK_EVERY = 16;
    /** Longest reply line: a metrics line of the few specs a fuzzed line can hold, or an ERROR naming the input. */
    private static final int MAX_REPLY_CHARS = 64 * 1024 + 4096;
    private static final String[] COMMANDS = {"test", "interval", "metrics", "metrics-single", "exit", "shutdown",
        "udp-transmitter", "", "TEST", "metrics ", " metrics"};
    private static final String[] METRICS = {"cpu", "memory", "swap", "disks", "network", "tcp", "tail", "exec",
        "jmx", "nosuch", ""};

    private static final AtomicLong INPUTS = new AtomicLong();
    private static final FakeHost HOST = new FakeHost();
    /**
     * The agent's JMX rule in front of a JMX that connects nowhere: a {@code jmx:} spec that gets past the rule with
     * a host other than this one's loopback fails the test (the fuzzer found the agent connecting where a client
     * said before the rule existed).
     */
    private static final JmxConnections NO_JMX = (url, user, password) -> {
        if (!LoopbackJmx.isLoopback(url)) {
            throw new AssertionError("the agent was about to connect JMX to '" + url + "'");
        }
        throw new java.io.IOException("no JMX in the fuzz test");
    };
    private static final MetricCatalog CATALOG = new MetricCatalog(HOST, new LoopbackJmx(NO_JMX), false, false);
    private static final Permissions PERMISSIONS = new Permissions(false, false, false, false);
    private static final Control CONTROL = new Control() {
        @Override
        public void shutdown() {
            throw new AssertionError("shutdown ran although it was not allowed");
        }

        @Override
        public void startTransmitter(java.net.InetSocketAddress target, String specs) {
            throw new AssertionError("udp-transmitter ran although it was not allowed");
        }
    };

    private static final BlockingQueue<String> REPLIES = new LinkedBlockingQueue<>();
    private static final AtomicBoolean SAID_EXIT = new AtomicBoolean();
    private static ClientSession session = newSession();

    @FuzzTest(maxExecutions = MIN_FUZZED_INPUTS + 1_000, maxDuration = "10m")
    void theSessionStaysUpAndBoundedWhateverItIsSent(FuzzedDataProvider data) throws InterruptedException {
        String line = data.consumeBoolean() ? structuredLine(data) : data.consumeRemainingAsString();
        INPUTS.incrementAndGet();
        for (String part : line.split("\n", -1)) { // the listeners split on newlines before a session sees a line
            session.handle(part);
        }
        // Every input goes to the session; every CHECK_EVERY inputs (and after an exit) the session must answer
        // "test": a round trip per input would spend most of the minute waiting on the session's thread. A session
        // broken by an input is then reported with one of the next CHECK_EVERY inputs.
        if (INPUTS.get() % CHECK_EVERY == 0 || line.contains("exit")) {
            session.handle("test");
            awaitYep(line);
        }
        if (SAID_EXIT.get()) { // "exit" ends a session as the protocol says: the next client gets a new one
            session.close();
            session = newSession();
        }
    }

    @AfterAll
    static void closeAndCount() {
        session.close();
        if ("1".equals(System.getenv("JAZZER_FUZZ"))) {
            assertThat(INPUTS.get()).as("inputs fuzzed in this run").isGreaterThanOrEqualTo(MIN_FUZZED_INPUTS);
        }
    }

    /** A command word, a colon and a random mix of known and random metric specs, intervals and hosts. */
    private static String structuredLine(FuzzedDataProvider data) {
        StringBuilder line = new StringBuilder(data.pickValue(COMMANDS));
        if (data.consumeBoolean()) {
            line.append(':');
        }
        int specs = data.consumeInt(0, 4);
        for (int i = 0; i < specs; i++) {
            if (i > 0) {
                line.append(data.consumeBoolean() ? '\t' : ' ');
            }
            line.append(data.pickValue(METRICS));
            int fields = data.consumeInt(0, 3);
            for (int f = 0; f < fields; f++) {
                line.append(':').append(data.consumeString(12));
            }
        }
        if (data.consumeBoolean()) {
            line.append(data.consumeLong());
        }
        line.append(data.consumeString(40));
        return line.toString();
    }

    private static void awaitYep(String input) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ANSWER_MILLIS);
        while (true) {
            String reply = REPLIES.poll(1, TimeUnit.MILLISECONDS);
            if (reply == null) {
                if (SAID_EXIT.get()) {
                    return; // the session ended on "exit" before it read "test": nothing more may come
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("no Yep within " + ANSWER_MILLIS + " ms after the input " + quoted(input));
                }
                continue;
            }
            assertThat(reply.length()).as("reply length after %s", quoted(input)).isLessThanOrEqualTo(MAX_REPLY_CHARS);
            assertThat(reply).as("reply after %s", quoted(input)).doesNotContain("\n");
            if (reply.equals("Yep")) {
                REPLIES.clear(); // streamed metric lines of an earlier "metrics:" may still be queued
                return;
            }
        }
    }

    private static ClientSession newSession() {
        SAID_EXIT.set(false);
        REPLIES.clear();
        return new ClientSession("fuzz", REPLIES::add, CATALOG, PERMISSIONS, CONTROL, 1,
                () -> SAID_EXIT.set(true));
    }

    private static String quoted(String input) {
        String shown = input.length() > 200 ? input.substring(0, 200) + "..." : input;
        return "'" + shown.replace("\n", "\\n").replace("\t", "\\t") + "'";
    }
}
