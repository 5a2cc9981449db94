package io.rpcbench.benchmark.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rows a scenario computes and adds to its table: placed after the cells' rows, refused when they do not fit. */
class ScenarioTableComputedRowTest {

    @TempDir
    Path dir;

    @Test
    void aComputedRowFollowsTheCellsRowsWithOursAndTheSeedsPerColumnAndBlanksWhereNoneIsGiven() throws IOException {
        ScenarioTable table = pair().withComputedRow("B vs A, %", List.of(
                new ScenarioTable.ComputedLine("TPS", Map.of("1k", "1.50", "50k", "-"), Map.of("1k", "2.00")),
                new ScenarioTable.ComputedLine("average ms", Map.of("50k", "-3.25"), Map.of())));

        assertThat(table.rows()).hasSize(4);
        assertThat(table.rows().get(2)).containsExactly("B vs A, %", "TPS", "1.50", "2.00", "-", "");
        assertThat(table.rows().get(3)).containsExactly("", "average ms", "", "", "-3.25", "");
        assertThat(table.section().rows()).isEqualTo(table.rows());
        assertThat(table.text()).containsPattern("(?m)^B vs A, % +TPS +1\\.50 +2\\.00 +-$");
    }

    @Test
    void aComputedRowNamingAColumnTheTableDoesNotHaveIsRefusedNamingIt() throws IOException {
        List<ScenarioTable.ComputedLine> lines = List.of(
                new ScenarioTable.ComputedLine("TPS", Map.of("200k", "1.00"), Map.of()));

        assertThatThrownBy(() -> pair().withComputedRow("B vs A, %", lines))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("computed row 'B vs A, %' names column '200k', which scenario 'pair' does not have; "
                        + "expected one of [1k, 50k]");
    }

    @Test
    void aComputedRowWithTheNameOfARowOrWithoutLinesIsRefused() throws IOException {
        List<ScenarioTable.ComputedLine> lines = List.of(new ScenarioTable.ComputedLine("TPS", Map.of(), Map.of()));

        assertThatThrownBy(() -> pair().withComputedRow("B", lines)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("scenario 'pair' already has a row 'B'; expected a computed row of its own name");
        assertThatThrownBy(() -> pair().withComputedRow("B vs A, %", List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("computed row 'B vs A, %' of scenario 'pair' has no lines; expected one per figure");
        assertThatThrownBy(() -> new ScenarioTable.ComputedLine(" ", Map.of(), Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a computed line's figure is ' '; expected a name");
    }

    /** Rows A and B, columns 1k and 50k, one figure (TPS). */
    private ScenarioTable pair() throws IOException {
        List<Cell> cells = List.of(Cell.of("A", "1k", "a-1k"), Cell.of("A", "50k", "a-50k"), Cell.of("B", "1k", "b-1k"),
                Cell.of("B", "50k", "b-50k"));
        return ScenarioTable.of("pair", "a pair", List.of(Figure.TPS),
                RecordedCells.of(dir, cells, new long[] {1024, 51200, 1024, 51200}, "unused"));
    }
}
