package io.rpcbench.benchmark;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.process.AgentProcess;
import io.rpcbench.benchmark.process.ExternalRegistry;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.benchmark.runner.RunSite;
import io.rpcbench.benchmark.scenario.CellSetup;
import io.rpcbench.benchmark.scenario.ExtraProcess;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The main job's default site: the provider (embedded ZooKeeper, Dubbo, Thrift) and an agent on loopback, and the
 * extra processes a cell names ({@link CellSetup}). The agent runs throughout; the provider starts with the first
 * cell's set-up (not with defaults the first cell would replace at once), and it and the extra processes are restarted
 * (stopped by PID) when a cell needs another set-up than the one running.
 */
final class LocalSite implements RunSite {

    private final ProjectLayout layout;
    private final Path results;
    private final PrintWriter out;
    private final AgentProcess agent;
    private ProviderProcess provider;
    /** The providers beyond the first, registered in its ZooKeeper, when the set-up names several. */
    private final List<ProviderProcess> moreProviders = new ArrayList<>();
    private final List<ExtraProcess.Running> extras = new ArrayList<>();
    /** What runs now; null when nothing does (a start failed), so that the next cell starts afresh. */
    private CellSetup running;
    private int starts;
    /** The user's registry the providers register in ({@code --registry}), else empty: an embedded ZooKeeper. */
    private final Optional<ExternalRegistry> registry;
    /** JMeter's properties file with the registry's user and password (owner-only, deleted on close), or null. */
    private final Path credentials;

    private LocalSite(ProjectLayout layout, Path results, PrintWriter out, AgentProcess agent,
            Optional<ExternalRegistry> registry, Path credentials) {
        this.layout = layout;
        this.results = results;
        this.out = out;
        this.agent = agent;
        this.registry = registry;
        this.credentials = credentials;
    }

    /** Starts the agent; {@link #prepare} starts the provider the first cell needs. */
    static LocalSite start(ProjectLayout layout, Path results, PrintWriter out) throws IOException {
        return start(layout, results, out, Optional.empty());
    }

