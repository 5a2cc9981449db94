package io.rpcbench.reports.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The comparison as one plain-text table for the terminal: a line per metric of each compared scenario and system
 * (scenario and system on the first), the baseline's value, then per other run its value, its difference in % and
 * the verdict; then the scenarios and systems not compared and the notes. Numbers in {@link Locale#ROOT}; lines end
 * in {@code \n}.
 *
 * <pre>
 * Baseline: 2024-05-01-dubbo-2.7; compared: 2024-05-02-dubbo-3.3
 * ...
 * scenario   system  metric    2024-05-01-dubbo-2.7  2024-05-02-dubbo-3.3        %  verdict
 * echo-1k    dubbo   TPS                    12293.3               14507.9  +18.0 %  better: TPS +18.0 % (noise +/-1...
 *                    mean ms                   1.62                  1.37  -15.4 %  better: mean ms -15.4 % (noise ...
 * </pre>
 */
final class ComparisonText {

    private static final String GAP = "  ";

    private ComparisonText() {}

    static String render(RunComparison comparison) {
        StringBuilder out = new StringBuilder();
        List<String> others = comparison.runs().subList(1, comparison.runs().size()).stream()
                .map(RunComparison.Run::name).toList();
        out.append("Baseline: ").append(comparison.baseline()).append("; compared: ")
                .append(String.join(", ", others)).append('\n');
        out.append("% = (run - baseline) / baseline * 100; verdicts weigh it against the runs' noise bands "
                + "(see: compare --help)\n\n");
        if (comparison.rows().isEmpty()) {
            out.append("No scenario and system of the baseline is in another run: nothing to compare.\n");
        } else {
            table(comparison).forEach(line -> out.append(line).append('\n'));
        }
        if (!comparison.notCompared().isEmpty()) {
            out.append("\nNot compared (the baseline and another run need the same scenario and system):\n");
            comparison.notCompared().forEach(n -> out.append("  ").append(n.scenario()).append(" / ")
                    .append(n.system()).append(": only in ").append(String.join(", ", n.onlyIn())).append('\n'));
        }
        if (!comparison.notes().isEmpty()) {
            out.append("\nNotes:\n");
            comparison.notes().forEach(n -> out.append("  ").append(n).append('\n'));
        }
        return out.toString();
    }

    private static List<String> table(RunComparison comparison) {
        List<String> header = new ArrayList<>(List.of("scenario", "system", "metric", comparison.baseline()));
        comparison.runs().subList(1, comparison.runs().size()).forEach(r -> header.addAll(List.of(r.name(), "%",
                "verdict")));
        List<List<String>> lines = new ArrayList<>();
        lines.add(header);
        for (RunComparison.Row row : comparison.rows()) {
            if (lines.size() > 1) {
                lines.add(null);
            }
            boolean first = true;
            for (RunComparison.MetricRow metric : row.metrics()) {
                List<String> line = new ArrayList<>(List.of(first ? row.scenario() : "", first ? row.system() : "",
                        metric.metric(), value(metric, 0)));
                for (int i = 1; i < metric.values().size(); i++) {
                    line.add(value(metric, i));
                    Double difference = metric.differences().get(i);
                    line.add(difference == null ? "-" : String.format(Locale.ROOT, "%+.1f %%", difference));
                    line.add(metric.verdicts().get(i).text());
                }
                lines.add(line);
                first = false;
            }
        }
        return align(lines);
    }

    private static String value(RunComparison.MetricRow metric, int run) {
        return Metric.format(metric.decimals(), metric.values().get(run));
    }

    /** Text columns (scenario, system, metric, verdicts) to the left, numbers to the right; null is a blank line. */
    private static List<String> align(List<List<String>> lines) {
        int columns = lines.get(0).size();
        int[] width = new int[columns];
        for (List<String> line : lines) {
            for (int c = 0; line != null && c < columns; c++) {
                width[c] = Math.max(width[c], line.get(c).length());
            }
        }
        List<String> out = new ArrayList<>();
        for (List<String> line : lines) {
            if (line == null) {
                out.add("");
                continue;
            }
            StringBuilder text = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                boolean left = c < 3 || (c > 3 && (c - 4) % 3 == 2);
                String cell = line.get(c);
                String pad = " ".repeat(width[c] - cell.length());
                text.append(c == 0 ? "" : GAP).append(left ? cell + pad : pad + cell);
            }
            out.add(text.toString().stripTrailing());
        }
        return out;
    }
}
