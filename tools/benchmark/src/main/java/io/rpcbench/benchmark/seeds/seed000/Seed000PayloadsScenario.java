package io.rpcbench.benchmark.seeds.seed000;

import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.CellSetup;
import io.rpcbench.benchmark.scenario.Figure;
import io.rpcbench.benchmark.scenario.Length;
import io.rpcbench.benchmark.scenario.Scenario;
import io.rpcbench.benchmark.scenario.ScenarioTable;
import io.rpcbench.benchmark.scenario.SeedColumn;
import io.rpcbench.benchmark.scenario.Stop;
import io.rpcbench.benchmark.seeds.extra.Dubbo27ProviderExtra;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Seed 000's payload scenarios (its sections 5.1 to 5.4): an echo of a nested person of about 1 KiB (the seed's
 * "1k POJO") and of a 1k, 50k and 200k string, 10 threads, over each of the seed's systems as we can run them today:
 * its Dubbo 1.0 (hessian2 + mina) as Dubbo 2.7.23's provider with hessian2, called by the Dubbo 3.3 sampler; its
 * Dubbo 2.0 as Dubbo 3.3 with hessian2 and, in place of Dubbo 2.0's own "dubbo" serialization, fastjson2; its rmi,
 * hessian and http (JSON) as Dubbo 2.7.23's (the 3.x line has none of them); and Thrift 0.20's binary protocol as a
 * reference the seed did not run. Each is loaded by a JMeter client that fits it: {@code DubboSampler},
 * {@code RmiSampler}, {@code HessianSampler}, JMeter's HTTP Request posting JSON-RPC, {@code ThriftSampler}.
 *
 * <p>The table is the seed's four tables side by side: a row per system, a column per payload, TPS and mean response
 * time ours beside the seed's, and the seed's two comparison rows ({@link PercentRow}) computed from ours.
 *
 * <p>Two set-ups: the Dubbo 3.3 and Thrift cells call the provider app started with {@code --serialization
 * fastjson2}, which answers fastjson2 consumers (with its default hessian2 it refuses them: "Fail to decode request")
 * and still answers hessian2 consumers in hessian2 (measured: 1,058 bytes a 1k answer over hessian2, 1,071 over
 * fastjson2, through ZooKeeper and by direct URL alike, and as fast: a 1k hessian2 echo at 10 threads against it and
 * against a default provider, five alternating 8 s rounds on 2 busy vCPUs, averaged 9,707 and 10,168 TPS while the
 * rounds ranged from 7,209 to 12,878), so one provider serves both Dubbo 3.3 rows; the Dubbo 2.7
 * cells call the Dubbo 2.7 provider ({@link Dubbo27ProviderExtra}), started once for all of them. The cells run
 * grouped by set-up, so the provider restarts once between the groups.
 *
 * <p>What each client counts as a sample's received bytes (measured with the seed's payloads): Dubbo the decoded
 * answer, header included (1k string: 1,058 B hessian2, 1,071 B fastjson2; person: 1,117 to 1,145 B); Thrift the
 * socket's bytes (1,048 B; person 1,055 B); the HTTP Request the answer's headers and JSON body (1,172 B; person
 * 1,217 B); RMI and Hessian the payload's nominal size (their libraries count nothing). Each cell names the nominal
 * payload ({@link Cell#payloadBytes}); every client's count lies within 256 bytes above it.
 */
public final class Seed000PayloadsScenario implements Scenario {

    static final String NAME = "seed-000-payloads";

    /** The seed's load: 10 threads ("so that http's CPU would not be the bottleneck first"). */
    static final int THREADS = 10;

    /**
     * Short: 5 s warm-up (a Dubbo client's set-up takes 1 to 5 s of it on 2 vCPUs), 10 s measured. All 28 cells took
     * 12.3 min at a load average of 4 to 10 (JMeter's start and report about 12 s a cell), 23 min at 20 to 36.
     */
    static final int SHORT_WARMUP_SECONDS = 5;
    static final int SHORT_MEASURED_SECONDS = 10;
    static final int FULL_WARMUP_SECONDS = 60;
    /** The seed measured 10 minutes per cell. */
    static final int FULL_MEASURED_SECONDS = 600;

    static final String DUBBO27_HESSIAN2 = "Dubbo 2.7.23 hessian2 (provider; the JMeter consumer is Dubbo 3.3)";
    static final String DUBBO33_HESSIAN2 = "Dubbo 3.3 hessian2";
    static final String DUBBO33_FASTJSON2 = "Dubbo 3.3 fastjson2";
    static final String DUBBO27_RMI = "Dubbo 2.7.23 rmi";
    static final String DUBBO27_HESSIAN = "Dubbo 2.7.23 hessian";
    static final String DUBBO27_HTTP_JSON = "Dubbo 2.7.23 http (JSON-RPC)";
    static final String THRIFT = "Thrift 0.20 binary (reference)";

    /** The seed's comparison rows, computed from ours. */
    static final PercentRow NEW_VS_OLD = new PercentRow("3.3 vs 2.7 hessian2, %", DUBBO33_HESSIAN2, DUBBO27_HESSIAN2);
    static final PercentRow FASTJSON2_VS_HESSIAN2 = new PercentRow("fastjson2 vs hessian2, %", DUBBO33_FASTJSON2,
            DUBBO33_HESSIAN2);

    static final List<Figure> FIGURES = List.of(Figure.TPS, Figure.AVERAGE_MS, Figure.ERROR_PERCENT,
            Figure.RECEIVED_BYTES);

    /** The provider app for the Dubbo 3.3 and Thrift cells: fastjson2 accepted, hessian2 still answered. */
    static final CellSetup PROVIDER_APP = CellSetup.provider("--serialization", "fastjson2");
    /** The Dubbo 2.7 provider for its cells, beside the provider app (which they do not call). */
    static final CellSetup DUBBO27 = CellSetup.provider().with(Dubbo27ProviderExtra.of());

    /**
     * A system: its row, the seed's row beside it (if any), its name in cell names, its plan and properties, and what
     * it needs running.
     */
    record RpcSystem(String row, Optional<String> seedRow, String cellName, String plan,
            Map<String, String> properties, CellSetup setup) {}

    /** A payload: its column, the seed's index of it, its name in cell names, the plan's payload and size_bytes. */
    record Payload(String column, int seedIndex, String cellName, String kind, int sizeBytes) {}

    /** The systems in the seed's order (the table's); the cells run grouped by set-up. */
    static final List<RpcSystem> SYSTEMS = List.of(
            new RpcSystem(DUBBO27_HESSIAN2, Optional.of(Seed000PublishedPayloads.DUBBO1_HESSIAN2), "dubbo27_hessian2",
                    "seed-000-dubbo", Map.of("dubbo.serialization", "hessian2"), DUBBO27),
            new RpcSystem(DUBBO33_HESSIAN2, Optional.of(Seed000PublishedPayloads.DUBBO2_HESSIAN2), "dubbo33_hessian2",
                    "seed-000-dubbo", Map.of("dubbo.serialization", "hessian2"), PROVIDER_APP),
            new RpcSystem(DUBBO33_FASTJSON2, Optional.of(Seed000PublishedPayloads.DUBBO2_DUBBO_SERIALIZATION),
                    "dubbo33_fastjson2", "seed-000-dubbo", Map.of("dubbo.serialization", "fastjson2"), PROVIDER_APP),
            new RpcSystem(DUBBO27_RMI, Optional.of(Seed000PublishedPayloads.RMI), "dubbo27_rmi", "seed-000-rmi",
                    Map.of(), DUBBO27),
            new RpcSystem(DUBBO27_HESSIAN, Optional.of(Seed000PublishedPayloads.HESSIAN), "dubbo27_hessian",
                    "seed-000-hessian", Map.of(), DUBBO27),
            new RpcSystem(DUBBO27_HTTP_JSON, Optional.of(Seed000PublishedPayloads.HTTP_JSON), "dubbo27_http_json",
                    "seed-000-http-json", Map.of(), DUBBO27),
            new RpcSystem(THRIFT, Optional.empty(), "thrift_binary", "seed-000-thrift", Map.of(), PROVIDER_APP));

    /** The payloads in the seed's order (its sections 5.1 to 5.4). */
    static final List<Payload> PAYLOADS = List.of(
            new Payload("POJO (person ~1 KiB)", Seed000PublishedPayloads.POJO, "pojo", "person", 1024),
            new Payload("1k string", Seed000PublishedPayloads.STRING_1K, "1k", "string", 1024),
            new Payload("50k string", Seed000PublishedPayloads.STRING_50K, "50k", "string", 50 * 1024),
            new Payload("200k string", Seed000PublishedPayloads.STRING_200K, "200k", "string", 200 * 1024));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "Dubbo 2.7 and 3.3 (hessian2, fastjson2), rmi, hessian, http (JSON-RPC), Thrift: echo of a ~1 KiB "
                + "POJO and 1k/50k/200k strings, 10 threads (28 cells)";
    }

    /** Grouped by set-up (the Dubbo 2.7 provider's first, as the seed's first row), each system's payloads in turn. */
    @Override
    public List<Cell> cells(Length length) {
        Stop stop = length.choose(Stop.timed(SHORT_WARMUP_SECONDS, SHORT_MEASURED_SECONDS),
                Stop.timed(FULL_WARMUP_SECONDS, FULL_MEASURED_SECONDS));
        Set<CellSetup> setups = new LinkedHashSet<>();
        SYSTEMS.forEach(system -> setups.add(system.setup()));
        List<Cell> cells = new ArrayList<>();
        for (CellSetup setup : setups) {
            for (RpcSystem system : SYSTEMS) {
                if (system.setup().equals(setup)) {
                    PAYLOADS.forEach(payload -> cells.add(cell(system, payload, stop)));
                }
            }
        }
        return cells;
    }

    private static Cell cell(RpcSystem system, Payload payload, Stop stop) {
        String name = system.cellName() + "-" + payload.cellName();
        Map<String, String> properties = new LinkedHashMap<>(system.properties());
        properties.put("label", name);
        properties.put("payload", payload.kind());
        properties.put("size_bytes", Integer.toString(payload.sizeBytes()));
        Cell cell = Cell.of(system.row(), payload.column(), system.plan()).named(name).properties(properties)
                .threads(THREADS).stop(stop).setup(system.setup()).payloadBytes(payload.sizeBytes());
        return system.seedRow().map(seed -> cell.seed(Seed000PublishedPayloads.column(seed, payload.seedIndex())))
                .orElse(cell);
    }

    /** The seed's layout whatever order the cells ran in: its systems' order, then the comparison rows. */
    @Override
    public ScenarioTable table(List<CellResult> results) {
        List<String> rows = SYSTEMS.stream().map(RpcSystem::row).toList();
        List<String> columns = PAYLOADS.stream().map(Payload::column).toList();
        List<CellResult> inSeedOrder = results.stream()
                .sorted(Comparator.comparingInt((CellResult r) -> order(rows, r.cell().row()))
                        .thenComparingInt(r -> order(columns, r.cell().column())))
                .toList();
        ScenarioTable table = ScenarioTable.of(NAME, "echo of a POJO and of strings, 10 threads (seed 000's tables "
                + "5.1-5.4 side by side, ours beside the seed's)", FIGURES, inSeedOrder);
        table = NEW_VS_OLD.addTo(table, inSeedOrder, seedColumns(Seed000PublishedPayloads.DUBBO2_VS_DUBBO1));
        table = FASTJSON2_VS_HESSIAN2.addTo(table, inSeedOrder,
                seedColumns(Seed000PublishedPayloads.DUBBO_VS_HESSIAN2_SERIALIZATION));
        return table
                .withNote("rows for the seed's systems: " + String.join("; ", SYSTEMS.stream()
                        .filter(s -> s.seedRow().isPresent())
                        .map(s -> s.seedRow().get() + " -> " + s.row()).toList())
                        + "; Thrift: no seed figure")
                .withNote(NEW_VS_OLD.row() + ": (" + DUBBO33_HESSIAN2 + " - Dubbo 2.7.23 hessian2) / Dubbo 2.7.23 "
                        + "hessian2 x 100, beside the seed's '" + Seed000PublishedPayloads.DUBBO2_VS_DUBBO1
                        + "' (dubbo2 vs dubbo1, both hessian2); " + FASTJSON2_VS_HESSIAN2.row() + ": "
                        + DUBBO33_FASTJSON2 + " vs " + DUBBO33_HESSIAN2 + ", beside the seed's '"
                        + Seed000PublishedPayloads.DUBBO_VS_HESSIAN2_SERIALIZATION + "' (dubbo2's own dubbo "
                        + "serialization vs its hessian2); ours from the unrounded figures")
                .withNote("set-ups: Dubbo 3.3 and Thrift rows: the provider app with --serialization fastjson2 (it "
                        + "answers hessian2 consumers in hessian2 too); Dubbo 2.7.23 rows: dubbo27-provider, direct "
                        + "endpoints, no registry; the seed's TPS and mean count successes only, ours every sample "
                        + "(error % says how many failed)")
                .withNote("recv B/sample: Dubbo counts the decoded answer with its header, Thrift the socket's bytes, "
                        + "the HTTP Request headers and body, RMI and Hessian the payload's nominal size");
    }

    private static Map<String, SeedColumn> seedColumns(String seedRow) {
        Map<String, SeedColumn> byColumn = new LinkedHashMap<>();
        PAYLOADS.forEach(p -> byColumn.put(p.column(), Seed000PublishedPayloads.column(seedRow, p.seedIndex())));
        return byColumn;
    }

    /** Its place in {@code order}; names not there (cells of another scenario) last, in their own order. */
    private static int order(List<String> order, String name) {
        int index = order.indexOf(name);
        return index < 0 ? order.size() : index;
    }
}
