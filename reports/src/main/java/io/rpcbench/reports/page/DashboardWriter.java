package io.rpcbench.reports.page;

import io.rpcbench.reports.figures.DashboardData;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Writes the dashboard as one HTML file ({@link PageTemplate}): the page template (a resource beside this class,
 * with the page's style and script), Chart.js inlined ({@link ChartLibrary}) and the figures as JSON in a
 * {@code <script type="application/json">} element ({@link DashboardJson}). The page's script builds every
 * table and chart from that JSON (tables and charts given as {@link PageSection}s are plain HTML above them), putting user text in with {@code textContent} only, and reports how it went
 * in {@code document.title}: {@code rpcbench-ok charts=N points=M}, or {@code rpcbench-error: ...}.
 */
public final class DashboardWriter {

    private static final PageTemplate TEMPLATE = new PageTemplate(DashboardWriter.class, "dashboard.html", "dashboard");

    private DashboardWriter() {}

    public static void write(DashboardData data, Path html) {
        write(data, html, List.of());
    }

    /** Writes the page with {@code sections} above the comparison, each as plain HTML ({@link PageSection#html}). */
    public static void write(DashboardData data, Path html, List<? extends PageSection> sections) {
        StringBuilder tables = new StringBuilder();
        sections.forEach(section -> tables.append(section.html()));
        TEMPLATE.write(Map.of(
                "TITLE", PageTemplate.escapeHtml(data.title()),
                "SECTIONS", tables.toString(),
                "CHART_JS_VERSION", PageTemplate.escapeHtml(ChartLibrary.version()),
                "CHART_JS", ChartLibrary.script(),
                "DATA", DashboardJson.toJson(data)), html);
    }
}
