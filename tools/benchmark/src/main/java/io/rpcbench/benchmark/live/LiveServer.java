package io.rpcbench.benchmark.live;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.rpcbench.reports.page.ChartLibrary;
import io.rpcbench.reports.page.PageTemplate;
import io.rpcbench.seconds.LiveMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The live dashboard of a run: an HTTP server (the JDK's own) on loopback unless told otherwise, serving the page
 * ({@code /}), its data ({@code /live.json}) and the Prometheus export ({@code /metrics}), and taking the JMeter
 * engines' messages ({@link LiveMessage}) at a path with a random token of this run ({@link #ingestAddress()}), or
 * from files in a folder ({@link FolderIngest}) where the engines cannot reach it. Only GET of those three and POST
 * to that one are answered; anything else gets 404 or 405. The page is one self-contained file (Chart.js inlined),
 * so it opens from a browser with no network.
 *
 * <p>Order of calls: {@link #start}, hand {@link #ingestAddress()} to the engines, feed {@link #run()}, then
 * {@link #close}.
 */
public final class LiveServer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final ExecutorService threads;
    private final LiveRun run;
    private final String token;
    private final byte[] page;
    private final String host;
    private FolderIngest folderIngest;
    private volatile long lastPolledMs;

    private LiveServer(HttpServer server, ExecutorService threads, LiveRun run, String token, byte[] page,
            String host) {
        this.server = server;
        this.threads = threads;
        this.run = run;
        this.token = token;
        this.page = page;
        this.host = host;
    }

    /**
     * Starts serving {@code run} on {@code bind}:{@code port}; when that port is in use, on a free one, which
     * {@code out} is told.
     *
     * @param port 0 for any free port
     */
    public static LiveServer start(LiveRun run, InetAddress bind, int port, PrintWriter out) throws IOException {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(bind, port), 16);
        } catch (BindException inUse) {
            server = HttpServer.create(new InetSocketAddress(bind, 0), 16);
            out.printf("Live dashboard: port %d is in use (%s); it serves on port %d instead%n", port,
                    inUse.getMessage(), server.getAddress().getPort());
        }
        byte[] random = new byte[16];
        new SecureRandom().nextBytes(random);
        String token = HexFormat.of().formatHex(random);
        byte[] page = page();
        ExecutorService threads = Executors.newFixedThreadPool(2, task -> {
            Thread thread = new Thread(task, "rpcbench live dashboard");
            thread.setDaemon(true);
            return thread;
        });
        LiveServer live = new LiveServer(server, threads, run, token, page, bind.getHostAddress());
        server.createContext("/", live::handle);
        server.setExecutor(threads);
        server.start();
        return live;
    }

    private static byte[] page() {
        return new PageTemplate(LiveServer.class, "live.html", "live page")
                .fill(Map.of("CHART_JS", ChartLibrary.script())).getBytes(StandardCharsets.UTF_8);
    }

    /** The page's address, e.g. {@code http://127.0.0.1:7272/}. */
    public String address() {
        String shown = host.contains(":") ? "[" + host + "]" : host;
        return "http://" + shown + ":" + port() + "/";
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** Where the engines POST their messages: a path with this run's token, so nothing else can post into it. */
    public String ingestAddress() {
        return address() + "ingest/" + token;
    }

    public LiveRun run() {
        return run;
    }

    /**
     * Writes what the page shows of plan {@code name} (its window's figures per label, its seconds, its spikes) to
     * {@code file}: the plan's live figures, kept beside its JTL.
     */
    public void writePlan(String name, Path file) throws IOException {
        Optional<Map<String, Object>> view = run.planView(name);
        if (view.isPresent()) {
            JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), view.get());
        }
    }

    /** Whether a page asked for the run's data in the last {@code ms}: someone is watching. */
    public boolean watchedWithin(long ms) {
        return System.currentTimeMillis() - lastPolledMs <= ms;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            String method = exchange.getRequestMethod();
            exchange.getResponseHeaders().add("X-Content-Type-Options", "nosniff");
            exchange.getResponseHeaders().add("Cache-Control", "no-store");
            if (path.equals("/ingest/" + token)) {
                if (!method.equals("POST")) {
                    notAllowed(exchange, "POST");
                    return;
                }
                ingest(exchange);
                return;
            }
            byte[] body;
            String type;
            switch (path) {
                case "/", "/index.html" -> {
                    body = page;
                    type = "text/html; charset=utf-8";
                    // The page's own inline script and style, its data from here; nothing from anywhere else.
                    exchange.getResponseHeaders().add("Content-Security-Policy", "default-src 'none'; "
                            + "script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; "
                            + "img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
                }
                case "/live.json" -> {
                    lastPolledMs = System.currentTimeMillis();
                    body = JSON.writeValueAsBytes(run.view());
                    type = "application/json";
                }
                case "/metrics" -> {
                    body = PrometheusText.of(run).getBytes(StandardCharsets.UTF_8);
                    type = "text/plain; version=0.0.4; charset=utf-8";
                }
                default -> {
                    send(exchange, 404, "text/plain; charset=utf-8", "not found\n".getBytes(StandardCharsets.UTF_8));
                    return;
                }
            }
            if (!method.equals("GET") && !method.equals("HEAD")) {
                notAllowed(exchange, "GET, HEAD");
                return;
            }
            send(exchange, 200, type, method.equals("HEAD") ? null : body);
        } catch (RuntimeException e) {
            // a bug here must not end the server's thread: the page says the server failed, the run goes on
            send(exchange, 500, "text/plain; charset=utf-8", ("live dashboard error: " + e)
                    .getBytes(StandardCharsets.UTF_8));
        }
    }

    private void ingest(HttpExchange exchange) throws IOException {
        LiveMessage message;
        try (InputStream in = exchange.getRequestBody()) {
            message = JSON.readValue(in, LiveMessage.class);
        } catch (IOException | IllegalArgumentException e) {
            send(exchange, 400, "text/plain; charset=utf-8", ("not a live figures message: " + e.getMessage())
                    .getBytes(StandardCharsets.UTF_8));
            return;
        }
        run.accept(message);
        send(exchange, 204, "text/plain", null);
    }

    private static void notAllowed(HttpExchange exchange, String allowed) throws IOException {
        exchange.getResponseHeaders().add("Allow", allowed);
        send(exchange, 405, "text/plain; charset=utf-8", "method not allowed\n".getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        if (body == null) {
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
    }

    /** Stops serving; a page open on it then says the server does not answer. */
    @Override
    public synchronized void close() {
        if (folderIngest != null) {
            folderIngest.close();
        }
        server.stop(0);
        threads.shutdownNow();
    }

    /**
     * A {@code file:} address of {@code folder}, whose message files this server reads from now on
     * ({@link FolderIngest}): for engines that share this machine's disk but not its loopback.
     */
    public synchronized String folderAddress(Path folder) {
        if (folderIngest == null || !folderIngest.folder().equals(folder)) {
            if (folderIngest != null) {
                folderIngest.close();
            }
            try {
                Files.createDirectories(folder);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot make the live figures' folder " + folder, e);
            }
            folderIngest = FolderIngest.start(folder, run);
        }
        return folderIngest.address();
    }

    /** Reads what the engines have written to the folder and not been read yet (after JMeter has exited). */
    public synchronized void drain() {
        if (folderIngest != null) {
            try {
                folderIngest.drain();
            } catch (IOException e) {
                // the page lacks those messages; the job's check of the live figures against the JTL says so
            }
        }
    }
}
