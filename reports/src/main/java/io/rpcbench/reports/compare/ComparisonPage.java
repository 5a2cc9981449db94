package io.rpcbench.reports.compare;

import io.rpcbench.reports.page.HtmlSafeJson;
import io.rpcbench.reports.page.PageTemplate;
import java.nio.file.Path;
import java.util.Map;

/**
 * Writes the comparison as one self-contained HTML file, as the dashboard is written ({@link PageTemplate}): the
 * page template (the resource {@code compare.html} beside this class, with its style and script) and the
 * {@link RunComparison} as JSON ({@link HtmlSafeJson}, so a run named {@code </script>} cannot end the element) in
 * a {@code <script type="application/json" id="comparison-data">} element. The page's script builds the table
 * from that JSON, putting text in with {@code textContent} only, colours each verdict by its kind and reports how
 * it went in {@code #rpcbench-status}: {@code rpcbench-ok rows=N verdicts=M}, or {@code rpcbench-error: ...}.
 * Nothing is fetched from the network.
 */
final class ComparisonPage {

    private static final PageTemplate TEMPLATE = new PageTemplate(ComparisonPage.class, "compare.html",
            "comparison page");

    private ComparisonPage() {}

    static void write(RunComparison comparison, Path html) {
        TEMPLATE.write(Map.of(
                "TITLE", PageTemplate.escapeHtml(comparison.title()),
                "DATA", HtmlSafeJson.toJson(comparison, "the comparison")), html);
    }
}
