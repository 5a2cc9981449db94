package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.lab.LabRoot;
import io.rpcbench.benchmark.scenario.CellResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Seed 000's high-pressure test shortened through {@code --scenario}, a size every 2 s: on the lab when this machine
 * can make one (root), else on loopback; either way two consumers' samples, both providers answering, no failure, and
 * each sample carrying the size its consumer drew for the moment.
 */
@ResourceLock(LabRoot.LOCK)
class Seed000PressureScenarioIT {

    @Test
    void twoConsumersCallBothProvidersAndEachSampleCarriesItsDrawnSize() throws Exception {
        ScenarioShortRun.Result run = ScenarioShortRun.run("seed-000-pressure", "-J", "size_interval=2");

        assertThat(run.exit()).as("exit code; output:%n%s", run.output()).isZero();
        assertThat(run.cells()).hasSize(1);
        CellResult cell = run.cells().get(0);
        assertThat(cell.emptyReason()).as("output:%n%s", run.output()).isEmpty();
        assertThat(cell.errors()).as("failed samples (see %s)", cell.folder()).isZero();
        var label = cell.summary().orElseThrow().label("string-20b-200k");
        assertThat(label.generators()).as("consumers").hasSize(2)
                .allSatisfy((name, stats) -> assertThat(stats.samples()).as(name).isPositive());
        assertThat(label.providers()).as("providers that answered").hasSize(2)
                .allSatisfy(share -> assertThat(share.samples()).as(share.provider()).isPositive());
        Path jtl = cell.folder().resolve("seed-000-pressure.jtl");
        List<String> lines = Files.readAllLines(jtl);
        List<String> header = List.of(lines.get(0).replace("\"", "").split(","));
        int bytes = header.indexOf("bytes");
        int size = header.indexOf("size_bytes");
        assertThat(size).as("size_bytes column in %s", lines.get(0)).isPositive();
        Set<String> sizes = lines.stream().skip(1).map(line -> line.split(",")).peek(row -> assertThat(
                Long.parseLong(row[bytes])).as("bytes of a sample of size %s", row[size])
                .isBetween(Long.parseLong(row[size]), Long.parseLong(row[size]) + 512))
                .map(row -> row[size]).collect(Collectors.toSet());
        assertThat(sizes).as("sizes drawn in the cell's run, a new one every 2 s").hasSizeGreaterThan(1);
        assertThat(run.output())
                .containsPattern("(?m)^ +consumer 2 TPS +[0-9.]+ +-$")
                .containsPattern("(?m)^ +errors +0 +passed \\(no figure published\\)$")
                .containsPattern("(?m)^ +providers' shares of calls +\\S+ [0-9.]+ % \\([0-9]+\\), \\S+ [0-9.]+ %");
    }
}
