package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.runner.RunSite;
import io.rpcbench.benchmark.runner.ScenarioRunner;
import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.CellSetup;
import io.rpcbench.benchmark.scenario.ExtraProcess;
import io.rpcbench.benchmark.scenario.Stop;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The runner against a real provider: a cell whose plan is missing and a cell whose extra process does not start
 * become empty cells with the reason, and the cells after them run; the provider is restarted only when the next
 * cell's set-up differs (one that only adds an extra process starts just that), and every provider it started is gone
 * at the end.
 */
class ScenarioRunnerIT {

    private static final Pattern PROVIDER_READY = Pattern.compile("(?m)^Provider ready \\(pid (\\d+)\\)");

    @Test
    void failedCellsAreKeptEmptyWithTheirReasonAndTheProviderRestartsOnlyForAnotherSetup() throws Exception {
        Path results = Files.createTempDirectory(Files.createDirectories(Path.of("target/scenario-runner")
                .toAbsolutePath()), "results-");
        Stop stop = Stop.timed(1, 3);
        CellSetup pool50 = CellSetup.provider("--threads", "50");
        ExtraProcess broken = new ExtraProcess("broken-extra", List.of("--any"), context -> {
            throw new IllegalStateException("broken-extra exited with code 3 before its ready line");
        });
        List<Cell> cells = List.of(
                Cell.of("echo 1k", "missing", "no-such-plan").threads(2).stop(stop).payloadBytes(1024),
                Cell.of("echo 1k", "Thrift", "thrift-echo-1k").threads(2).stop(stop).setup(pool50).payloadBytes(1024),
                Cell.of("echo 100k", "Thrift", "thrift-echo-100k").threads(2).stop(stop).setup(pool50)
                        .payloadBytes(100 * 1024),
                Cell.of("echo 100k", "broken", "dubbo-echo-100k").threads(2).stop(stop).setup(pool50.with(broken))
                        .payloadBytes(100 * 1024));
        StringWriter printed = new StringWriter();
        PrintWriter out = new PrintWriter(printed, true);
        ScenarioRunner runner = new ScenarioRunner(Plans.LAYOUT, results, out, false, 1, 0, Map.of(), false, cells,
                Optional.empty(), "runner test");

        try (RunSite site = LocalSite.start(Plans.LAYOUT, results, out)) {
            runner.run(site);
        }
        int exit = runner.report();

        String output = printed.toString();
        assertThat(exit).as(output).isZero();
        List<CellResult> cellResults = runner.cellResults();
        assertThat(cellResults).extracting(r -> r.cell().name())
                .containsExactly("no-such-plan", "thrift-echo-1k", "thrift-echo-100k", "dubbo-echo-100k");
        assertThat(cellResults.get(0).emptyReason()).get().asString().contains("plan 'no-such-plan' not found");
        assertThat(cellResults.get(1).samples()).isPositive();
        assertThat(cellResults.get(2).samples()).isPositive();
        assertThat(cellResults.get(3).emptyReason()).get().asString()
                .isEqualTo("its set-up (provider app --threads 50, broken-extra --any) did not start: broken-extra "
                        + "exited with code 3 before its ready line");
        // The first start (defaults), --threads 50 for the two Thrift cells; the broken set-up only adds its extra
        // process to that one, and its failure stops them all (none alive below).
        assertThat(output).contains("Starting what the next cell adds to the running set-up: broken-extra --any");
        Matcher ready = PROVIDER_READY.matcher(output);
        int providers = 0;
        while (ready.find()) {
            providers++;
            assertThat(ProcessHandle.of(Long.parseLong(ready.group(1))).map(ProcessHandle::isAlive))
                    .as("provider pid %s after the run", ready.group(1)).isNotEqualTo(Optional.of(true));
        }
        assertThat(providers).as(output).isEqualTo(2);
        assertThat(output).contains("[4/4] dubbo-echo-100k: no figures: its set-up");
    }
}
