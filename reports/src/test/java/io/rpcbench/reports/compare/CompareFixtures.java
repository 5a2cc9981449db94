package io.rpcbench.reports.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The committed runs to compare, hand-written {@code dashboard.json} files with the fields the compare command
 * reads: {@code 2024-05-01-dubbo-2.7} (the baseline), {@code 2024-05-02-dubbo-3.3} and
 * {@code 2024-05-03-dubbo-3.3-tuned}. Tests copy them into a temporary {@code results} folder, as
 * {@code ./run-benchmark} lays runs out, so the page's default place and its links are the same on every machine.
 */
public final class CompareFixtures {

    static final Path RUNS = Path.of("src/test/resources/io/rpcbench/reports/compare/runs");
    static final List<String> NAMES = List.of("2024-05-01-dubbo-2.7", "2024-05-02-dubbo-3.3",
            "2024-05-03-dubbo-3.3-tuned");

    private CompareFixtures() {}

    /** Copies every fixture run into {@code dir/results}; returns that folder. */
    public static Path results(Path dir) {
        Path results = dir.resolve("results");
        try (Stream<Path> files = Files.walk(RUNS)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path copy = results.resolve(RUNS.relativize(file).toString());
                Files.createDirectories(copy.getParent());
                Files.copy(file, copy);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return results;
    }
}
