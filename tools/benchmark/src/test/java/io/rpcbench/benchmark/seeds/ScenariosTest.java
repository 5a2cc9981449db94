package io.rpcbench.benchmark.seeds;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.Length;
import io.rpcbench.benchmark.scenario.Scenario;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every registered scenario promises the runner and the shortened test, at both lengths: a usable name, cells
 * with unique names (their results folders and dashboard runs) and places, and a nominal payload for each cell.
 */
class ScenariosTest {

    static List<Scenario> scenarios() {
        return Scenarios.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void hasACommandLineNameAndAOneLineSummary(Scenario scenario) {
        assertThat(scenario.name()).matches("[a-z0-9]+(-[a-z0-9]+)*");
        assertThat(scenario.summary()).isNotBlank().doesNotContain("\n");
        assertThat(Scenarios.named(scenario.name())).containsSame(scenario);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void cellsHaveUniqueNamesAndPlacesAndNameTheirPayloadAtBothLengths(Scenario scenario) {
        for (Length length : Length.values()) {
            List<Cell> cells = scenario.cells(length);

            assertThat(cells).as("%s %s", scenario.name(), length).isNotEmpty();
            assertThat(cells.stream().map(Cell::name).collect(Collectors.toSet())).hasSize(cells.size());
            Set<List<String>> places = cells.stream().map(c -> List.of(c.row(), c.column())).collect(Collectors.toSet());
            assertThat(places).hasSize(cells.size());
            assertThat(cells).allSatisfy(cell -> assertThat(cell.payloadBytes()).as(cell.name()).isPresent());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void fullRunsAtLeastAsLongAsShort(Scenario scenario) {
        List<Cell> shortCells = scenario.cells(Length.SHORT);
        List<Cell> fullCells = scenario.cells(Length.FULL);

        assertThat(fullCells.stream().mapToLong(c -> c.stop().runSeconds()).sum())
                .isGreaterThanOrEqualTo(shortCells.stream().mapToLong(c -> c.stop().runSeconds()).sum());
    }
}
