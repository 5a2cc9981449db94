package io.rpcbench.perf.agent;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One PerfMon client of an agent, as a JMeter PerfMon Metrics Collector is: it connects over TCP to
 * {@code 127.0.0.1:port}, asks {@code interval:1} and {@code metrics:<spec>\t<spec>...}, and then reads the lines
 * the agent streams, one per interval, on a thread of its own. It counts the lines that hold one field per spec, so
 * that a benchmark can prove the agent was working and not idle.
 *
 * <p>Order of calls: {@link #connect}, then {@link #lines()} as often as wanted, then {@link #close()}.
 */
final class MetricsClient implements AutoCloseable {

    private static final int CONNECT_TIMEOUT_MILLIS = 5_000;

    private final String name;
    private final Socket socket;
    private final int fields;
    private final AtomicLong lines = new AtomicLong();
    private final AtomicReference<String> badLine = new AtomicReference<>();
    private final Thread reader;
    private volatile boolean closing;

    private MetricsClient(String name, Socket socket, int fields) {
        this.name = name;
        this.socket = socket;
        this.fields = fields;
        this.reader = new Thread(this::read, name);
        reader.setDaemon(true);
    }

    /** Connects to the agent on {@code 127.0.0.1:port} and asks it to stream {@code specs} every second. */
    static MetricsClient connect(String name, int port, List<String> specs) throws IOException {
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress("127.0.0.1", port), CONNECT_TIMEOUT_MILLIS);
            OutputStream out = socket.getOutputStream();
            out.write(("interval:1\nmetrics:" + String.join("\t", specs) + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            socket.close();
            throw new IOException(name + ": cannot ask 127.0.0.1:" + port + " for metrics: " + e.getMessage(), e);
        }
        MetricsClient client = new MetricsClient(name, socket, specs.size());
        client.reader.start();
        return client;
    }

    /** The lines received so far with one field per spec. */
    long lines() {
        return lines.get();
    }

    /** The first line that did not hold one field per spec, or null. */
    String badLine() {
        return badLine.get();
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (fieldCount(line) == fields) {
                    lines.incrementAndGet();
                } else {
                    badLine.compareAndSet(null, line);
                }
            }
        } catch (SocketException e) {
            if (!closing) {
                badLine.compareAndSet(null, "(connection lost: " + e.getMessage() + ")");
            }
        } catch (IOException e) {
            badLine.compareAndSet(null, "(cannot read: " + e.getMessage() + ")");
        }
    }

    /** PerfMon lines end every field with a TAB: {@code 12.5\t40.1\t}; a field may be empty. */
    static int fieldCount(String line) {
        String[] parts = line.split("\t", -1);
        return line.endsWith("\t") ? parts.length - 1 : parts.length;
    }

    @Override
    public void close() throws IOException {
        closing = true;
        socket.close();
    }

    @Override
    public String toString() {
        return name;
    }
}
