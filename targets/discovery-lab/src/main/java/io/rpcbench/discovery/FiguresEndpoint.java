package io.rpcbench.discovery;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * The consumer's or the registry farm's figures over HTTP on 127.0.0.1: {@code GET /figures} answers {@code name=value}
 * lines, as a properties file reads them. The benchmark's plan reads it while the scenario runs, and once more at its end with
 * {@code ?}{@value #FINAL_QUERY}, where the figures may include what costs the process to measure (the consumer's live
 * heap: a full collection).
 *
 * <p>Order of calls: {@link #start}, {@link #port}, {@link #close}. The figures' names are {@link DiscoveryFigure}'s.
 */
public final class FiguresEndpoint implements AutoCloseable {

    public static final String PATH = "/figures";
    /** The query of the final read. */
    public static final String FINAL_QUERY = "final";

    private final HttpServer server;

    private FiguresEndpoint(HttpServer server) {
        this.server = server;
    }

    /** @param figures the figures, given whether this is the final read ({@code ?}{@value #FINAL_QUERY}) */
    static FiguresEndpoint start(int port, Function<Boolean, Map<String, String>> figures) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.createContext(PATH, exchange -> {
            StringBuilder text = new StringBuilder();
            boolean last = FINAL_QUERY.equals(exchange.getRequestURI().getQuery());
            figures.apply(last).forEach((name, value) -> text.append(name).append('=').append(value).append('\n'));
            byte[] body = text.toString().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.setExecutor(Executors.newSingleThreadExecutor(r -> new Thread(r, "figures")));
        server.start();
        return new FiguresEndpoint(server);
    }

    int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
