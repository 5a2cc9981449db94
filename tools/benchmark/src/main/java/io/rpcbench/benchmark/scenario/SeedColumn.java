package io.rpcbench.benchmark.scenario;

import java.util.Map;
import java.util.Objects;

/**
 * A seed's published figures for one cell of its table, quoted, not measured: what ran, on what hardware, and its
 * figures by {@link Figure} name as the seed wrote them (a figure absent here the seed does not have). The constants
 * of the seeds' published columns are in {@link SeedColumns}.
 *
 * @param title    what ran, e.g. "seed 003: Dubbo 2.7.13 hessian2"
 * @param hardware the machines, network and duration, e.g. "provider: 2 vCPU QEMU 2.1 GHz, 4 GiB, ..."
 * @param figures  by figure name, e.g. "TPS" -> "2164.2"
 */
public record SeedColumn(String title, String hardware, Map<String, String> figures) {

    public SeedColumn {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(hardware, "hardware");
        figures = Map.copyOf(figures);
    }
}
