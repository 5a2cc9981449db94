package io.rpcbench.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** Seals the table the benchmark prints: a golden file for a small fixed JTL. */
class SummaryTableTest {

    @Test
    void rendersTheSeedTableForAFixedJtl() throws Exception {
        RunSummary run = RunSummary.of(JtlReaderTest.resource("small.jtl"));
        SummaryTable table = new SummaryTable();
        for (LabelStatistics label : run.labels()) {
            table.add(label.label(), label, "results/" + label.label() + "/dashboard/index.html");
        }

        String expected = Files.readString(JtlReaderTest.resource("small-summary.txt"));
        assertThat(table.render()).isEqualTo(expected.replace("\n", System.lineSeparator()));
    }

    @Test
    void longRowNamesWidenTheFirstColumnAndASharedDashboardIsListedOnce() throws Exception {
        RunSummary run = RunSummary.of(JtlReaderTest.resource("small.jtl"));
        SummaryTable table = new SummaryTable();
        for (LabelStatistics label : run.labels()) {
            table.add("dubbo-order-service: " + label.label(), label, "results/dubbo-order-service/dashboard/index.html");
        }

        String[] lines = table.render().split(System.lineSeparator());
        String header = lines[0];
        assertThat(header).startsWith("plan" + " ".repeat("dubbo-order-service: thrift-echo-1k".length() - 4) + " ");
        assertThat(lines[1]).startsWith("dubbo-order-service: dubbo-echo-1k ");
        assertThat(lines[2]).startsWith("dubbo-order-service: thrift-echo-1k ");
        // The figures stay right-aligned under their headers whatever the name's length.
        assertThat(lines[1].length()).isEqualTo(header.length());
        assertThat(table.render()).containsOnlyOnce("results/dubbo-order-service/dashboard/index.html")
                .contains("  dubbo-order-service  results/dubbo-order-service/dashboard/index.html");
    }

    @Test
    void runSummaryKeepsLabelsInOrderOfFirstAppearance() throws Exception {
        RunSummary run = RunSummary.of(JtlReaderTest.resource("small.jtl"));
        assertThat(run.labels()).extracting(LabelStatistics::label).containsExactly("dubbo-echo-1k", "thrift-echo-1k");
        assertThat(run.label("dubbo-echo-1k").errorsByCode()).containsOnlyKeys("timeout");
        assertThat(run.label("absent").samples()).isZero();
    }
}
