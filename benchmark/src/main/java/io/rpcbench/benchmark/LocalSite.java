package io.rpcbench.benchmark;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The main job's default site: the provider (embedded ZooKeeper, Dubbo, Thrift) and an agent on loopback. */
final class LocalSite implements RunSite {

    private final ProviderProcess provider;
    private final AgentProcess agent;

    private LocalSite(ProviderProcess provider, AgentProcess agent) {
        this.provider = provider;
        this.agent = agent;
    }

    static LocalSite start(ProjectLayout layout, Path results, PrintWriter out) throws IOException {
        out.printf("Starting the provider (embedded ZooKeeper, Dubbo, Thrift on 127.0.0.1) and a server agent ...%n");
        out.flush();
        ProviderProcess provider = ProviderProcess.start(layout, List.of(), results.resolve("provider.log"));
        try {
            AgentProcess agent = AgentProcess.start(layout, results.resolve("agent.log"));
            out.printf("Provider ready (pid %d): %s%n", provider.pid(), provider.endpoints().endpoints());
            out.printf("Agent ready (pid %d): %s%n", agent.pid(), agent.tcp());
            return new LocalSite(provider, agent);
        } catch (IOException | RuntimeException e) {
            provider.close();
            throw e;
        }
    }

    @Override
    public JMeterRun configure(JMeterRun run, Map<String, String> plan) {
        return run.properties(provider.planProperties())
                .properties(agent.planProperties(provider.pid()))
                .properties(plan);
    }

    @Override
    public void report(PrintWriter out) {
    }

    @Override
    public void close() {
        try {
            agent.close();
        } finally {
            provider.close();
        }
    }
}
