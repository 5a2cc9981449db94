package io.rpcbench.sampler.registry.consumer;

import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Says when the registry of a running consumer is lost, and when it is back. Dubbo keeps calling the providers it
 * knew while its registry is away (no sample fails for it), so without this a run through a registry that went down
 * would look like any other; and a provider that stops meanwhile would never be noticed as gone.
 *
 * <p>Each consumer built through a registry is watched ({@link #watch}) by asking Dubbo's own registry clients
 * whether they are connected, every {@link #EVERY_MS} ms on one daemon thread (a connection state, no request to the
 * registry). What it says goes to JMeter's log as a warning and to JMeter's console, where a headless run's user and
 * {@code ./run-benchmark} read it, each line starting {@code rpcbench: registry}.
 */
public final class RegistryWatch implements AutoCloseable {

    static final long EVERY_MS = 1000;
    /** How every line said starts: what a reader of JMeter's console looks for. */
    static final String PREFIX = "rpcbench: registry ";

    private static final Logger LOG = LoggerFactory.getLogger(RegistryWatch.class);

    private final Consumer<String> say;
    private final Map<Object, Watched> watched = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer;

    /** A watch that says what it sees in JMeter's log and on its console. */
    public RegistryWatch() {
        this(line -> {
            LOG.warn(line);
            System.out.println(line); // JMeter's console: where a headless run is watched
        });
    }

    RegistryWatch(Consumer<String> say) {
        this.say = say;
        this.timer = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "rpcbench-registry-watch");
            thread.setDaemon(true);
            return thread;
        });
        timer.scheduleWithFixedDelay(this::check, EVERY_MS, EVERY_MS, TimeUnit.MILLISECONDS);
    }

    /**
     * Watches {@code consumer}'s registry from now on.
     *
     * @param address       the registry as the user wrote it (never with a password: see RegistryAccess)
     * @param interfaceName what the consumer calls
     * @param connected     whether every one of the consumer's registry clients is connected now
     */
    public void watch(Object consumer, String address, String interfaceName, BooleanSupplier connected) {
        watched.put(consumer, new Watched(address, interfaceName, connected));
    }

    public void unwatch(Object consumer) {
        watched.remove(consumer);
    }

    /** One look at every watched consumer; what changed since the last is said. */
    synchronized void check() {
        watched.values().forEach(this::check);
    }

    private void check(Watched consumer) {
        boolean connected;
        try {
            connected = consumer.connected.getAsBoolean();
        } catch (RuntimeException e) { // a client that cannot say is not connected (a destroyed one is not watched)
            LOG.debug("registry client of {} could not say whether it is connected", consumer.address, e);
            connected = false;
        }
        if (!connected && consumer.lostAt == null) {
            consumer.lostAt = Instant.now();
            say.accept(PREFIX + consumer.address + " lost at " + time(consumer.lostAt) + ": the consumer of "
                    + consumer.interfaceName + " goes on calling the providers it knew, and sees no provider come or "
                    + "go until it is back");
        } else if (connected && consumer.lostAt != null) {
            long lostMs = ChronoUnit.MILLIS.between(consumer.lostAt, Instant.now());
            say.accept(PREFIX + consumer.address + " back at " + time(Instant.now()) + " after " + lostMs / 1000
                    + "." + lostMs % 1000 / 100 + " s (consumer of " + consumer.interfaceName + ")");
            consumer.lostAt = null;
        }
    }

    private static LocalTime time(Instant instant) {
        return LocalTime.ofInstant(instant, ZoneId.systemDefault()).truncatedTo(ChronoUnit.MILLIS);
    }

    @Override
    public void close() {
        timer.shutdownNow();
        watched.clear();
    }

    private static final class Watched {
        final String address;
        final String interfaceName;
        final BooleanSupplier connected;
        Instant lostAt; // only the watch's thread reads and writes it

        Watched(String address, String interfaceName, BooleanSupplier connected) {
            this.address = address;
            this.interfaceName = interfaceName;
            this.connected = connected;
        }
    }
}
