package io.rpcbench.benchmark;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The least of a PerfMon agent, on 127.0.0.1, for the collector's tests: answers {@code test} with {@code Yep}, and
 * after {@code metrics:<spec>\t<spec>...} sends one line of values (one {@code 1} per metric) every
 * {@code interval:} seconds until the client says {@code exit} or goes. One thread per client; {@link #close()}
 * ends them all.
 */
final class FakePerfMonAgent implements AutoCloseable {

    private final ServerSocket server;
    private final ScheduledExecutorService lines = Executors.newScheduledThreadPool(1, daemon("fake-agent-lines"));

    private FakePerfMonAgent(ServerSocket server) {
        this.server = server;
        daemon("fake-agent-accept").newThread(this::accept).start();
    }

    /** Listens on {@code port} of 127.0.0.1 (0: a free one). */
    static FakePerfMonAgent start(int port) throws IOException {
        return new FakePerfMonAgent(new ServerSocket(port, 50, InetAddress.getLoopbackAddress()));
    }

    int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                daemon("fake-agent-client").newThread(() -> converse(client)).start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void converse(Socket client) {
        long intervalSeconds = 1;
        try (client; BufferedReader in = new BufferedReader(
                new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8))) {
            OutputStream out = client.getOutputStream();
            for (String line = in.readLine(); line != null && !line.equals("exit"); line = in.readLine()) {
                if (line.equals("test")) {
                    send(out, "Yep");
                } else if (line.startsWith("interval:")) {
                    intervalSeconds = Long.parseLong(line.substring("interval:".length()).trim());
                } else if (line.startsWith("metrics:")) {
                    String values = "1" + "\t1".repeat(line.split("\t").length - 1);
                    lines.scheduleAtFixedRate(() -> send(out, values), 0, intervalSeconds, TimeUnit.SECONDS);
                }
            }
        } catch (IOException e) {
            // the client went
        }
    }

    private static void send(OutputStream out, String line) {
        try {
            synchronized (out) {
                out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        } catch (IOException e) {
            throw new IllegalStateException("client gone", e); // ends this client's schedule
        }
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    @Override
    public void close() throws IOException {
        lines.shutdownNow();
        server.close();
    }
}
