package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.scenario.CellResult;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Seed 000's payloads shortened through {@code --scenario}: all 28 cells filled, each client's received bytes a
 * sample within 256 bytes above the payload its cell names (Dubbo and Thrift add their headers, the HTTP Request the
 * answer's headers, RMI and Hessian count the payload itself), the Dubbo 2.7 provider started once for its 16 cells,
 * the table printed with the seed's figures and both comparison rows computed from ours. {@code ./run-tests} runs one
 * cell of each system (its plan, serialization and provider), the three Dubbo hessian2 and fastjson2 ones on the same
 * payload so that both comparison rows have a figure, the others spread over the other payloads;
 * {@code ./run-tests --full} all 28. The table's layout with every cell is sealed by {@code Seed000PayloadsScenarioTest}
 * on recorded results.
 */
class Seed000PayloadsScenarioIT {

    /** The most a client counts beyond the payload: the HTTP Request's JSON-RPC answer of a person (1,217 B). */
    private static final int ENVELOPE_BYTES = 256;

    private static final List<String> FAST_CELLS = List.of("dubbo27_hessian2-1k", "dubbo33_hessian2-1k",
            "dubbo33_fastjson2-1k", "dubbo27_rmi-pojo", "dubbo27_hessian-50k", "dubbo27_http_json-pojo",
            "thrift_binary-200k");

    @Test
    void everyCellIsFilledWithThePayloadItNamesAndTheTableComparesThemBesideTheSeed() throws Exception {
        ScenarioShortRun.Result run = ScenarioShortRun.runCells("seed-000-payloads", FAST_CELLS);

        ScenarioShortRun.assertEveryCellFilled(run);
        ScenarioShortRun.assertRanCells(run, 28, FAST_CELLS);
        for (CellResult cell : run.cells()) {
            int payload = cell.cell().payloadBytes().getAsInt();
            assertThat(cell.receivedBytesPerSample().orElseThrow()).as("%s received bytes a sample", cell.cell().name())
                    .isBetween((double) payload, (double) payload + ENVELOPE_BYTES);
        }
        assertThat(count(run.output(), "(?m)^dubbo27-provider ready \\(pid [0-9]+\\)$")).as(run.output()).isOne();
        assertThat(count(run.output(), "(?m)^Starting the set-up the next cell needs")).as(run.output()).isEqualTo(2);
        assertThat(run.output())
                .containsPattern("(?m)^Thrift 0\\.20 binary \\(reference\\) +TPS +[0-9.]+")
                .contains("seed 000, sections 5.1-5.4: consumer and provider each a Huawei Tecal BH620");
        if (TestVolume.full()) {
            assertThat(run.output())
                    .containsPattern("(?m)^Dubbo 2\\.7\\.23 hessian2 \\(provider; the JMeter consumer is Dubbo 3\\.3\\) "
                            + "+TPS +[0-9.]+ +10813\\.5 +[0-9.]+ +11940 +[0-9.]+ +1962\\.7 +[0-9.]+ +324\\.2$")
                    .containsPattern("(?m)^3\\.3 vs 2\\.7 hessian2, % +TPS +-?[0-9.]+ +10\\.92 +-?[0-9.]+ +20\\.62 "
                            + "+-?[0-9.]+ +-34\\.12 +-?[0-9.]+ +11\\.94$")
                    .containsPattern("(?m)^fastjson2 vs hessian2, % +TPS +-?[0-9.]+ +13\\.56 ")
                    .containsPattern("(?m)^Thrift 0\\.20 binary \\(reference\\) +TPS +[0-9.]+ +[0-9.]+ +[0-9.]+ "
                            + "+[0-9.]+$");
        } else {
            // The 1k column first (the first row has only it): ours beside the seed's for the three Dubbo hessian2 and
            // fastjson2 rows, and both comparisons computed from ours; the seed's alone in the other columns.
            assertThat(run.output())
                    .containsPattern("(?m)^Dubbo 2\\.7\\.23 hessian2 \\(provider; the JMeter consumer is Dubbo 3\\.3\\) "
                            + "+TPS +[0-9.]+ +11940$")
                    .containsPattern("(?m)^3\\.3 vs 2\\.7 hessian2, % +TPS +-?[0-9.]+ +20\\.62 +- +10\\.92 +- +-34\\.12 "
                            + "+- +11\\.94$")
                    .containsPattern("(?m)^fastjson2 vs hessian2, % +TPS +-?[0-9.]+ +4\\.82 +- +13\\.56 ");
        }
    }

    private static int count(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        int found = 0;
        while (matcher.find()) {
            found++;
        }
        return found;
    }
}
