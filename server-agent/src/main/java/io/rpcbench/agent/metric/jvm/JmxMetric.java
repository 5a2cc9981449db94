package io.rpcbench.agent.metric.jvm;

import io.rpcbench.agent.metric.Counter;
import io.rpcbench.agent.metric.Fields;
import io.rpcbench.agent.metric.Metric;
import io.rpcbench.agent.metric.MetricSpec;
import io.rpcbench.agent.metric.Unit;
import java.io.IOException;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.management.MBeanServerConnection;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;

/**
 * {@code jmx:url=host\:port[:user=..:password=..]:<field>[:unit=]}: a JVM on the host (or anywhere its JMX port is
 * reachable), read over JMX remote. The JVM must be started with {@code -Dcom.sun.management.jmxremote.port=...}.
 * Fields: heap or memory-usage (heap bytes used, default), memory-committed (heap bytes committed), gc-time
 * (milliseconds in all collectors since the previous reading), gc-count (collections in all collectors since the
 * previous reading), class-count (classes loaded now), compile-time (JIT milliseconds since the previous reading).
 * A JVM on this host can also be read without a JMX port, by pid: {@link LocalJvmMetric}.
 */
public final class JmxMetric implements Metric {
    private static final Logger LOG = Logger.getLogger(JmxMetric.class.getName());
    private static final Fields FIELDS = new Fields("heap", "memory-usage", "memory-committed", "gc-time",
            "gc-count", "class-count", "compile-time");
    private static final String DEFAULT_URL = "localhost:4711";

    private final JMXConnector connector;
    private final MBeanServerConnection server;
    private final String field;
    private final double divisor;
    private final Counter counter = new Counter();

    public JmxMetric(JmxConnections connections, MetricSpec spec) throws IOException {
        this.field = FIELDS.pick(spec);
        this.divisor = Unit.divisor(spec);
        String url = spec.option("url").isEmpty() ? DEFAULT_URL : spec.option("url");
        this.connector = connections.connect(url, spec.option("user"), spec.option("password"));
        this.server = connector.getMBeanServerConnection();
    }

    @Override
    public double read() throws IOException, MalformedObjectNameException {
        if (field.equals("heap") || field.equals("memory-usage") || field.equals("memory-committed")) {
            MemoryMXBean memory = ManagementFactory.newPlatformMXBeanProxy(server,
                    ManagementFactory.MEMORY_MXBEAN_NAME, MemoryMXBean.class);
            long bytes = field.equals("memory-committed") ? memory.getHeapMemoryUsage().getCommitted()
                    : memory.getHeapMemoryUsage().getUsed();
            return bytes / divisor;
        } else if (field.equals("gc-time")) {
            return counter.change(sumOverCollectors(GarbageCollectorMXBean::getCollectionTime));
        } else if (field.equals("gc-count")) {
            return counter.change(sumOverCollectors(GarbageCollectorMXBean::getCollectionCount));
        } else if (field.equals("class-count")) {
            return ManagementFactory.newPlatformMXBeanProxy(server, ManagementFactory.CLASS_LOADING_MXBEAN_NAME,
                    ClassLoadingMXBean.class).getLoadedClassCount();
        }
        CompilationMXBean jit = ManagementFactory.newPlatformMXBeanProxy(server,
                ManagementFactory.COMPILATION_MXBEAN_NAME, CompilationMXBean.class);
        return jit.isCompilationTimeMonitoringSupported() ? counter.change(jit.getTotalCompilationTime()) : Double.NaN;
    }

    /** The sum of one figure over every collector; a collector that cannot tell (-1) counts 0. */
    private long sumOverCollectors(ToLongFunction<GarbageCollectorMXBean> figure)
            throws IOException, MalformedObjectNameException {
        long sum = 0;
        for (GarbageCollectorMXBean gc : collectors()) {
            sum += Math.max(0, figure.applyAsLong(gc));
        }
        return sum;
    }

    private List<GarbageCollectorMXBean> collectors() throws IOException, MalformedObjectNameException {
        List<GarbageCollectorMXBean> result = new ArrayList<GarbageCollectorMXBean>();
        ObjectName pattern = new ObjectName(ManagementFactory.GARBAGE_COLLECTOR_MXBEAN_DOMAIN_TYPE + ",*");
        for (ObjectName name : server.queryNames(pattern, null)) {
            result.add(ManagementFactory.newPlatformMXBeanProxy(server, name.getCanonicalName(),
                    GarbageCollectorMXBean.class));
        }
        return result;
    }

    @Override
    public void close() {
        try {
            connector.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "closing a JMX connection failed", e);
        }
    }
}
