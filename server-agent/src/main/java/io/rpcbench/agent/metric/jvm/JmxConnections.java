package io.rpcbench.agent.metric.jvm;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Opens the JMX connection of a {@code jmx:} spec. {@code url=host:port} means the usual RMI registry address
 * {@code service:jmx:rmi:///jndi/rmi://host:port/jmxrmi} (as in the original); a full {@code service:jmx:} URL is
 * used as it is. Tests replace this with one that returns the platform MBean server.
 */
public interface JmxConnections {

    JMXConnector connect(String url, String user, String password) throws IOException;

    /** Connections over JMX remote (RMI), with credentials when both user and password are given. */
    JmxConnections REMOTE = new JmxConnections() {
        @Override
        public JMXConnector connect(String url, String user, String password) throws IOException {
            String service = url.startsWith("service:jmx:") ? url : "service:jmx:rmi:///jndi/rmi://" + url + "/jmxrmi";
            Map<String, Object> environment = new HashMap<String, Object>();
            if (!user.isEmpty() && !password.isEmpty()) {
                environment.put(JMXConnector.CREDENTIALS, new String[] {user, password});
            }
            return JMXConnectorFactory.connect(new JMXServiceURL(service), environment);
        }
    };
}
