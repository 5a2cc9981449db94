package io.rpcbench.discovery;

import io.rpcbench.provider.JvmDefaults;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * Seed 004's consumer (section 2): a Dubbo 3.3 consumer subscribed to every interface of the {@link RegistryShape} in
 * both registries ({@link ConsumerReferences}), discovering at the level its migration step says
 * ({@code FORCE_INTERFACE}, {@code FORCE_APPLICATION} or {@code APPLICATION_FIRST}, Dubbo's
 * {@code dubbo.application.migration.step}), calling the real echo service every few seconds ({@link EchoCalls}), and
 * serving its figures ({@link FiguresEndpoint}: GCs since it started and since it subscribed ({@link ConsumerGc}),
 * addresses held, calls; on the final read also its live heap, after a full collection of its own that the GC counts
 * leave out). The scenario runs it with {@code -Xmx768m -XX:MaxRAM=2g -XX:ActiveProcessorCount=1}, the seed's 1C2G
 * consumer with Xmx 768 MB.
 *
 * <p>Order: refer every reference (subscribing), the figures endpoint, the ready line
 * {@code rpcbench-discovery-consumer ready figures=http://127.0.0.1:P/figures mode=STEP references=R refer-ms=T}, then
 * the calls until SIGTERM.
 */
@Command(name = "rpcbench-discovery-consumer", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Subscribes to seed 004's registries and calls the real echo service every few seconds.")
public final class DiscoveryConsumerCommand implements Callable<Integer> {

    public static final String READY_PREFIX = "rpcbench-discovery-consumer ready";

    /** Dubbo's migration steps, as the scenario names its discovery modes. */
    enum Mode { FORCE_INTERFACE, FORCE_APPLICATION, APPLICATION_FIRST }

    @Option(names = "--zookeepers", required = true, split = ",", paramLabel = "HOST:PORT,HOST:PORT",
            description = "The registries to subscribe to.")
    private List<String> zookeepers;

    @Option(names = "--mode", required = true, description = "Dubbo's migration step: ${COMPLETION-CANDIDATES}.")
    private Mode mode;

    @Option(names = "--call-every-seconds", description = "Seconds between calls of the echo (default: "
            + "${DEFAULT-VALUE}, as the seed).")
    private int callEverySeconds = DiscoveryParameter.CALL_EVERY_SECONDS.defaultValue();

    @Option(names = "--figures-port", defaultValue = "0", description = "Port of the figures on 127.0.0.1; 0 picks a "
            + "free one (default: ${DEFAULT-VALUE}).")
    private int figuresPort;

    @Mixin
    private RegistryShapeOptions shapeOptions;

    public static void main(String[] args) {
        JvmDefaults.apply();
        System.exit(new CommandLine(new DiscoveryConsumerCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (callEverySeconds < 1) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--call-every-seconds is "
                    + callEverySeconds + "; expected 1 or more");
        }
        RegistryShape shape = shapeOptions.shape();
        System.setProperty("dubbo.application.migration.step", mode.name());
        List<RegistryConfig> registries = new java.util.ArrayList<>();
        for (int n = 0; n < zookeepers.size(); n++) {
            RegistryConfig registry = new RegistryConfig("zookeeper://" + zookeepers.get(n));
            registry.setId("zk" + (n + 1));
            registries.add(registry);
        }
        ApplicationConfig application = new ApplicationConfig("rpcbench-discovery-consumer");
        application.setQosEnable(false);
        ConsumerReferences references = new ConsumerReferences(shape, registries);
        long start = System.nanoTime();
        DubboBootstrap bootstrap = DubboBootstrap.getInstance().application(application).registries(registries);
        references.all().forEach(bootstrap::reference);
        bootstrap.start();
        EchoCalls calls = new EchoCalls(references.echo());
        long referMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        ConsumerGc gc = new ConsumerGc();
        gc.markSubscribed(); // the address changes' GCs are counted from here

        CountDownLatch stopped = new CountDownLatch(1);
        ScheduledExecutorService caller = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "caller"));
        FiguresEndpoint figures = FiguresEndpoint.start(figuresPort, last -> {
            Map<String, String> all = new LinkedHashMap<>();
            all.put(DiscoveryFigure.MODE.key(), mode.name());
            if (last) {
                all.put(DiscoveryFigure.LIVE_HEAP_BYTES.key(), Long.toString(gc.liveHeapBytes()));
            }
            all.putAll(gc.figures());
            all.putAll(references.addresses());
            all.putAll(calls.figures());
            return all;
        });
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            caller.shutdownNow();
            figures.close();
            bootstrap.stop();
            stopped.countDown();
        }, "consumer-stop"));
        System.out.println(READY_PREFIX + " figures=http://127.0.0.1:" + figures.port() + FiguresEndpoint.PATH
                + " mode=" + mode + " references=" + references.all().size() + " refer-ms=" + referMs);
        System.out.flush();
        caller.scheduleAtFixedRate(calls::call, 0, callEverySeconds, TimeUnit.SECONDS);
        stopped.await();
        return 0;
    }
}
