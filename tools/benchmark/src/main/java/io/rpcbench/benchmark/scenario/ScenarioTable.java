package io.rpcbench.benchmark.scenario;

import io.rpcbench.reports.page.TableSection;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A scenario's table in its seed's layout: the seed's rows (e.g. payloads) and columns (e.g. systems), each row a
 * group of lines, one per {@link Figure}, and under each column our figure beside the seed's published one. Cells
 * the scenario has no run for stay blank; an empty cell shows {@code empty [n]} and note n gives the measured
 * reason. A figure that no cell has, neither ours nor the seed's, gets no line, and a note names it. The notes say
 * how each cell ran and on what hardware the seeds' figures were taken; {@link #withNote} adds ours. Rows that
 * compare other rows (e.g. seed 000's percentages) are computed by the scenario and added by {@link #withComputedRow}.
 *
 * <p>Build it from the cells' results ({@link #of}), then render it as aligned text for the terminal ({@link #text})
 * or as a section of the run's dashboard ({@link #section}). Both depend only on the inputs, numbers in
 * {@link java.util.Locale#ROOT}, so a golden test seals them.
 *
 * <pre>{@code
 * ScenarioTable table = ScenarioTable.of("seed-003", "Dubbo hessian2 vs Thrift binary, echo", Figure.SEED_003, results)
 *         .withNote("ours: this machine, 2 cores");
 * System.out.print(table.text());
 * }</pre>
 */
public final class ScenarioTable {

    static final String ROW = "row";
    static final String FIGURE = "figure";
    public static final String OURS = "ours";
    static final String SEED = "seed";
    private static final String GAP = "  ";

    private final String name;
    private final String title;
    private final List<String> columns;
    private final List<List<String>> rows;
    private final List<String> notes;

    private ScenarioTable(String name, String title, List<String> columns, List<List<String>> rows,
            List<String> notes) {
        this.name = name;
        this.title = title;
        this.columns = List.copyOf(columns);
        this.rows = List.copyOf(rows);
        this.notes = List.copyOf(notes);
    }

    /**
     * The table of {@code results}: rows and columns in the order the cells first name them.
     *
     * @param name  the scenario's name, e.g. "seed-003"
     * @param title what the table compares, e.g. "Dubbo hessian2 vs Thrift binary, echo of 1 KiB and 100 KiB"
     */
    public static ScenarioTable of(String name, String title, List<Figure> figures, List<CellResult> results) {
        Set<String> rowNames = new LinkedHashSet<>();
        Set<String> columnNames = new LinkedHashSet<>();
        Map<List<String>, CellResult> byPlace = new LinkedHashMap<>();
        for (CellResult result : results) {
            Cell cell = result.cell();
            rowNames.add(cell.row());
            columnNames.add(cell.column());
            if (byPlace.putIfAbsent(List.of(cell.row(), cell.column()), result) != null) {
                throw new IllegalArgumentException("two cells of scenario '" + name + "' are at row '" + cell.row()
                        + "', column '" + cell.column() + "'; expected one cell per place");
            }
        }
        List<String> notes = new ArrayList<>();
        Map<CellResult, Integer> emptyNotes = new LinkedHashMap<>();
        for (CellResult result : byPlace.values()) {
            result.emptyReason().ifPresent(reason -> {
                emptyNotes.put(result, emptyNotes.size() + 1);
                Cell cell = result.cell();
                notes.add("[" + emptyNotes.size() + "] " + cell.row() + ", " + cell.column() + " (" + cell.name()
                        + "): empty: " + reason);
            });
        }
        List<List<String>> lines = new ArrayList<>();
        List<String> columnOrder = List.copyOf(columnNames);
        for (String row : rowNames) {
            List<List<String>> group = new ArrayList<>();
            for (Figure figure : figures) {
                List<String> line = new ArrayList<>(List.of("", figure.name()));
                boolean any = false;
                for (String column : columnOrder) {
                    CellResult result = byPlace.get(List.of(row, column));
                    Optional<String> ours = result == null || result.isEmpty() ? Optional.empty()
                            : figure.value().apply(result);
                    Optional<SeedColumn> seed = result == null ? Optional.empty() : result.cell().seed();
                    Optional<String> published = seed.map(s -> s.figures().get(figure.name()));
                    line.add(result == null || result.isEmpty() ? "" : ours.orElse("-"));
                    line.add(seed.isEmpty() ? "" : published.orElse("-"));
                    any |= ours.isPresent() || published.isPresent();
                }
                if (any) {
                    group.add(line);
                }
            }
            if (group.isEmpty()) { // every cell of the row empty, and no seed figure: one line for the reasons
                List<String> line = new ArrayList<>(List.of("", figures.get(0).name()));
                columnOrder.forEach(column -> line.addAll(List.of("", "")));
                group.add(line);
            }
            group.get(0).set(0, row);
            for (int c = 0; c < columnOrder.size(); c++) {
                CellResult result = byPlace.get(List.of(row, columnOrder.get(c)));
                if (result != null && result.isEmpty()) {
                    group.get(0).set(2 + 2 * c, "empty [" + emptyNotes.get(result) + "]");
                }
            }
            lines.addAll(group);
        }
        List<String> missing = figures.stream().map(Figure::name)
                .filter(figure -> lines.stream().noneMatch(line -> line.get(1).equals(figure))).toList();
        if (!missing.isEmpty()) {
            notes.add("no figures, ours or the seed's, for: " + String.join(", ", missing));
        }
        notes.addAll(howCellsRan(byPlace.values()));
        // The seeds' columns by hardware, so that columns taken on the same machines name them once.
        Map<String, Set<String>> seeds = new LinkedHashMap<>();
        byPlace.values().forEach(r -> r.cell().seed().ifPresent(s -> seeds
                .computeIfAbsent(s.hardware(), h -> new LinkedHashSet<>()).add(s.title())));
        seeds.forEach((hardware, titles) -> notes.add(String.join("; ", titles) + ": " + hardware));
        return new ScenarioTable(name, title, List.copyOf(columnNames), lines, notes);
    }

    /** "ours: ..." lines: one for all cells when they ran alike, else one per cell. */
    private static List<String> howCellsRan(Collection<CellResult> results) {
        Set<String> ways = new LinkedHashSet<>();
        results.forEach(r -> ways.add(way(r.cell())));
        if (ways.size() == 1) {
            return List.of(OURS + ": each cell " + ways.iterator().next());
        }
        List<String> notes = new ArrayList<>();
        results.forEach(r -> notes.add(OURS + ", " + r.cell().row() + ", " + r.cell().column() + ": "
                + way(r.cell())));
        return notes;
    }

    private static String way(Cell cell) {
        return cell.threads() + (cell.threads() == 1 ? " thread, " : " threads, ") + cell.stop().describe();
    }

    /**
     * One line of a row the scenario computes rather than measures ({@link #withComputedRow}): its figure's name and,
     * by column name, our value and the seed's published one; a column not in a map stays blank.
     */
    public record ComputedLine(String figure, Map<String, String> ours, Map<String, String> seed) {

        public ComputedLine {
            if (figure == null || figure.isBlank()) {
                throw new IllegalArgumentException("a computed line's figure is '" + figure + "'; expected a name");
            }
            ours = Map.copyOf(ours);
            seed = Map.copyOf(seed);
        }
    }

    /**
     * This table with one more row after the others, whose lines the scenario computed from the cells' figures
     * rather than a cell measured, e.g. a seed's percentage comparison of two of its rows.
     *
     * @throws IllegalArgumentException when the row is blank or already in the table, there are no lines, or a line
     *     names a column the table does not have
     */
    public ScenarioTable withComputedRow(String row, List<ComputedLine> lines) {
        if (row == null || row.isBlank()) {
            throw new IllegalArgumentException("a computed row of scenario '" + name + "' is named '" + row
                    + "'; expected a name");
        }
        if (rows.stream().anyMatch(line -> line.get(0).equals(row))) {
            throw new IllegalArgumentException("scenario '" + name + "' already has a row '" + row + "'; expected "
                    + "a computed row of its own name");
        }
        if (lines.isEmpty()) {
            throw new IllegalArgumentException("computed row '" + row + "' of scenario '" + name + "' has no lines; "
                    + "expected one per figure");
        }
        List<List<String>> more = new ArrayList<>(rows);
        for (ComputedLine computed : lines) {
            Set<String> named = new LinkedHashSet<>(computed.ours().keySet());
            named.addAll(computed.seed().keySet());
            named.stream().filter(column -> !columns.contains(column)).findFirst().ifPresent(column -> {
                throw new IllegalArgumentException("computed row '" + row + "' names column '" + column + "', which "
                        + "scenario '" + name + "' does not have; expected one of " + columns);
            });
            List<String> line = new ArrayList<>(List.of(more.size() == rows.size() ? row : "", computed.figure()));
            for (String column : columns) {
                line.add(computed.ours().getOrDefault(column, ""));
                line.add(computed.seed().getOrDefault(column, ""));
            }
            more.add(line);
        }
        return new ScenarioTable(name, title, columns, more, notes);
    }

    /** This table with one more note at the end, e.g. the hardware our figures were taken on. */
    public ScenarioTable withNote(String note) {
        List<String> more = new ArrayList<>(notes);
        more.add(note);
        return new ScenarioTable(name, title, columns, rows, more);
    }

    public String name() { return name; }

    /** The body's lines: row, figure, then per column ours and the seed's. */
    public List<List<String>> rows() { return rows; }

    public List<String> notes() { return notes; }

    /**
     * The table as aligned text, lines ending in the platform's line separator: a heading line, the columns' names
     * over their "ours" and "seed" halves, the lines, then the notes.
     */
    public String text() {
        List<String> second = new ArrayList<>(List.of(ROW, FIGURE));
        columns.forEach(c -> second.addAll(List.of(OURS, SEED)));
        int[] widths = new int[second.size()];
        for (List<String> line : concat(List.of(second), rows)) {
            for (int i = 0; i < line.size(); i++) {
                widths[i] = Math.max(widths[i], line.get(i).length());
            }
        }
        for (int c = 0; c < columns.size(); c++) {
            int ours = 2 + 2 * c;
            int span = widths[ours] + GAP.length() + widths[ours + 1];
            widths[ours + 1] += Math.max(0, columns.get(c).length() - span);
        }
        String newline = System.lineSeparator();
        StringBuilder out = new StringBuilder();
        out.append(name).append(": ").append(title).append(newline);
        StringBuilder first = new StringBuilder(pad("", widths[0], true) + GAP + pad("", widths[1], true));
        for (int c = 0; c < columns.size(); c++) {
            int ours = 2 + 2 * c;
            first.append(GAP).append(pad(columns.get(c), widths[ours] + GAP.length() + widths[ours + 1], false));
        }
        out.append(first.toString().stripTrailing()).append(newline);
        for (List<String> line : concat(List.of(second), rows)) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < line.size(); i++) {
                text.append(i == 0 ? "" : GAP).append(pad(line.get(i), widths[i], i < 2));
            }
            out.append(text.toString().stripTrailing()).append(newline);
        }
        notes.forEach(note -> out.append(note).append(newline));
        return out.toString();
    }

    /** The table as a section of the run's dashboard: the same lines and notes, every text escaped by the page. */
    public TableSection section() {
        List<TableSection.Heading> first = new ArrayList<>(List.of(new TableSection.Heading("", 2)));
        List<TableSection.Heading> second = new ArrayList<>(List.of(new TableSection.Heading(ROW, 1),
                new TableSection.Heading(FIGURE, 1)));
        for (String column : columns) {
            first.add(new TableSection.Heading(column, 2));
            second.add(new TableSection.Heading(OURS, 1));
            second.add(new TableSection.Heading(SEED, 1));
        }
        return new TableSection("scenario-" + name.replaceAll("[^A-Za-z0-9_-]", "-"),
                "Scenario " + name + ": " + title, List.of(first, second), 2, rows, notes);
    }

    private static List<List<String>> concat(List<List<String>> a, List<List<String>> b) {
        List<List<String>> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static String pad(String text, int width, boolean left) {
        String spaces = " ".repeat(Math.max(0, width - text.length()));
        return left ? text + spaces : spaces + text;
    }
}
