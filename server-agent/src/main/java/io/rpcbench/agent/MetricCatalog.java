package io.rpcbench.agent;

import io.rpcbench.agent.host.Host;
import io.rpcbench.agent.jvm.JvmCountersException;
import io.rpcbench.agent.jvm.PerfDataFiles;
import io.rpcbench.agent.metric.BadSpecException;
import io.rpcbench.agent.metric.Metric;
import io.rpcbench.agent.metric.MetricSpec;
import io.rpcbench.agent.metric.RefusedException;
import io.rpcbench.agent.metric.command.ExecMetric;
import io.rpcbench.agent.metric.command.TailMetric;
import io.rpcbench.agent.metric.host.CpuHistory;
import io.rpcbench.agent.metric.host.CpuMetric;
import io.rpcbench.agent.metric.host.DiskMetric;
import io.rpcbench.agent.metric.host.MemoryMetric;
import io.rpcbench.agent.metric.host.NetworkMetric;
import io.rpcbench.agent.metric.host.ProcessCpuMetric;
import io.rpcbench.agent.metric.host.ProcessMemoryMetric;
import io.rpcbench.agent.metric.host.SwapMetric;
import io.rpcbench.agent.metric.host.TcpMetric;
import io.rpcbench.agent.metric.jvm.JmxConnections;
import io.rpcbench.agent.metric.jvm.JmxMetric;
import io.rpcbench.agent.metric.jvm.LocalJvmMetric;
import java.io.IOException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Makes the {@link Metric} for a spec: one class per metric family, all reading the same {@link Host}.
 *
 * <p>Call {@link #create} for each spec of a {@code metrics:} command; a spec that cannot be served (unknown
 * family or field, bad parameter, refused exec/tail, unreachable JMX) becomes a metric that always reads as an empty
 * field, and the reason is logged, so the client always gets one field per spec.
 *
 * <p>{@code jmx:} has two sources: {@code url=} a JVM's JMX port ({@link JmxMetric}), {@code pid=} or
 * {@code name=} a JVM on this host read from its performance-counter file ({@link LocalJvmMetric}).
 */
public final class MetricCatalog {
    private static final Logger LOG = Logger.getLogger(MetricCatalog.class.getName());

    private final Host host;
    private final JmxConnections jmx;
    private final boolean allowExec;
    private final boolean allowTail;
    private final PerfDataFiles perfDataFiles;
    private final CpuHistory cpuHistory = new CpuHistory();

    public MetricCatalog(Host host, JmxConnections jmx, boolean allowExec, boolean allowTail) {
        this(host, jmx, allowExec, allowTail, PerfDataFiles.HOST);
    }

    /** Tests pass the JVMs' performance-counter files of a fake {@code /proc} and {@code /tmp}. */
    public MetricCatalog(Host host, JmxConnections jmx, boolean allowExec, boolean allowTail, PerfDataFiles perfDataFiles) {
        this.host = host;
        this.jmx = jmx;
        this.allowExec = allowExec;
        this.allowTail = allowTail;
        this.perfDataFiles = perfDataFiles;
    }

    /** Takes the first CPU reading, so the first {@code cpu} value a client gets covers the time since start. */
    public void startCpuHistory() {
        try {
            cpuHistory.record(CpuHistory.ALL, host.cpuTicks());
            for (int core = 0; core < host.coreCount(); core++) {
                cpuHistory.record(core, host.coreTicks(core));
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "cannot read CPU ticks: cpu metrics will be empty", e);
        }
    }

    /** The metric for one spec; never throws. */
    public Metric create(String specText) {
        MetricSpec spec = MetricSpec.parse(specText);
        try {
            return createOrThrow(spec);
        } catch (RefusedException e) {
            LOG.warning("refused metric '" + specText + "': " + e.getMessage());
        } catch (BadSpecException e) {
            LOG.warning(e.getMessage());
        } catch (JvmCountersException e) {
            LOG.warning("metric '" + specText + "' cannot be read: " + e.getMessage());
        } catch (IOException e) {
            LOG.warning("metric '" + specText + "' cannot connect: " + e);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "metric '" + specText + "' cannot be read on this host", e);
        }
        return new EmptyMetric();
    }

    public Metric createOrThrow(MetricSpec spec) throws IOException {
        String type = spec.type();
        if (type.equals("cpu")) {
            return spec.namesProcess() ? new ProcessCpuMetric(host, spec) : new CpuMetric(host, cpuHistory, spec);
        } else if (type.equals("memory")) {
            return spec.namesProcess() ? new ProcessMemoryMetric(host, spec) : new MemoryMetric(host, spec);
        } else if (type.equals("swap")) {
            return new SwapMetric(host, spec);
        } else if (type.equals("disks")) {
            return new DiskMetric(host, spec);
        } else if (type.equals("network")) {
            return new NetworkMetric(host, spec);
        } else if (type.equals("tcp")) {
            return new TcpMetric(host, spec);
        } else if (type.equals("jmx")) {
            return spec.namesProcess() ? new LocalJvmMetric(host, perfDataFiles, spec) : new JmxMetric(jmx, spec);
        } else if (type.equals("exec")) {
            if (!allowExec) {
                throw new RefusedException("exec", "--allow-exec");
            }
            return new ExecMetric(spec);
        } else if (type.equals("tail")) {
            if (!allowTail) {
                throw new RefusedException("tail", "--allow-tail");
            }
            return new TailMetric(spec);
        }
        throw new BadSpecException(spec, "type must be one of cpu, memory, swap, disks, network, tcp, jmx, exec, tail");
    }

    /** A spec that cannot be served: always an empty field. */
    static final class EmptyMetric implements Metric {
        @Override
        public double read() {
            return Double.NaN;
        }
    }
}
