package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.scenario.CellResult;
import org.junit.jupiter.api.Test;

/**
 * Seed 003 shortened through {@code --scenario}: its four cells filled with the payloads they name, its table
 * printed with the seed's figures beside ours, and the table as the first section of the run's dashboard.
 */
class Seed003ScenarioIT {

    @Test
    void everyCellIsFilledWithThePayloadItNamesAndTheTableIsPrintedAndOnTheDashboard() throws Exception {
        ScenarioShortRun.Result run = ScenarioShortRun.run("seed-003");

        ScenarioShortRun.assertEveryCellFilled(run);
        assertThat(run.cells()).extracting(r -> r.cell().name())
                .containsExactlyElementsOf(BenchmarkCommand.SEED_003_PLANS);
        assertThat(run.cells()).allSatisfy(cell -> assertThat(cell.providerThreads()).isPresent());
        assertThat(run.output()).containsPattern("(?m)^echo 1k +samples +[1-9][0-9]* +1298522 +[1-9][0-9]* +-$")
                .containsPattern("(?m)^ +TPS +[0-9.]+ +132\\.4 +[0-9.]+ +-$")
                .contains("seed 003: Dubbo 2.7.13 hessian2; seed 003: Thrift: provider: 2 vCPU QEMU");
        String page = java.nio.file.Files.readString(run.results().resolve("dashboard.html"));
        assertThat(page).contains("<section class=\"table-section\" id=\"scenario-seed-003\">")
                .contains("<td>1298522</td>");
        for (CellResult cell : run.cells()) {
            assertThat(cell.figures().orElseThrow().server().providerCpuPercent()).as(cell.cell().name()).isNotNull();
        }
    }
}
