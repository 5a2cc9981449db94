package io.rpcbench.benchmark;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.lab.Topology;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.process.ProviderProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A {@link Topology} of P providers and G consumers on this one host, for when the lab's network-namespace hosts
 * ({@code --hosts}, root) are not available: P provider-app processes on free loopback ports, the first with the
 * embedded ZooKeeper and the others registered in it ({@code --registry}), so a consumer finds all of them through
 * one registry; and G JMeter runs of one plan at the same time, each its own JVM and results folder
 * ({@code consumer-1}, ...), as seed 000's high-pressure test ran two providers and two consumers.
 *
 * <p>Order of calls: {@link #start} (returns once every provider printed its ready line), then {@link #run} for each
 * plan, then {@link #close}, which stops every provider by its PID, also when a start or a run failed. Each JMeter
 * run is stopped by its PID when it outlives its deadline ({@link JMeterRun#run}).
 *
 * <pre>{@code
 * try (OneHostTopology site = OneHostTopology.start(layout, Topology.parse("seed-000"), results)) {
 *     List<JMeterRun> consumers = site.run("seed-000-pressure", Map.of("threads", "20"), Duration.ofHours(1));
 * }
 * }</pre>
 */
public final class OneHostTopology implements AutoCloseable {

    private final Topology topology;
    private final Path results;
    private final ProjectLayout layout;
    private final List<ProviderProcess> providers = new ArrayList<>();

    private OneHostTopology(ProjectLayout layout, Topology topology, Path results) {
        this.layout = layout;
        this.topology = topology;
        this.results = results;
    }

    /**
     * Starts the providers, one after the other: the first must be ready before the others can register in its
     * ZooKeeper.
     *
     * @throws IllegalStateException when a provider exits or is not ready in time; every one started is stopped then
     */
    public static OneHostTopology start(ProjectLayout layout, Topology topology, Path results) throws IOException {
        OneHostTopology site = new OneHostTopology(layout, topology, results);
        try {
            ProviderProcess first = ProviderProcess.start(layout, List.of(), results.resolve("provider-1.log"));
            site.providers.add(first);
            String registry = "zookeeper://" + first.endpoints().zookeeper().orElseThrow(
                    () -> new IllegalStateException("provider-1 announced no ZooKeeper: " + first.endpoints()));
            for (int i = 2; i <= topology.providers(); i++) {
                site.providers.add(ProviderProcess.start(layout, List.of("--registry", registry),
                        results.resolve("provider-" + i + ".log")));
            }
            return site;
        } catch (IOException | RuntimeException e) {
            site.close();
            throw e;
        }
    }

    public Topology topology() {
        return topology;
    }

    /** The providers, in the order they started; the first holds the ZooKeeper. */
    public List<ProviderProcess> providers() {
        return List.copyOf(providers);
    }

    /** The plan properties pointing a consumer at the shared registry (and Thrift at the first provider). */
    public Map<String, String> planProperties() {
        return providers.get(0).planProperties();
    }

    /**
     * Runs {@code plan} from every consumer at once, each in {@code <results>/<plan>/consumer-<n>}, and waits for all.
     *
     * @param properties the plan's properties, e.g. threads and duration, over {@link #planProperties()}
     * @return the runs, in consumer order, each with its JTL
     * @throws IllegalStateException when a run failed, once all have ended; the others' failures are suppressed in it
     */
    public List<JMeterRun> run(String plan, Map<String, String> properties, Duration deadline) {
        List<JMeterRun> runs = new ArrayList<>();
        List<CompletableFuture<Void>> running = new ArrayList<>();
        for (int i = 1; i <= topology.generators(); i++) {
            JMeterRun run = JMeterRun.of(layout, plan, results.resolve(plan).resolve("consumer-" + i)).dashboard(false)
                    .properties(planProperties())
                    .properties(properties);
            runs.add(run);
            running.add(CompletableFuture.runAsync(() -> {
                try {
                    run.run(deadline);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, command -> new Thread(command, "consumer-" + runs.size() + " " + plan).start()));
        }
        RuntimeException failure = null;
        for (CompletableFuture<Void> consumer : running) {
            try {
                consumer.join();
            } catch (CompletionException e) {
                RuntimeException cause = e.getCause() instanceof RuntimeException r ? r : e;
                if (failure == null) {
                    failure = new IllegalStateException("a consumer's run of " + plan + " failed: "
                            + cause.getMessage(), cause);
                } else {
                    failure.addSuppressed(cause);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
        return runs;
    }

    /** Stops every provider by its PID, the registered ones before the one holding the registry. */
    @Override
    public void close() {
        RuntimeException failure = null;
        for (int i = providers.size() - 1; i >= 0; i--) {
            try {
                providers.get(i).stop();
            } catch (RuntimeException e) {
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
