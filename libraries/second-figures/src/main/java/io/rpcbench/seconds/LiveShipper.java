package io.rpcbench.seconds;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Keeps one JMeter's samples as {@link SampleFigures} per label and second they started in, and sends what it took
 * to the live dashboard once an interval ({@link LiveMessage}), and the rest when the test ends: to an
 * {@code http://} address (a POST of one JSON message), or appended to a {@code file:} (one JSON message a line;
 * for hosts that share a disk, as a lab of network namespaces on one machine does; an address ending in {@code /} is
 * a folder, in which each JMeter writes a file of its own).
 *
 * <p>Recording costs a sample one uncontended lock and one histogram record: the samplers' threads record into
 * {@value #STRIPES} stripes chosen by thread, each guarded by its own lock, which the sending thread takes once an
 * interval to swap the stripe's figures for empty ones. A message that cannot be sent (the dashboard restarting, a
 * full disk) is kept and sent with the next, up to {@value #MAX_PENDING} messages; beyond that the oldest are
 * given up and the number given up is said at each later failure, never silently.
 *
 * <p>One shipper runs in a JMeter at a time ({@link #current()}), so that other elements of the test (the PerfMon
 * collector) can hand it their readings.
 */
public final class LiveShipper implements AutoCloseable {

    static final int STRIPES = 16;
    static final int MAX_PENDING = 120;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final AtomicReference<LiveShipper> CURRENT = new AtomicReference<>();

    private final String engine;
    private final Target target;
    private final Consumer<String> log;
    private final Stripe[] stripes = new Stripe[STRIPES];
    private final List<LiveMessage.Reading> readings = new ArrayList<>();
    private final Deque<String> pending = new ArrayDeque<>();
    private final Thread sender;
    private volatile boolean closed;
    private long givenUp;

    private LiveShipper(String engine, Target target, Duration interval, Consumer<String> log) {
        this.engine = engine;
        this.target = target;
        this.log = log;
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe();
        }
        this.sender = new Thread(() -> sendEvery(interval), "rpcbench live figures");
        sender.setDaemon(true);
    }

    /**
     * Starts a shipper sending to {@code address} every {@code interval}, and makes it the {@link #current()} one.
     *
     * @param address {@code http://host:port/path} or {@code file:/path}
     * @param log     where to say what went wrong (a message not sent), e.g. JMeter's log
     * @throws IllegalArgumentException naming the address and what was expected, when it is neither
     */
    public static LiveShipper start(String address, String engine, Duration interval, Consumer<String> log) {
        LiveShipper shipper = new LiveShipper(engine, Target.of(address), interval, log);
        CURRENT.set(shipper);
        shipper.sender.start();
        return shipper;
    }

    /** The shipper of the test under way, if one runs in this JVM. */
    public static Optional<LiveShipper> current() {
        return Optional.ofNullable(CURRENT.get());
    }

    /** Takes one sample: {@code startMs} is JMeter's time stamp of it (its start; an arrival's due time). */
    public void record(String label, long startMs, SampleTimes times, long elapsedMs, boolean success,
            String responseCode, long bytes, long sentBytes, int allThreads) {
        Stripe stripe = stripes[(int) (Thread.currentThread().getId() & (STRIPES - 1))];
        long second = Math.floorDiv(startMs, 1000);
        synchronized (stripe) {
            stripe.figures(label, second).record(times, elapsedMs, success, responseCode, bytes, sentBytes,
                    allThreads);
        }
    }

    /** Takes one reading of an agent's metric ({@link LiveMessage.Reading}), sent with the next message. */
    public void reading(String label, long timeMs, double value) {
        synchronized (readings) {
            readings.add(new LiveMessage.Reading(label, timeMs, value));
        }
    }

    private void sendEvery(Duration interval) {
        while (!closed) {
            try {
                Thread.sleep(interval.toMillis());
            } catch (InterruptedException stop) {
                return; // close() sends the rest
            }
            send(false);
        }
    }

    /** What was taken since the last message, as one. */
    LiveMessage drain(boolean last) {
        Map<Key, SampleFigures> all = new HashMap<>();
        for (Stripe stripe : stripes) {
            Map<Key, SampleFigures> taken;
            synchronized (stripe) {
                taken = stripe.take();
            }
            taken.forEach((key, figures) -> all.merge(key, figures, (a, b) -> {
                a.add(b);
                return a;
            }));
        }
        List<LiveMessage.Second> seconds = new ArrayList<>();
        all.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> seconds.add(new LiveMessage.Second(e.getKey().label(), e.getKey().second(),
                        e.getValue().wire())));
        List<LiveMessage.Reading> taken;
        synchronized (readings) {
            taken = List.copyOf(readings);
            readings.clear();
        }
        return new LiveMessage(engine, System.currentTimeMillis(), last, seconds, taken);
    }

    private synchronized void send(boolean last) {
        LiveMessage message = drain(last);
        if (!last && message.seconds().isEmpty() && message.metrics().isEmpty()) {
            return;
        }
        try {
            pending.addLast(JSON.writeValueAsString(message));
        } catch (IOException e) {
            log.accept("rpcbench live figures: a message could not be written as JSON: " + e.getMessage());
            return;
        }
        while (pending.size() > MAX_PENDING) {
            pending.removeFirst();
            givenUp++;
        }
        try {
            while (!pending.isEmpty()) {
                target.send(pending.peekFirst());
                pending.removeFirst();
            }
        } catch (IOException e) {
            log.accept("rpcbench live figures: could not send to " + target + " (" + e.getMessage() + "); "
                    + pending.size() + " messages kept to send again" + (givenUp > 0 ? ", " + givenUp
                    + " given up (more than " + MAX_PENDING + " unsent)" : ""));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the interval's sending and sends what is left, marked as the last message. */
    @Override
    public void close() {
        closed = true;
        sender.interrupt();
        try {
            sender.join(Duration.ofSeconds(10).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        send(true);
        CURRENT.compareAndSet(this, null);
    }

    @Override
    public String toString() {
        return "live figures of " + engine + " to " + target;
    }

    private record Key(String label, long second) implements Comparable<Key> {
        @Override
        public int compareTo(Key other) {
            int bySecond = Long.compare(second, other.second);
            return bySecond != 0 ? bySecond : label.compareTo(other.label);
        }
    }

    /** One stripe's figures; guarded by the stripe itself. */
    private static final class Stripe {
        private Map<Key, SampleFigures> figures = new HashMap<>();
        private String lastLabel;
        private long lastSecond;
        private SampleFigures last;

        SampleFigures figures(String label, long second) {
            if (last != null && second == lastSecond && Objects.equals(label, lastLabel)) {
                return last;
            }
            SampleFigures found = figures.computeIfAbsent(new Key(label, second), key -> new SampleFigures());
            lastLabel = label;
            lastSecond = second;
            last = found;
            return found;
        }

        Map<Key, SampleFigures> take() {
            Map<Key, SampleFigures> taken = figures;
            figures = new HashMap<>();
            last = null;
            return taken;
        }
    }

    /** Where messages go. */
    private interface Target {

        void send(String json) throws IOException, InterruptedException;

        static Target of(String address) {
            if (address.startsWith("http://")) {
                return new Http(URI.create(address));
            }
            if (address.startsWith("file:")) {
                Path path = Path.of(URI.create(address));
                // A folder: each engine its own file (engines on one machine would interleave their lines).
                return new AppendedFile(address.endsWith("/")
                        ? path.resolve("engine-" + ProcessHandle.current().pid() + ".jsonl") : path);
            }
            throw new IllegalArgumentException("live figures address '" + address + "' is neither http://host:port/"
                    + "path nor file:/path; expected the live dashboard's address that ./run-benchmark gives");
        }
    }

    private record Http(URI uri) implements Target {
        private static final HttpClient CLIENT = HttpClient.newBuilder()
                .connectTimeout(Duration.ofSeconds(2)).proxy(HttpClient.Builder.NO_PROXY).build();

        @Override
        public void send(String json) throws IOException, InterruptedException {
            HttpResponse<Void> response = CLIENT.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8)).build(),
                    HttpResponse.BodyHandlers.discarding());
            if (response.statusCode() / 100 != 2) {
                throw new IOException("HTTP " + response.statusCode());
            }
        }

        @Override
        public String toString() {
            return uri.toString();
        }
    }

    private record AppendedFile(Path file) implements Target {
        @Override
        public void send(String json) throws IOException {
            Files.writeString(file, json + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        }

        @Override
        public String toString() {
            return file.toUri().toString();
        }
    }
}
