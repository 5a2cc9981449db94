package io.rpcbench.benchmark.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.benchmark.seeds.Seed003Scenario;
import io.rpcbench.reports.page.TableSection;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scenario table's text and dashboard section, sealed by a golden file: fixed runs, fixed notes, any locale. */
class ScenarioTableTest {

    private static final String JMETER_FAILED = "JMeter exited with code 1 running thrift-echo-100k.jmx";

    @TempDir
    Path dir;

    @Test
    void seed003TableMatchesTheGoldenTextInAnyLocale() throws IOException {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY); // decimal commas, if anything read the default locale
        try {
            assertThat(seed003Table().text().lines().toList()).isEqualTo(golden("seed-003-table.txt"));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void theDashboardSectionHasTheSameLinesUnderAColumnPerSystemSplitIntoOursAndSeed() throws IOException {
        ScenarioTable table = seed003Table();

        TableSection section = table.section();

        assertThat(section.id()).isEqualTo("scenario-seed-003");
        assertThat(section.headings().get(0)).containsExactly(new TableSection.Heading("", 2),
                new TableSection.Heading("Dubbo 3.3 hessian2", 2), new TableSection.Heading("Thrift 0.20 binary", 2));
        assertThat(section.headings().get(1)).extracting(TableSection.Heading::text)
                .containsExactly("row", "figure", "ours", "seed", "ours", "seed");
        assertThat(section.rows()).isEqualTo(table.rows());
        assertThat(section.notes()).isEqualTo(table.notes());
    }

    @Test
    void twoCellsInOnePlaceAreRefusedNamingThePlace() throws IOException {
        Cell first = Cell.of("echo 1k", "Dubbo", "dubbo-echo-1k");
        Cell second = Cell.of("echo 1k", "Dubbo", "dubbo-echo-100k");
        List<CellResult> results = RecordedCells.of(dir, List.of(first, second), new long[] {-1, -1}, "failed");

        assertThatThrownBy(() -> ScenarioTable.of("pair", "a pair", List.of(Figure.TPS), results))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("two cells of scenario 'pair' are at row 'echo 1k', column 'Dubbo'; expected one cell "
                        + "per place");
    }

    private ScenarioTable seed003Table() throws IOException {
        List<Cell> cells = new Seed003Scenario().cells(Length.SHORT);
        List<CellResult> results = RecordedCells.of(dir, cells, new long[] {1058, 102443, 1048, -1}, JMETER_FAILED);
        return new Seed003Scenario().table(results).withNote("ours: a test machine, 2 vCPUs");
    }

    private static List<String> golden(String name) throws IOException {
        try (InputStream in = ScenarioTableTest.class.getResourceAsStream(name)) {
            assertThat(in).as("golden file %s", name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}
