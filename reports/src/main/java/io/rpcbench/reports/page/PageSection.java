package io.rpcbench.reports.page;

/**
 * A section of the dashboard given as plain HTML, above the comparison: a table of text ({@link TableSection}) or a
 * chart drawn as SVG ({@link CurveChart}). Its HTML needs no script and has every text escaped.
 */
public interface PageSection {

    /** The section as HTML, every text escaped ({@link PageTemplate#escapeHtml}). */
    String html();
}