    /**
     * {@link #start(ProjectLayout, Path, PrintWriter)} with the providers registered in {@code registry} when given,
     * instead of an embedded ZooKeeper.
     */
    static LocalSite start(ProjectLayout layout, Path results, PrintWriter out, Optional<ExternalRegistry> registry)
            throws IOException {
        out.printf("Starting a server agent on 127.0.0.1 ...%n");
        out.flush();
        AgentProcess agent = AgentProcess.start(layout, results.resolve("agent.log"));
        out.printf("Agent ready (pid %d): %s%n", agent.pid(), agent.tcp());
        Path credentials = null;
        Optional<String> text = registry.flatMap(ExternalRegistry::jmeterCredentials);
        try {
            if (text.isPresent()) {
                credentials = Files.createTempFile("rpcbench-registry-", ".properties",
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                Files.writeString(credentials, text.get());
            }
        } catch (IOException | RuntimeException e) {
            agent.close();
            throw e;
        }
        return new LocalSite(layout, results, out, agent, registry, credentials);
    }

    @Override
    public void prepare(CellSetup setup) throws IOException {
        if (setup.equals(running)) {
            return;
        }
        List<ExtraProcess> added = setup.adds(running);
        if (!added.isEmpty()) {
            out.printf("Starting what the next cell adds to the running set-up: %s ...%n",
                    added.stream().map(ExtraProcess::toString).collect(Collectors.joining(", ")));
            startExtras(added, starts == 1 ? "" : "-" + starts);
            running = setup;
            return;
        }
        stopProcesses();
        starts++;
        String suffix = starts == 1 ? "" : "-" + starts;
        out.printf("Starting the set-up the next cell needs: %s (%s, on 127.0.0.1) ...%n", setup.describe(),
                registry.map(external -> "registered in " + external).orElse("embedded ZooKeeper"));
        out.flush();
        Path log = results.resolve("provider" + suffix + ".log");
        provider = registry.isPresent() ? ProviderProcess.startRegistered(layout, setup.providerOptions(),
                registry.get(), log) : ProviderProcess.start(layout, setup.providerOptions(), log);
        out.printf("Provider ready (pid %d): %s%n", provider.pid(), provider.endpoints().endpoints());
        try {
            startMoreProviders(setup, suffix);
        } catch (IOException | RuntimeException e) {
            stopProcesses();
            throw e;
        }
        startExtras(setup.extras(), suffix);
        running = setup;
    }

    /** Starts {@code more} beside the running providers; on a failure stops everything, so the next cell starts afresh. */
    private void startExtras(List<ExtraProcess> more, String suffix) throws IOException {
        try {
            for (ExtraProcess extra : more) {
                ExtraProcess.Running started = extra.launcher().start(new ExtraProcess.Context(layout,
                        extra.options(), results.resolve(extra.name() + suffix + ".log"), provider.endpoints()));
                extras.add(started);
                out.printf("%s ready (pid %d)%n", extra.name(), started.pid());
            }
        } catch (IOException | RuntimeException e) {
            stopProcesses();
            throw e;
        }
        out.flush();
    }

    /**
     * The second and further providers of the set-up, as {@link OneHostTopology} starts them: each with the set-up's
     * options, registered in the first provider's ZooKeeper ({@code --registry}), on free loopback ports.
     */
    private void startMoreProviders(CellSetup setup, String suffix) throws IOException {
        for (int i = 2; i <= setup.providers(); i++) {
            Path log = results.resolve("provider" + suffix + "-" + i + ".log");
            ProviderProcess more;
            String where;
            if (registry.isPresent()) {
                more = ProviderProcess.startRegistered(layout, setup.providerOptions(), registry.get(), log);
                where = registry.get().toString();
            } else {
                where = "zookeeper://" + provider.endpoints().zookeeper().orElseThrow(
                        () -> new IllegalStateException("the provider announced no ZooKeeper: " + provider.endpoints()));
                List<String> options = new ArrayList<>(setup.providerOptions());
                options.addAll(List.of("--registry", where));
                more = ProviderProcess.start(layout, options, log);
            }
            moreProviders.add(more);
            out.printf("Provider %d ready (pid %d, registered in %s): %s%n", i, more.pid(), where,
                    more.endpoints().endpoints());
        }
    }

    /** Stops the extra processes, last started first, then the providers, the one holding the registry last. */
    private void stopProcesses() {
        running = null;
        try {
            for (int i = extras.size() - 1; i >= 0; i--) {
                extras.get(i).close();
            }
        } finally {
            extras.clear();
            try {
                for (int i = moreProviders.size() - 1; i >= 0; i--) {
                    moreProviders.get(i).close();
                }
            } finally {
                moreProviders.clear();
                if (provider != null) {
                    provider.close();
                    provider = null;
                }
            }
        }
    }

    @Override
    public JMeterRun configure(JMeterRun run, Map<String, String> plan) {
        if (provider == null) {
            throw new IllegalStateException("no provider runs: its start failed for an earlier cell; expected "
                    + "prepare() to have started one");
        }
        run.properties(provider.planProperties()).properties(agent.planProperties(provider.pid()));
        if (credentials != null) {
            run.userPropertiesFile(credentials);
        }
        extras.forEach(extra -> run.properties(extra.planProperties()));
        return run.properties(plan);
    }

    @Override
    public String describe() {
        return "JMeter, provider and agent on this one machine, over loopback";
    }

    @Override
    public int consumersPerRun() {
        return 1;
    }

    @Override
    public void report(PrintWriter out) {
    }

    @Override
    public void close() {
        try {
            agent.close();
        } finally {
            try {
                stopProcesses();
            } finally {
                if (credentials != null) {
                    try {
                        Files.deleteIfExists(credentials);
                    } catch (IOException e) {
                        out.printf("could not delete %s, which holds the registry's password: %s%n", credentials,
                                e.getMessage());
                    }
                }
            }
        }
    }
}
