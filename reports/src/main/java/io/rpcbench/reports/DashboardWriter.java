package io.rpcbench.reports;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes the dashboard as one HTML file: the page template (a resource beside this class, with the page's
 * style and script), Chart.js inlined ({@link ChartLibrary}) and the figures as JSON in a
 * {@code <script type="application/json">} element ({@link DashboardJson}). The page's script builds every
 * table and chart from that JSON, putting user text in with {@code textContent} only, and reports how it went
 * in {@code document.title}: {@code rpcbench-ok charts=N points=M}, or {@code rpcbench-error: ...}.
 */
public final class DashboardWriter {

    private static final String TEMPLATE = "dashboard.html";
    private static final Pattern PLACEHOLDER = Pattern.compile("@(TITLE|CHART_JS_VERSION|CHART_JS|DATA)@");

    private DashboardWriter() {}

    public static void write(DashboardData data, Path html) {
        String page = render(data);
        try {
            Path parent = html.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(html, page, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the dashboard to " + html + ": " + e.getMessage(), e);
        }
    }

    static String render(DashboardData data) {
        Map<String, String> values = Map.of(
                "TITLE", escapeHtml(data.title()),
                "CHART_JS_VERSION", escapeHtml(ChartLibrary.version()),
                "CHART_JS", ChartLibrary.script(),
                "DATA", DashboardJson.toJson(data));
        // One pass over the template: text put in (a title, a label) is never searched for placeholders again.
        Matcher placeholder = PLACEHOLDER.matcher(template());
        StringBuilder page = new StringBuilder();
        while (placeholder.find()) {
            placeholder.appendReplacement(page, Matcher.quoteReplacement(values.get(placeholder.group(1))));
        }
        placeholder.appendTail(page);
        return page.toString();
    }

    static String escapeHtml(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    private static String template() {
        try (InputStream in = DashboardWriter.class.getResourceAsStream(TEMPLATE)) {
            if (in == null) {
                throw new IllegalStateException(TEMPLATE + " is missing beside " + DashboardWriter.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the dashboard template", e);
        }
    }
}
