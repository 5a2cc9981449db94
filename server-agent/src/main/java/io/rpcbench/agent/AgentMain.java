package io.rpcbench.agent;

import io.rpcbench.agent.MetricCatalog;
import io.rpcbench.agent.host.OshiHost;
import io.rpcbench.agent.host.SharedReadings;
import io.rpcbench.agent.metric.jvm.JmxConnections;
import io.rpcbench.agent.metric.jvm.LoopbackJmx;
import java.io.IOException;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * {@code java -jar rpcbench-server-agent.jar [options]} (or {@code startAgent.sh}): starts the agent, prints one
 * ready line on stdout ({@code rpcbench-agent ready tcp=127.0.0.1:4444 udp=127.0.0.1:4444}), logs to stderr, and
 * stops on SIGTERM. Exit status: 0 after a stop, 1 when a port cannot be bound, 2 on a bad command line.
 */
public final class AgentMain {
    private AgentMain() {
    }

    public static void main(String[] args) {
        AgentOptions options;
        try {
            options = AgentOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("rpcbench-agent: " + e.getMessage());
            System.err.println(AgentOptions.USAGE);
            System.exit(2);
            return;
        }
        if (options.help) {
            System.out.println(AgentOptions.USAGE);
            return;
        }
        configureLogging(options.logLevel);
        Logger log = Logger.getLogger(AgentMain.class.getName());

        OshiHost host = new OshiHost();
        if (options.sysinfo) {
            for (String line : host.describe()) {
                log.info("sysinfo: " + line);
            }
        }
        final Agent agent;
        try {
            JmxConnections jmx = options.allowJmxRemote ? JmxConnections.REMOTE : new LoopbackJmx(JmxConnections.REMOTE);
            // Shared: the clients' lines that are due together read the machine once (SharedReadings says why).
            agent = new Agent(options, new MetricCatalog(new SharedReadings(host), jmx, options.allowExec,
                    options.allowTail));
            agent.start();
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("rpcbench-agent: cannot start on " + options.bind + " (tcp " + options.tcpPort
                    + ", udp " + options.udpPort + "): " + e);
            System.exit(1);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(new Runnable() {
            @Override
            public void run() {
                agent.stop();
            }
        }, "agent-stop"));
        if (!options.bind.equals("127.0.0.1") && !options.bind.equals("localhost")) {
            log.warning("listening on " + options.bind + ": every host that reaches it can read this host's metrics"
                    + (options.allowClients.isEmpty() ? " (no --allow-clients list)" : ""));
        }
        System.out.println(agent.readyLine());
        System.out.flush();
        try {
            agent.awaitStop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        log.info("stopped");
    }

    private static void configureLogging(Level level) {
        Logger root = Logger.getLogger("");
        for (Handler handler : root.getHandlers()) {
            root.removeHandler(handler);
        }
        ConsoleHandler stderr = new ConsoleHandler();
        stderr.setLevel(level);
        stderr.setFormatter(new Formatter() {
            @Override
            public String format(LogRecord record) {
                String line = String.format("%1$tF %1$tT %2$s %3$s: %4$s%n", record.getMillis(),
                        record.getLevel().getName(), shortName(record.getLoggerName()), formatMessage(record));
                if (record.getThrown() != null) {
                    line += "    " + record.getThrown() + System.lineSeparator();
                }
                return line;
            }
        });
        root.addHandler(stderr);
        root.setLevel(level);
        // OSHI is chatty at debug level about every file it cannot read in a container.
        Logger.getLogger("oshi").setLevel(level.intValue() < Level.INFO.intValue() ? Level.INFO : level);
    }

    private static String shortName(String logger) {
        return logger == null ? "" : logger.substring(logger.lastIndexOf('.') + 1);
    }
}
