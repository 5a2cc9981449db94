package io.rpcbench.reports.page;

import io.rpcbench.reports.figures.DashboardData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The dashboard's figures as JSON ({@link HtmlSafeJson}): pretty-printed, in the records' declaration order, and
 * safe to embed in the page's {@code <script>} element, so a label such as {@code </script>} cannot end it
 * (labels and messages come from users).
 */
public final class DashboardJson {

    private DashboardJson() {}

    /** The figures as JSON text: what the page embeds and {@link #write} writes. */
    public static String toJson(DashboardData data) {
        return HtmlSafeJson.toJson(data, "the dashboard's figures");
    }

    /** Writes the figures alone, e.g. for other tools or for a golden test. */
    public static void write(DashboardData data, Path json) {
        try {
            Files.writeString(json, toJson(data) + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + json + ": " + e.getMessage(), e);
        }
    }
}
