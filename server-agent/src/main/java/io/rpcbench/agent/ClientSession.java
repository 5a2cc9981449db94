package io.rpcbench.agent;

import io.rpcbench.agent.MetricCatalog;
import io.rpcbench.agent.metric.Metric;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One client's conversation: the commands it sends and the lines the agent answers.
 *
 * <p>The listener calls {@link #handle} with each line it receives and {@link #close} when the client is gone.
 * Every command runs on this session's own thread, in order, and so do the readings for {@code metrics:}: a slow
 * metric (a JMX connect, an exec) delays only this client, and {@code interval:} changes only this client's pace.
 *
 * <p>Commands: {@code test} (answers {@code Yep}), {@code interval:<seconds>}, {@code metrics:<spec>\t<spec>...}
 * (streams one line per interval), {@code metrics-single:<specs>} (one line now, streaming untouched),
 * {@code exit}, and, only when allowed, {@code shutdown} and {@code udp-transmitter:<host>:<port>:<specs>}.
 * A command that is refused or malformed gets one line starting with {@code ERROR}.
 */
final class ClientSession {
    private static final Logger LOG = Logger.getLogger(ClientSession.class.getName());

    private final String client;
    private final Reply reply;
    private final MetricCatalog catalog;
    private final Permissions permissions;
    private final Control control;
    private final Runnable onExit;
    private final ScheduledExecutorService thread;
    private volatile long intervalMillis;
    private List<Metric> streamed = new ArrayList<Metric>();
    private ScheduledFuture<?> nextLine;

    ClientSession(String client, Reply reply, MetricCatalog catalog, Permissions permissions, Control control,
                  int intervalSeconds, Runnable onExit) {
        this.client = client;
        this.reply = reply;
        this.catalog = catalog;
        this.permissions = permissions;
        this.control = control;
        this.onExit = onExit;
        this.intervalMillis = intervalSeconds * 1000L;
        this.thread = Executors.newSingleThreadScheduledExecutor(new ThreadFactory() {
            @Override
            public Thread newThread(Runnable task) {
                Thread t = new Thread(task, "client " + ClientSession.this.client);
                t.setDaemon(true);
                return t;
            }
        });
    }

    /** Queues one received line (without its newline) for this session's thread. */
    void handle(final String line) {
        try {
            thread.execute(new Runnable() {
                @Override
                public void run() {
                    process(line);
                }
            });
        } catch (RejectedExecutionException e) {
            LOG.fine("client " + client + " is closed; ignored: " + line);
        }
    }

    /** This client's current pace; the UDP listener measures idleness in intervals. */
    long intervalMillis() {
        return intervalMillis;
    }

    /** Starts streaming the given specs at once (used by udp-transmitter, which has no command of its own). */
    void stream(final String specs) {
        thread.execute(new Runnable() {
            @Override
            public void run() {
                startStreaming(specs);
            }
        });
    }

    /** Closes the session and ends its connection (the agent is stopping). */
    void disconnect() {
        close();
        onExit.run();
    }

    /** Stops streaming and frees the session's thread and metrics; safe to call twice. */
    void close() {
        thread.shutdownNow();
        closeAll(streamed);
    }

    private void process(String raw) {
        String line = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
        if (line.trim().isEmpty()) {
            return;
        }
        int colon = line.indexOf(':');
        String command = (colon < 0 ? line : line.substring(0, colon)).trim();
        String params = colon < 0 ? "" : line.substring(colon + 1);
        LOG.fine("client " + client + " sent: " + line);
        try {
            if (command.equals("test")) {
                send("Yep");
            } else if (command.equals("interval")) {
                setInterval(params.trim());
            } else if (command.equals("metrics")) {
                startStreaming(params);
            } else if (command.equals("metrics-single")) {
                List<Metric> once = createAll(params);
                send(readAll(once));
                closeAll(once);
            } else if (command.equals("exit")) {
                LOG.info("client " + client + " said exit");
                close();
                onExit.run();
            } else if (command.equals("shutdown")) {
                shutdown();
            } else if (command.equals("udp-transmitter")) {
                startTransmitter(params);
            } else {
                refuse(command, "unknown command; expected test, interval:<seconds>, metrics:<specs>, "
                        + "metrics-single:<specs>, exit, shutdown or udp-transmitter:<host>:<port>:<specs>");
            }
        } catch (IOException e) {
            LOG.log(Level.INFO, "cannot answer client " + client + "; closing", e);
            close();
            onExit.run();
        }
    }

    private void setInterval(String seconds) throws IOException {
        try {
            int value = Integer.parseInt(seconds);
            if (value < 1) {
                throw new NumberFormatException();
            }
            intervalMillis = value * 1000L;
            LOG.info("client " + client + " interval is " + value + " s");
        } catch (NumberFormatException e) {
            refuse("interval", "expected a whole number of seconds from 1, got '" + seconds + "'");
        }
    }

    private void startStreaming(String specs) {
        LOG.info("client " + client + " streams: " + specs.replace('\t', ' '));
        closeAll(streamed);
        streamed = createAll(specs);
        if (nextLine == null) {
            nextLine = thread.schedule(new Runnable() {
                @Override
                public void run() {
                    streamOneLine();
                }
            }, intervalMillis, TimeUnit.MILLISECONDS);
        }
    }

    private void streamOneLine() {
        long start = System.currentTimeMillis();
        try {
            send(readAll(streamed));
        } catch (IOException e) {
            LOG.log(Level.INFO, "cannot stream to client " + client + "; closing", e);
            close();
            onExit.run();
            return;
        }
        long spent = System.currentTimeMillis() - start;
        if (!thread.isShutdown()) {
            nextLine = thread.schedule(new Runnable() {
                @Override
                public void run() {
                    streamOneLine();
                }
            }, Math.max(0, intervalMillis - spent), TimeUnit.MILLISECONDS);
        }
    }

    private void shutdown() throws IOException {
        if (!permissions.shutdown) {
            refuse("shutdown", "refused: this agent was started without --allow-shutdown");
            return;
        }
        LOG.warning("client " + client + " shut the agent down (--allow-shutdown)");
        control.shutdown();
    }

    private void startTransmitter(String params) throws IOException {
        if (!permissions.udpTransmitter) {
            refuse("udp-transmitter", "refused: this agent was started without --allow-udp-transmitter");
            return;
        }
        String[] parts = params.split(":", 3);
        int port;
        try {
            port = parts.length == 3 ? Integer.parseInt(parts[1].trim()) : -1;
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 1 || port > 65535 || parts[0].trim().isEmpty()) {
            refuse("udp-transmitter", "expected udp-transmitter:<host>:<port 1-65535>:<specs>, got '" + params + "'");
            return;
        }
        InetSocketAddress target = new InetSocketAddress(parts[0].trim(), port);
        LOG.warning("client " + client + " starts a UDP transmitter to " + target + " (--allow-udp-transmitter)");
        control.startTransmitter(target, parts[2]);
    }

    private void refuse(String command, String why) throws IOException {
        LOG.warning("client " + client + ": " + command + ": " + why);
        send("ERROR " + command + ": " + why);
    }

    private List<Metric> createAll(String specs) {
        List<Metric> metrics = new ArrayList<Metric>();
        for (String spec : specs.split("\t")) {
            metrics.add(catalog.create(spec));
        }
        return metrics;
    }

    private String readAll(List<Metric> metrics) {
        double[] values = new double[metrics.size()];
        for (int i = 0; i < values.length; i++) {
            try {
                values[i] = metrics.get(i).read();
            } catch (Exception e) {
                LOG.log(Level.FINE, "metric " + i + " of client " + client + " unreadable now", e);
                values[i] = Double.NaN;
            }
        }
        return MetricsLine.format(values);
    }

    private static void closeAll(List<Metric> metrics) {
        for (Metric metric : metrics) {
            metric.close();
        }
    }

    private void send(String line) throws IOException {
        reply.send(line);
    }
}
