package io.rpcbench.reports.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.ReportsCommand;
import io.rpcbench.reports.compare.CompareFixtures;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@code rpcbench-reports check}: pass/fail conditions on a results folder (its dashboard.json) and on a JTL, one line
 * per condition and plan with the measured value, the JUnit XML report, and the exit codes CI reads (0 met, 3 not
 * met, 2 bad usage, 1 unreadable).
 */
class CheckCommandTest {

    @TempDir
    Path dir;

    private final ReportsCommand command = new ReportsCommand();

    @Test
    void aRunThatMeetsEveryConditionExitsWith0AndItsJUnitReportHasNoFailure() throws Exception {
        Path run = CompareFixtures.results(dir).resolve("2024-05-02-dubbo-3.3");
        Path junit = dir.resolve("reports/assertions.xml");

        int code = command.run("check", run.toString(), "--assert",
                "dubbo-echo-1k: p99 < 10ms, errors < 0.1%, tps > 10000", "--junit", junit.toString());

        assertThat(code).as(command.err()).isZero();
        assertThat(command.out()).contains("PASS dubbo-echo-1k: p99 < 10ms (p99 5.760 ms)")
                .contains("PASS dubbo-echo-1k: errors < 0.1% (errors 0 %)")
                .contains("PASS dubbo-echo-1k: tps > 10000 (tps 14,507.900 calls/s)")
                .contains("all 3 conditions met");
        Element suite = parse(junit).getDocumentElement();
        assertThat(suite.getAttribute("tests")).isEqualTo("3");
        assertThat(suite.getAttribute("failures")).isEqualTo("0");
        assertThat(suite.getElementsByTagName("failure").getLength()).isZero();
    }

    @Test
    void aConditionWithoutAPlanIsJudgedOnEveryPlanAndOneNotMetExitsWith3() throws Exception {
        Path run = CompareFixtures.results(dir).resolve("2024-05-02-dubbo-3.3");
        Path junit = dir.resolve("assertions.xml");

        int code = command.run("check", run.resolve("dashboard.json").toString(), "--assert", "p99 < 5ms",
                "--assert", "nope: tps > 1", "--junit", junit.toString());

        assertThat(code).as(command.err()).isEqualTo(3);
        assertThat(command.out()).contains("FAIL dubbo-echo-1k: p99 < 5ms (p99 5.760 ms)")
                .contains("PASS thrift-echo-1k: p99 < 5ms (p99 4.660 ms)")
                .contains("FAIL dubbo-echo-100k: p99 < 5ms (p99 45.200 ms)")
                .contains("FAIL nope: tps > 1 (no plan 'nope' in the results; they have [dubbo-echo-1k, "
                        + "thrift-echo-1k, dubbo-echo-100k, dubbo-order-service])")
                .contains("4 of 5 conditions NOT met");
        Document report = parse(junit);
        assertThat(report.getDocumentElement().getAttribute("tests")).isEqualTo("5");
        assertThat(report.getDocumentElement().getAttribute("failures")).isEqualTo("4");
        NodeList failures = report.getElementsByTagName("failure");
        Element first = (Element) failures.item(0);
        assertThat(((Element) first.getParentNode()).getAttribute("classname")).isEqualTo("rpcbench.dubbo-echo-1k");
        assertThat(((Element) first.getParentNode()).getAttribute("name")).isEqualTo("p99 < 5ms");
        assertThat(first.getAttribute("message")).isEqualTo("dubbo-echo-1k: p99 < 5ms not met: p99 5.760 ms");
    }

    @Test
    void aJtlIsJudgedPerLabelOverItsWindow() {
        int code = command.run("check", "src/test/resources/io/rpcbench/reports/small.jtl", "--assert",
                "thrift-echo-1k: errors < 10%", "--assert", "dubbo-echo-1k: max <= 40ms, p50 < 4500us");

        assertThat(code).as(command.err()).isEqualTo(3);
        assertThat(command.out()).contains("FAIL thrift-echo-1k: errors < 10% (errors 50 %)")
                .contains("PASS dubbo-echo-1k: max <= 40ms (max 40 ms)")
                .contains("PASS dubbo-echo-1k: p50 < 4500us (p50 4 ms)");
    }

    @Test
    void aConditionThatCannotBeReadIsBadUsageNamingIt() {
        int code = command.run("check", "src/test/resources/io/rpcbench/reports/small.jtl", "--assert",
                "p99 << 2ms");

        assertThat(code).isEqualTo(2);
        assertThat(command.err()).contains("--assert 'p99 << 2ms': 'p99 << 2ms' is not a condition; expected "
                + "[PLAN:] METRIC OP VALUE");
    }

    @Test
    void aTimeLimitInPercentIsBadUsageNamingTheUnit() {
        int code = command.run("check", "src/test/resources/io/rpcbench/reports/small.jtl", "--assert",
                "p99 < 2%");

        assertThat(code).isEqualTo(2);
        assertThat(command.err()).contains("--assert 'p99 < 2%': p99 is in ms, not '%'");
    }

    @Test
    void resultsThatDoNotExistExitWith1NamingThem() {
        int code = command.run("check", dir.resolve("missing").toString(), "--assert", "p99 < 2ms");

        assertThat(code).isEqualTo(1);
        assertThat(command.err()).contains(dir.resolve("missing") + " does not exist");
    }

    private static Document parse(Path xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
    }
}
