package io.rpcbench.benchmark.seeds.extra;

import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.scenario.ExtraProcess;
import io.rpcbench.process.ChildProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Seed 004's discovery set-up beside the provider app, as one extra process of a cell: the registry farm (two
 * ZooKeepers on 127.0.0.1 filled in the seed's shape from the provider app's own registrations, changing addresses
 * at a set rate; {@code io.rpcbench.discovery.RegistryFarmCommand}) and then the consumer subscribed to both
 * ({@code DiscoveryConsumerCommand}) in its own JVM: {@code -Xmx768m -XX:ActiveProcessorCount=1}, the seed's 1C2G
 * consumer. Both run from the discovery lab's jar (module discovery-lab), each ready on its ready line; {@link ExtraProcess.Running#close}
 * stops the consumer, then the farm, each by its PID. The options name the discovery mode, so each mode's cell gets
 * fresh registries and a fresh consumer.
 *
 * <p>Plan properties: {@code discovery.figures.port} (the consumer's figures on 127.0.0.1, read by the plan),
 * {@code discovery.figures.url}, {@code discovery.farm.figures.url} (the farm's: its address changes),
 * {@code discovery.consumer.pid}, {@code discovery.farm.pid}, and the farm's and the
 * consumer's ready-line figures as {@code discovery.urls}, {@code discovery.instances}, {@code discovery.fill.ms},
 * {@code discovery.refer.ms}.
 */
public final class DiscoveryExtra {

    static final String NAME = "seed-004-discovery";
    static final String FARM_MAIN = "io.rpcbench.discovery.RegistryFarmCommand";
    static final String CONSUMER_MAIN = "io.rpcbench.discovery.DiscoveryConsumerCommand";
    static final String FARM_READY = "rpcbench-registry-farm ready";
    static final String CONSUMER_READY = "rpcbench-discovery-consumer ready";
    /**
     * The seed's consumer: 1 core, 2 GB, Xmx 768 MB ("GC on": each collection and its cause in the consumer's log).
     * {@code MaxRAM=2g}: HotSpot sizes the initial heap, and Serial's young generation from it, by the machine's memory
     * (1/64 of it); without it a 24 GiB host starts the consumer at about 384 MB and counts fewer young GCs than the
     * seed's 2 GB box would.
     */
    static final List<String> CONSUMER_JVM = List.of("-Xmx768m", "-XX:MaxRAM=2g", "-XX:ActiveProcessorCount=1",
            "-Xlog:gc");

    /** Filling 40,000 URLs into two ZooKeepers, or subscribing to them, may take minutes on a busy 2-vCPU machine. */
    private static final Duration READY_DEADLINE = Duration.ofMinutes(10);

    private DiscoveryExtra() {}

    /**
     * @param farmOptions     the farm's options beyond the provider's ZooKeeper (shape, churn)
     * @param consumerOptions the consumer's options beyond the ZooKeepers (mode, shape, call interval)
     */
    public static ExtraProcess of(List<String> farmOptions, List<String> consumerOptions) {
        List<String> options = new ArrayList<>(farmOptions);
        options.add("--");
        options.addAll(consumerOptions);
        return new ExtraProcess(NAME, options, DiscoveryExtra::start);
    }

    private static ExtraProcess.Running start(ExtraProcess.Context context) throws IOException {
        int split = context.options().indexOf("--");
        List<String> farmOptions = context.options().subList(0, split);
        List<String> consumerOptions = context.options().subList(split + 1, context.options().size());
        String providerZookeeper = context.provider().zookeeper().orElseThrow(() -> new IllegalStateException(
                "the provider app names no ZooKeeper; the discovery farm copies the provider's registrations from it"));
        ProjectLayout layout = context.layout();
        Path log = context.log();
        List<String> farmCommand = new ArrayList<>(List.of(ProjectLayout.javaExecutable().toString(),
                "-Dzookeeper.forceSync=no", "-cp", layout.discoveryLabJar().toString(), FARM_MAIN,
                "--provider-zookeeper", providerZookeeper));
        farmCommand.addAll(farmOptions);
        ChildProcess farm = ChildProcess.start("registry-farm", farmCommand, Map.of(),
                log.resolveSibling(log.getFileName().toString().replace(".log", "") + "-farm.log"));
        ChildProcess consumer = null;
        try {
            Map<String, String> farmReady = fields(farm.awaitLine(l -> l.startsWith(FARM_READY), READY_DEADLINE),
                    FARM_READY);
            List<String> consumerCommand = new ArrayList<>(List.of(ProjectLayout.javaExecutable().toString()));
            consumerCommand.addAll(CONSUMER_JVM);
            consumerCommand.addAll(List.of("-cp", layout.discoveryLabJar().toString(), CONSUMER_MAIN,
                    "--zookeepers", farmReady.get("zookeepers")));
            consumerCommand.addAll(consumerOptions);
            consumer = ChildProcess.start("discovery-consumer", consumerCommand, Map.of(), log);
            Map<String, String> consumerReady = fields(consumer.awaitLine(l -> l.startsWith(CONSUMER_READY),
                    READY_DEADLINE), CONSUMER_READY);
            String figures = consumerReady.get("figures");
            Map<String, String> properties = new LinkedHashMap<>();
            properties.put("discovery.figures.url", figures);
            properties.put("discovery.farm.figures.url", farmReady.get("figures"));
            properties.put("discovery.figures.port", figures.replaceAll("^http://[^:]+:([0-9]+)/.*$", "$1"));
            properties.put("discovery.consumer.pid", Long.toString(consumer.pid()));
            properties.put("discovery.farm.pid", Long.toString(farm.pid()));
            properties.put("discovery.urls", farmReady.get("urls"));
            properties.put("discovery.instances", farmReady.get("instances"));
            properties.put("discovery.fill.ms", farmReady.get("fill-ms"));
            properties.put("discovery.refer.ms", consumerReady.get("refer-ms"));
            return running(farm, consumer, Map.copyOf(properties));
        } catch (IOException | RuntimeException | Error e) {
            // every child started so far stops by its PID, whatever failed (the consumer's start throws IOException)
            try {
                if (consumer != null) {
                    consumer.close();
                }
            } finally {
                farm.close();
            }
            throw e;
        }
    }

    /** The {@code name=value} words of a ready line after its prefix. */
    static Map<String, String> fields(String line, String prefix) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String word : line.substring(prefix.length()).trim().split("\\s+")) {
            int equals = word.indexOf('=');
            if (equals <= 0) {
                throw new IllegalStateException("'" + line + "' is not a ready line; expected '" + prefix
                        + " name=value ...'");
            }
            fields.put(word.substring(0, equals), word.substring(equals + 1));
        }
        return fields;
    }

    private static ExtraProcess.Running running(ChildProcess farm, ChildProcess consumer,
            Map<String, String> properties) {
        return new ExtraProcess.Running() {
            @Override
            public long pid() {
                return consumer.pid();
            }

            @Override
            public Map<String, String> planProperties() {
                return properties;
            }

            @Override
            public void close() {
                try {
                    consumer.close();
                } finally {
                    farm.close();
                }
            }
        };
    }
}
