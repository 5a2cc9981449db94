package io.rpcbench.reports.page;

import io.rpcbench.reports.figures.DashboardData;
import java.util.List;
import java.util.Objects;

/**
 * A table of text the dashboard shows as a section of its own, above the comparison: e.g. a scenario's table in a
 * seed's layout, our figures beside the seed's. The page writes it as plain HTML ({@link #html}), every text
 * escaped, so it needs no script; it is not part of the dashboard's figures ({@link DashboardData}).
 *
 * <pre>{@code
 * TableSection section = new TableSection("seed-003", "Dubbo vs Thrift, echo",
 *         List.of(List.of(new TableSection.Heading("", 2), new TableSection.Heading("dubbo", 2))),
 *         2, List.of(List.of("echo 1k", "TPS", "24567.7", "2164.2")),
 *         List.of("seed 003: 2 vCPU QEMU guest"));
 * }</pre>
 *
 * @param id       the section's HTML id, for links (letters, digits, '-' and '_')
 * @param title    its heading
 * @param headings the head's rows, each of headings that span one or more columns
 * @param labelColumns how many cells at the start of each row are labels, left-aligned; the rest are right-aligned
 * @param rows     the body's rows of cells
 * @param notes    lines under the table
 */
public record TableSection(String id, String title, List<List<Heading>> headings, int labelColumns,
        List<List<String>> rows, List<String> notes) implements PageSection {

    /** A heading over {@code span} columns. */
    public record Heading(String text, int span) {

        public Heading {
            Objects.requireNonNull(text, "text");
            if (span < 1) {
                throw new IllegalArgumentException("heading '" + text + "' spans " + span + " columns; expected 1 or more");
            }
        }
    }

    public TableSection {
        Objects.requireNonNull(title, "title");
        if (id == null || !id.matches("[A-Za-z0-9_-]+")) {
            throw new IllegalArgumentException("table section id '" + id + "' is not usable in a page; expected "
                    + "letters, digits, '-' and '_'");
        }
        headings = List.copyOf(headings);
        rows = rows.stream().map(List::copyOf).toList();
        notes = List.copyOf(notes);
    }

    @Override
    public String html() {
        StringBuilder out = new StringBuilder();
        out.append("<section class=\"table-section\" id=\"").append(id).append("\">\n");
        out.append("<h2>").append(PageTemplate.escapeHtml(title)).append("</h2>\n");
        out.append("<div class=\"scroll\"><table>\n<thead>\n");
        for (List<Heading> row : headings) {
            out.append("<tr>");
            for (Heading heading : row) {
                out.append(heading.span() > 1 ? "<th colspan=\"" + heading.span() + "\">" : "<th>")
                        .append(PageTemplate.escapeHtml(heading.text())).append("</th>");
            }
            out.append("</tr>\n");
        }
        out.append("</thead>\n<tbody>\n");
        for (List<String> row : rows) {
            out.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                out.append(i < labelColumns ? "<td class=\"label\">" : "<td>")
                        .append(PageTemplate.escapeHtml(row.get(i))).append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table></div>\n");
        notes.forEach(note -> out.append("<p class=\"note\">").append(PageTemplate.escapeHtml(note)).append("</p>\n"));
        out.append("</section>\n");
        return out.toString();
    }
}
