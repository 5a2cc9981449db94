package io.rpcbench.benchmark.seeds.seed004;

import io.rpcbench.benchmark.scenario.AfterPlan;
import io.rpcbench.benchmark.scenario.CellContext;
import io.rpcbench.discovery.DiscoveryFigure;
import io.rpcbench.discovery.FiguresEndpoint;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * After a discovery cell's plan, while its consumer still runs: reads the consumer's resident memory from
 * {@code /proc/<pid>/status} ({@code VmRSS}, and its peak {@code VmHWM}), its own figures ({@code GET /figures?final}:
 * GCs, addresses held, calls, and its live heap, read after a full collection it runs for this read only), and the
 * peers of its TCP connections ({@code ss -tanp}, by its PID), and the registry farm's figures ({@code GET /figures}:
 * its address changes and failed steps, and connections to the fake instances it listens on), and writes them with
 * the set-up's figures into {@value #FILE} in the cell's folder, where the scenario's figures read them
 * ({@link #read}), each under its {@link DiscoveryFigure} key. A figure that cannot be read is left out, and the step
 * says why in the file ({@code unread.NAME}).
 */
final class DiscoveryFiguresStep implements AfterPlan {

    static final String FILE = "discovery-figures.properties";

    /** The set-up's plan properties copied into the file, {@code discovery.} and the figure's key. */
    private static final List<DiscoveryFigure> SETUP = List.of(DiscoveryFigure.URLS, DiscoveryFigure.INSTANCES,
            DiscoveryFigure.FILL_MS, DiscoveryFigure.REFER_MS);

    @Override
    public void run(CellContext context) throws IOException {
        Properties figures = new Properties();
        Optional<Long> pid = context.property("discovery.consumer.pid").filter(p -> p.matches("[0-9]+"))
                .map(Long::valueOf);
        for (DiscoveryFigure figure : SETUP) {
            context.property("discovery." + figure.key()).ifPresent(value -> figures.setProperty(figure.key(), value));
        }
        if (pid.isEmpty()) {
            figures.setProperty("unread.consumer", "the cell's properties name no discovery.consumer.pid");
        } else {
            readStatus(pid.get(), figures);
            readPeers(pid.get(), figures);
        }
        Optional<String> url = context.property("discovery.figures.url");
        if (url.isEmpty()) {
            figures.setProperty("unread.figures", "the cell's properties name no discovery.figures.url");
        } else {
            // the consumer's final read adds its live heap
            readFigures(url.get() + "?" + FiguresEndpoint.FINAL_QUERY, figures, "unread.figures");
        }
        Optional<String> farm = context.property("discovery.farm.figures.url");
        if (farm.isEmpty()) {
            figures.setProperty("unread.farm", "the cell's properties name no discovery.farm.figures.url");
        } else {
            readFigures(farm.get(), figures, "unread.farm");
        }
        Files.createDirectories(context.folder());
        try (OutputStream out = Files.newOutputStream(context.folder().resolve(FILE))) {
            figures.store(out, "seed-004-discovery: the consumer's figures at the end of the plan");
        }
    }

    /** The figures of a cell's folder, when the step wrote them. */
    static Optional<Properties> read(Path folder) {
        Path file = folder.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties figures = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            figures.load(in);
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.of(figures);
    }

    private static void readStatus(long pid, Properties figures) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:") || line.startsWith("VmHWM:")) {
                    String kib = line.replaceAll("[^0-9]", "");
                    figures.setProperty((line.startsWith("VmRSS:") ? DiscoveryFigure.RSS_KIB
                            : DiscoveryFigure.RSS_PEAK_KIB).key(), kib);
                }
            }
        } catch (IOException e) {
            figures.setProperty("unread.rss", "/proc/" + pid + "/status: " + e);
        }
    }

    /**
     * The consumer's TCP peers by address: {@code peers} lists them with their connection counts, {@code fake_peers}
     * counts connections to any loopback address other than 127.0.0.1 (the fake instances live on 127.0.x.y, x from 1):
     * a connection held at the end; a dial refused leaves none, which the farm's listeners count instead.
     */
    private static void readPeers(long pid, Properties figures) {
        try {
            Process ss = new ProcessBuilder("ss", "-tanpH").redirectErrorStream(true).start();
            String output = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (ss.waitFor() != 0) {
                figures.setProperty("unread.peers", "ss -tanpH exited with " + ss.exitValue() + ": " + output.trim());
                return;
            }
            Map<String, Integer> peers = new TreeMap<>();
            int fake = 0;
            for (String line : output.split("\n")) {
                if (!line.contains("pid=" + pid + ",")) {
                    continue;
                }
                String[] columns = line.trim().split("\\s+");
                if (columns.length < 5) {
                    continue;
                }
                String peer = columns[4].substring(0, columns[4].lastIndexOf(':')).replaceAll("^\\[|\\]$", "")
                        .replace("::ffff:", "");
                if (columns[0].equals("LISTEN")) {
                    continue;
                }
                peers.merge(peer, 1, Integer::sum);
                if (peer.startsWith("127.") && !peer.equals("127.0.0.1")) {
                    fake++;
                }
            }
            figures.setProperty(DiscoveryFigure.PEERS.key(), peers.toString());
            figures.setProperty(DiscoveryFigure.FAKE_PEERS.key(), Integer.toString(fake));
        } catch (IOException e) {
            figures.setProperty("unread.peers", "ss -tanpH: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            figures.setProperty("unread.peers", "interrupted");
        }
    }

    /** The {@code name=value} lines at {@code url} into {@code figures}; why not under {@code unread} when unread. */
    private static void readFigures(String url, Properties figures, String unread) {
        try {
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
            HttpResponse<String> answer = client.send(HttpRequest.newBuilder(URI.create(url))
                    .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200) {
                figures.setProperty(unread, url + " answered " + answer.statusCode());
                return;
            }
            Properties consumer = new Properties();
            consumer.load(new StringReader(answer.body()));
            consumer.forEach((name, value) -> figures.setProperty((String) name, (String) value));
        } catch (IOException e) {
            figures.setProperty(unread, url + ": " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            figures.setProperty(unread, "interrupted");
        }
    }
}
