package io.rpcbench.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The agent as a running process, sent malformed input over its real sockets: what {@link AgentProtocolFuzzTest}
 * cannot reach in a session alone. Over TCP: random bytes (invalid UTF-8, NULs, CR without LF), command words with
 * random specs, lines far over the agent's line limit, lines cut off by the client closing or resetting the
 * connection mid-line. Over UDP: datagrams of random bytes up to the largest UDP payload, and of random command
 * lines. After every connection a new client must get {@code Yep} to {@code test}; at the end the agent must answer
 * {@code test} over TCP and over UDP, and must not have written a stack trace.
 *
 * <p>The inputs come from a seeded generator; the seed is printed, and {@code -Drpcbench.fuzz.seed=N} replays a run.
 * {@code ./run-tests} sends {@value #FAST_CONNECTIONS} connections of {@value #INPUTS_PER_CONNECTION} inputs and
 * {@value #FAST_DATAGRAMS} datagrams, every kind of input above many times over (a new seed each run);
 * {@code ./run-tests --full} ({@code -Drpcbench.tests.full=true}) sends {@value #FULL_CONNECTIONS} connections
 * (100,000 inputs) and {@value #FULL_DATAGRAMS} datagrams.
 */
class LiveAgentFuzzIT {
    private static final Pattern READY = Pattern.compile(
            "rpcbench-agent ready tcp=127\\.0\\.0\\.1:(\\d+) udp=127\\.0\\.0\\.1:(\\d+)");
    private static final int FAST_CONNECTIONS = 50;
    private static final int FULL_CONNECTIONS = 500;
    private static final int INPUTS_PER_CONNECTION = 200;
    private static final int FAST_DATAGRAMS = 2_000;
    private static final int FULL_DATAGRAMS = 20_000;
    private static final boolean FULL = Boolean.getBoolean("rpcbench.tests.full");
    private static final int CONNECTIONS = FULL ? FULL_CONNECTIONS : FAST_CONNECTIONS;
    private static final int DATAGRAMS = FULL ? FULL_DATAGRAMS : FAST_DATAGRAMS;
    /** Past the agent's longest accepted line (64 KiB), so that its bound is what stops it. */
    private static final int LONG_LINE_BYTES = 256 * 1024;
    private static final int MAX_UDP_PAYLOAD = 65_507;
    private static final long ANSWER_MILLIS = 5_000;
    private static final String[] COMMANDS = {"test", "interval:", "metrics:", "metrics-single:", "exit",
        "shutdown", "udp-transmitter:", "", "TEST", "metrics", "interval:-1", "interval:99999999999999999999"};
    private static final String[] METRICS = {"cpu", "memory", "swap", "disks", "network", "tcp", "tail", "exec",
        "jmx", "nosuch", ""};

    @Test
    void theRunningAgentSurvivesMalformedInputOverTcpAndUdpAndStillAnswersTest() throws Exception {
        long seed = Long.getLong("rpcbench.fuzz.seed", System.nanoTime());
        System.out.println("LiveAgentFuzzIT seed " + seed + " (replay with -Drpcbench.fuzz.seed=" + seed + ")");
        Random random = new Random(seed);
        File jar = new File(new File(System.getProperty("rpcbench.agent.zip")).getParentFile(),
                "rpcbench-server-agent.jar");
        ChildProcess agent = new ChildProcess(Arrays.asList(java(), "-jar", jar.getPath(),
                "--tcp-port", "0", "--udp-port", "0"), jar.getParentFile(), Collections.<String, String>emptyMap());
        try {
            Matcher ready = READY.matcher(agent.awaitLine("rpcbench-agent ready", 30_000));
            assertThat(ready.matches()).isTrue();
            int tcpPort = Integer.parseInt(ready.group(1));
            int udpPort = Integer.parseInt(ready.group(2));

            long tcpInputs = 0;
            long tcpBytes = 0;
            for (int c = 0; c < CONNECTIONS; c++) {
                byte[] inputs = connectionInputs(random);
                tcpInputs += INPUTS_PER_CONNECTION;
                tcpBytes += inputs.length;
                sendOverTcp(tcpPort, inputs, random.nextInt(3));
                assertAnswersTest(tcpPort, "after connection " + c + " of seed " + seed);
            }

            long udpBytes = 0;
            try (DatagramSocket udp = new DatagramSocket(0, InetAddress.getByName("127.0.0.1"))) {
                InetSocketAddress target = new InetSocketAddress("127.0.0.1", udpPort);
                for (int d = 0; d < DATAGRAMS; d++) {
                    byte[] payload = random.nextInt(4) == 0 ? randomBytes(random, random.nextInt(MAX_UDP_PAYLOAD + 1))
                            : (line(random) + "\n").getBytes(StandardCharsets.UTF_8);
                    udpBytes += payload.length;
                    udp.send(new DatagramPacket(payload, payload.length, target));
                }
            }
            System.out.printf("LiveAgentFuzzIT sent %d inputs (%d bytes) over %d TCP connections and %d datagrams"
                    + " (%d bytes)%n", tcpInputs, tcpBytes, CONNECTIONS, DATAGRAMS, udpBytes);

            assertAnswersTest(tcpPort, "at the end of seed " + seed);
            try (UdpClient udp = new UdpClient(udpPort)) {
                assertThat(udp.send("test").receive(ANSWER_MILLIS)).as("UDP test at the end of seed %d", seed)
                        .isEqualTo("Yep");
            }
            assertThat(agent.isAlive()).isTrue();
            assertThat(agent.output()).as("the agent's output").noneMatch(line -> line.contains("Exception in")
                    || line.startsWith("\tat ") || line.contains("OutOfMemoryError"));
        } finally {
            agent.close();
        }
    }

    /**
     * Sends {@code inputs} on a new connection and ends it: {@code 0} closes it after a last full line, {@code 1}
     * closes it mid-line, {@code 2} resets it (RST) mid-line. Replies are read and dropped meanwhile, so that the
     * agent never blocks writing to this client.
     */
    private static void sendOverTcp(int port, byte[] inputs, int ending) throws Exception {
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
            Thread drain = drain(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            try {
                out.write(inputs);
                if (ending == 0) {
                    out.write('\n');
                } else {
                    out.write("metrics:cpu".getBytes(StandardCharsets.UTF_8)); // no newline: cut off
                }
                out.flush();
            } catch (IOException closedByTheAgent) {
                // an "exit" among the inputs ends the session: the agent closes, the rest is not read
            }
            if (ending == 2) {
                socket.setSoLinger(true, 0);
            }
            socket.close();
            drain.join(ANSWER_MILLIS);
        } finally {
            socket.close();
        }
    }

    private static Thread drain(InputStream in) {
        Thread drain = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try {
                while (in.read(buffer) >= 0) {
                    // replies are not checked here: the session's replies are AgentProtocolFuzzTest's subject
                }
            } catch (IOException closed) {
                // the test closed the socket
            }
        }, "drain");
        drain.setDaemon(true);
        drain.start();
        return drain;
    }

    private static void assertAnswersTest(int port, String when) throws IOException {
        try (LineClient client = new LineClient(port)) {
            assertThat(client.send("test").readLine(ANSWER_MILLIS)).as("TCP test %s", when).isEqualTo("Yep");
        }
    }

    /** One connection's inputs: lines separated by LF, some random bytes, now and then one very long line. */
    private static byte[] connectionInputs(Random random) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < INPUTS_PER_CONNECTION; i++) {
            int kind = random.nextInt(100);
            byte[] input;
            if (kind == 0) {
                input = repeated((byte) random.nextInt(256), LONG_LINE_BYTES);
            } else if (kind < 40) {
                input = randomBytes(random, random.nextInt(200));
            } else {
                input = line(random).getBytes(StandardCharsets.UTF_8);
            }
            bytes.write(input, 0, input.length);
            bytes.write(random.nextInt(8) == 0 ? '\r' : '\n');
        }
        return bytes.toByteArray();
    }

    /** A command word, maybe a colon, and known and random metric specs, fields, numbers and text. */
    private static String line(Random random) {
        StringBuilder line = new StringBuilder(COMMANDS[random.nextInt(COMMANDS.length)]);
        int specs = random.nextInt(5);
        for (int i = 0; i < specs; i++) {
            if (i > 0) {
                line.append(random.nextBoolean() ? '\t' : ' ');
            }
            line.append(METRICS[random.nextInt(METRICS.length)]);
            int fields = random.nextInt(4);
            for (int f = 0; f < fields; f++) {
                line.append(':').append(randomText(random, random.nextInt(12)));
            }
        }
        if (random.nextBoolean()) {
            line.append(random.nextLong());
        }
        return line.append(randomText(random, random.nextInt(20))).toString();
    }

    private static String randomText(Random random, int length) {
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            int pick = random.nextInt(10);
            text.append(pick < 7 ? (char) (0x20 + random.nextInt(0x5f)) // printable ASCII
                    : pick < 9 ? ":\t -=/%.,".charAt(random.nextInt(9))
                    : (char) random.nextInt(0x3000)); // controls, Latin, CJK
        }
        return text.toString();
    }

    private static byte[] randomBytes(Random random, int length) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }

    private static byte[] repeated(byte value, int length) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, value == '\n' ? (byte) 'x' : value);
        return bytes;
    }

    private static String java() {
        return new File(new File(System.getProperty("java.home"), "bin"), "java").getPath();
    }
}
