package io.rpcbench.agent.metric.jvm;

import io.rpcbench.agent.metric.RefusedException;
import java.io.IOException;
import java.util.regex.Pattern;
import javax.management.remote.JMXConnector;

/**
 * The agent's JMX connections unless it runs with {@code --allow-jmx-remote}: a {@code jmx:} spec may only name a
 * JVM on this host ({@code url=localhost:<port>}, {@code 127.x.y.z:<port>} or {@code [::1]:<port>}). Any client
 * of the agent chooses the URL, so without this rule the agent would open connections wherever a client tells it
 * (a fuzz test found it): to other hosts, or through arbitrary {@code service:jmx:} protocols.
 */
public final class LoopbackJmx implements JmxConnections {

    private static final Pattern LOOPBACK_HOST_PORT =
            Pattern.compile("(localhost|127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}|\\[::1\\]):\\d{1,5}");

    private final JmxConnections connections;

    public LoopbackJmx(JmxConnections connections) {
        this.connections = connections;
    }

    /** True for {@code host:port} on this host's loopback; names are not resolved. */
    public static boolean isLoopback(String url) {
        return LOOPBACK_HOST_PORT.matcher(url).matches();
    }

    @Override
    public JMXConnector connect(String url, String user, String password) throws IOException {
        if (!isLoopback(url)) {
            throw new RefusedException("jmx url '" + url + "' (expected localhost:<port>, 127.0.0.1:<port> or"
                    + " [::1]:<port>, a JVM on this host)", "--allow-jmx-remote");
        }
        return connections.connect(url, user, password);
    }
}
