package io.rpcbench.benchmark.seeds;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The seeds' tables as their golden tests expect them, from this package's resources ({@code seed-*-table.txt}). */
public final class GoldenTables {

    private GoldenTables() {}

    /** The lines of golden table {@code name}. */
    public static List<String> golden(String name) throws IOException {
        try (InputStream in = GoldenTables.class.getResourceAsStream(name)) {
            assertThat(in).as("golden file %s", name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}
