package io.rpcbench.discovery;

import io.rpcbench.provider.JvmDefaults;
import io.rpcbench.provider.registry.EmbeddedZooKeeper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.metadata.MetadataInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * Seed 004's registries (section 2): two real ZooKeepers on free 127.0.0.1 ports, each filled with the same
 * registrations, as the seed's providers registered in two ZooKeepers in parallel: the real provider app's (copied
 * from its own ZooKeeper, {@link RealRegistrations}) and those of the {@link RegistryShape}'s fake instances
 * ({@link FakeRegistrations}: interface-level URLs, application-level instances, their metadata in the metadata
 * report, the interface-to-application mapping). Prints one ready line, then changes addresses at the rate asked
 * ({@link AddressChurn}) until SIGTERM, when it closes its sessions (the ephemeral nodes go) and the ZooKeepers. Its
 * figures ({@link FiguresEndpoint} on 127.0.0.1): the address changes made and the steps that failed, and the
 * connections accepted on the first fake instance's address of each protocol ({@link FakeInstanceListeners}), where a
 * consumer dialling fake instances would be seen.
 *
 * <p>Ready line: {@code rpcbench-registry-farm ready zookeepers=127.0.0.1:P1,127.0.0.1:P2 urls=U instances=N apps=A
 * real-nodes=R fill-ms=T figures=http://127.0.0.1:P/figures}, where {@code urls} counts the fake interface-level URLs
 * in each registry.
 */
@Command(name = "rpcbench-registry-farm", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Starts two ZooKeepers on 127.0.0.1 filled with seed 004's registrations, then changes "
                + "addresses at a set rate.")
public final class RegistryFarmCommand implements Callable<Integer> {

    public static final String READY_PREFIX = "rpcbench-registry-farm ready";

    @Option(names = "--provider-zookeeper", required = true, paramLabel = "HOST:PORT",
            description = "The ZooKeeper the real provider registered in, to copy its registrations from.")
    private String providerZookeeper;

    @Option(names = "--churn-per-minute", description = "Instances leaving (and the previous one joining again) per "
            + "minute; 0: no change (default: ${DEFAULT-VALUE}).")
    private double churnPerMinute = DiscoveryParameter.CHURN_PER_MINUTE.defaultValue();

    @Mixin
    private RegistryShapeOptions shapeOptions;

    private final CountDownLatch stopped = new CountDownLatch(1);

    public static void main(String[] args) {
        JvmDefaults.apply();
        System.exit(new CommandLine(new RegistryFarmCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (churnPerMinute < 0) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--churn-per-minute is " + churnPerMinute
                    + "; expected 0 or more");
        }
        RegistryShape shape = shapeOptions.shape();
        RealRegistrations real;
        try (CuratorFramework provider = CuratorFrameworkFactory.newClient(providerZookeeper,
                new ExponentialBackoffRetry(200, 5))) {
            provider.start();
            if (!provider.blockUntilConnected(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("--provider-zookeeper " + providerZookeeper + " did not answer "
                        + "within 30 s; expected the provider app's ZooKeeper");
            }
            real = RealRegistrations.read(provider);
        }
        System.out.println("real registrations: " + real.nodes() + " nodes; templates: " + real.describeTemplates());
        FakeRegistrations fakes = new FakeRegistrations(shape, real);
        List<AutoCloseable> opened = new ArrayList<>();
        ScheduledExecutorService churn = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "churn"));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            churn.shutdownNow();
            closeAll(opened);
            stopped.countDown();
        }, "farm-stop"));
        long start = System.nanoTime();
        List<RegistryWriter> registries = new ArrayList<>();
        for (int n = 0; n < 2; n++) {
            EmbeddedZooKeeper zookeeper = EmbeddedZooKeeper.start("127.0.0.1", 0);
            opened.add(0, zookeeper);
            RegistryWriter writer = RegistryWriter.connect(zookeeper.hostPort());
            opened.add(0, writer);
            registries.add(writer);
        }
        fillAll(shape, real, fakes, registries);
        long fillMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        AddressChurn changes = new AddressChurn(shape, fakes, registries);
        FakeInstanceListeners listeners = FakeInstanceListeners.start(
                FakeInstanceListeners.firstInstancePerProtocol(shape));
        opened.add(0, listeners);
        System.out.println("fake instances listening, to count dials: " + listeners.addresses());
        FiguresEndpoint figures = FiguresEndpoint.start(0, last -> {
            Map<String, String> all = new LinkedHashMap<>(changes.figures());
            all.putAll(listeners.figures());
            return all;
        });
        opened.add(0, figures);
        System.out.println(READY_PREFIX + " zookeepers=" + registries.get(0).address() + ","
                + registries.get(1).address() + " urls=" + shape.urls() + " instances=" + shape.instances()
                + " apps=" + shape.apps() + " real-nodes=" + real.nodes() + " fill-ms=" + fillMs
                + " figures=http://127.0.0.1:" + figures.port() + FiguresEndpoint.PATH);
        System.out.flush();
        if (churnPerMinute > 0) {
            long periodMicros = Math.round(60_000_000 / churnPerMinute);
            churn.scheduleAtFixedRate(changes::stepCounted, periodMicros, periodMicros, TimeUnit.MICROSECONDS);
        }
        stopped.await();
        return 0;
    }

    /** Fills each registry on a thread of its own, as two providers' registrations arrive in parallel. */
    private static void fillAll(RegistryShape shape, RealRegistrations real, FakeRegistrations fakes,
            List<RegistryWriter> registries) throws Exception {
        for (int app = 0; app < shape.apps(); app++) {
            fakes.metadata(app); // Dubbo's revision, computed once before the threads read it
        }
        ExecutorService pool = Executors.newFixedThreadPool(registries.size());
        try {
            List<Future<Void>> done = new ArrayList<>();
            for (RegistryWriter registry : registries) {
                done.add(pool.submit(() -> {
                    fill(shape, real, fakes, registry);
                    return null;
                }));
            }
            for (Future<Void> each : done) {
                each.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void fill(RegistryShape shape, RealRegistrations real, FakeRegistrations fakes,
            RegistryWriter registry) throws Exception {
        real.copyTo(registry);
        String mapping = RegistryWriter.ROOT + "/mapping/";
        registry.put(mapping + RealRegistrations.TEMPLATE_SERVICE, real.providerUrl().getApplication());
        for (int app = 0; app < shape.apps(); app++) {
            MetadataInfo metadata = fakes.metadata(app);
            registry.put(RegistryWriter.ROOT + "/metadata/" + metadata.getApp() + "/" + metadata.getRevision(),
                    metadata.getContent());
            for (int i = 0; i < shape.interfaces(); i++) {
                registry.put(mapping + shape.interfaceName(app, i), metadata.getApp());
            }
        }
        for (int instance = 0; instance < shape.instances(); instance++) {
            byte[] data = fakes.urlData(instance);
            for (URL url : fakes.urls(instance)) {
                registry.addProvider(url, data);
            }
            registry.addInstance(fakes.instance(instance));
        }
    }

    private static void closeAll(List<AutoCloseable> opened) {
        for (AutoCloseable each : opened) {
            try {
                each.close();
            } catch (Exception e) {
                System.err.println("closing " + each + ": " + e);
            }
        }
    }
}
