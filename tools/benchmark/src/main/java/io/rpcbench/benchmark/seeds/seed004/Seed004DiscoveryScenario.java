package io.rpcbench.benchmark.seeds.seed004;

import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.CellSetup;
import io.rpcbench.benchmark.scenario.Figure;
import io.rpcbench.benchmark.scenario.Length;
import io.rpcbench.benchmark.scenario.Scenario;
import io.rpcbench.benchmark.scenario.ScenarioTable;
import io.rpcbench.benchmark.scenario.SeedColumn;
import io.rpcbench.benchmark.scenario.Stop;
import io.rpcbench.benchmark.seeds.extra.DiscoveryExtra;
import io.rpcbench.discovery.DiscoveryFigure;
import io.rpcbench.discovery.DiscoveryParameter;
import io.rpcbench.discovery.RegistryShape;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;

/**
 * Seed 004's first half (section 2, application-level service discovery on the address-push path): a consumer
 * subscribed to every interface of many providers in two ZooKeepers, calling a service every 5 s while addresses
 * change, its resident memory and GCs compared across discovery models. One cell per discovery mode, each Dubbo's
 * migration step: interface-level ({@code FORCE_INTERFACE}), application-level ({@code FORCE_APPLICATION}) and both
 * ({@code APPLICATION_FIRST}, Dubbo 3's default). Each cell's set-up ({@link DiscoveryExtra}) is the provider app (the
 * real service called), two ZooKeepers filled in the seed's shape and changing addresses at a set rate, and a fresh
 * consumer JVM ({@code -Xmx768m -XX:MaxRAM=2g}, one CPU: the seed's 1C2G box); its plan reads the consumer's figures
 * every 5 s, and after it {@link DiscoveryFiguresStep} keeps the last ones with the consumer's RSS.
 *
 * <p>Parameters ({@code --param NAME=VALUE}, each a {@link DiscoveryParameter} of the discovery lab, which declares
 * its default and limits once for the scenario and the commands alike): the registry's shape ({@code instances},
 * {@code interfaces}, {@code protocols}, {@code instances-per-app}, {@code url-bytes}), {@code churn-per-minute} and
 * {@code call-every-seconds}. Short: the defaults (a tenth of the seed's instances), {@value #SHORT_WARMUP_SECONDS} s
 * warm-up and {@value #SHORT_MEASURED_SECONDS} s measured per mode; {@code --full}: the seed's
 * {@link RegistryShape#SEED} instances (500 x 8 x 5 = 20,000 URLs) and its 20 hours per mode. The figures are read by
 * their {@link DiscoveryFigure} keys.
 *
 * <p>The seed's figures are relative to Dubbo 2.x (2.7), a column we do not run (see {@link #SEED_NOTE}): they stand
 * beside ours as the seed words them, and our own relative line compares each mode with our interface-level one.
 */
public final class Seed004DiscoveryScenario implements Scenario {

    static final String NAME = "seed-004-discovery";
    static final String PLAN = "seed-004-discovery";
    static final String ROW = "address push, two ZooKeepers";
    static final String RELATIVE_ROW = "against our interface-level";
    static final String NOT_JUDGED = "not judged: this plan reads the consumer's figures, its throughput is not a "
            + "figure";

    static final int SHORT_WARMUP_SECONDS = 20;
    static final int SHORT_MEASURED_SECONDS = 60;
    static final int FULL_WARMUP_SECONDS = 60;
    /** The seed's 20 hours. */
    static final int FULL_MEASURED_SECONDS = 20 * 3600;

    /** A discovery mode: Dubbo's migration step, and its column. */
    enum Mode {
        INTERFACE("FORCE_INTERFACE", "interface-level (FORCE_INTERFACE)"),
        APPLICATION("FORCE_APPLICATION", "application-level (FORCE_APPLICATION)"),
        BOTH("APPLICATION_FIRST", "both (APPLICATION_FIRST)");

        final String step;
        final String column;

        Mode(String step, String column) {
            this.step = step;
            this.column = column;
        }

        String cellName() {
            return "discovery-" + name().toLowerCase(Locale.ROOT);
        }
    }

    static final String SEED_HARDWARE = "ICBC's production addresses: 500 provider instances x 8 interfaces x 5 "
            + "protocols = 20,000 URLs of about 1 KB, two ZooKeepers (providers and consumer configured with both), "
            + "consumer 1 core 2 GB, Xmx 768 MB, calling a service every 5 s for 20 hours; IBM J9 JRE 1.8";

    static final String SEED_NOTE = "seed 004's figures are relative to Dubbo 2.x (read from its two charts, "
            + "no absolute values): we run no 2.x consumer (the Dubbo 2.7 consumer would need a third JVM of its "
            + "own beside dubbo27-provider; not in this scenario yet), so our relative line compares with our "
            + "interface-level cell instead";

    static final SeedColumn SEED_INTERFACE = new SeedColumn("seed 004, section 2: Dubbo 3 interface-level vs 2.x",
            SEED_HARDWARE, Map.of(
                    "consumer RSS MB", "-50 % vs 2.x",
                    "young GCs during address changes", "ten-odd (2.x: hundreds)"));
    static final SeedColumn SEED_APPLICATION = new SeedColumn("seed 004, section 2: Dubbo 3 application-level vs 2.x",
            SEED_HARDWARE, Map.of(
                    "consumer RSS MB", "-75 % vs 2.x",
                    "full GCs during address changes", "0 (2.x: hundreds)"));

    /** Parameter names, with their meaning and default, in the order {@code --scenarios} lists them. */
    static final Map<String, String> PARAMETERS = parameterMeanings();

    /**
     * Each parameter's range, checked before anything starts: {@link DiscoveryParameter}'s limits, which
     * {@code RegistryShape} checks again in the farm and the consumer.
     */
    static final Map<String, Range> RANGES = ranges();

    /** The values a parameter accepts, both ends included. */
    record Range(int min, int max) {

        boolean contains(int value) {
            return value >= min && value <= max;
        }
    }

    private static Map<String, String> parameterMeanings() {
        Map<String, String> all = new LinkedHashMap<>();
        for (DiscoveryParameter parameter : DiscoveryParameter.values()) {
            all.put(parameter.key(), parameter.meaning());
        }
        return Collections.unmodifiableMap(all);
    }

    private static Map<String, Range> ranges() {
        Map<String, Range> all = new LinkedHashMap<>();
        for (DiscoveryParameter parameter : DiscoveryParameter.values()) {
            all.put(parameter.key(), new Range(parameter.min(), parameter.max()));
        }
        return Collections.unmodifiableMap(all);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "service discovery: a consumer (Xmx768m, 1 CPU) subscribed to N x 8 x 5 URLs in two ZooKeepers, "
                + "interface-level, application-level and both; RSS and GCs (seed 004 section 2; --param "
                + "instances=500: the seed's 20,000 URLs)";
    }

    @Override
    public Map<String, String> parameters() {
        return PARAMETERS;
    }

    /** Its plan reads the consumer's figures every few seconds: a sample is a read, not a call measured. */
    @Override
    public Optional<String> throughputNotJudged() {
        return Optional.of(NOT_JUDGED);
    }

    @Override
    public List<Cell> cells(Length length) {
        return cells(length, Map.of());
    }

    @Override
    public List<Cell> cells(Length length, Map<String, String> parameters) {
        Map<String, Integer> values = new LinkedHashMap<>();
        for (DiscoveryParameter parameter : DiscoveryParameter.values()) {
            values.put(parameter.key(), parameter.defaultValue());
        }
        if (length == Length.FULL) {
            values.put(DiscoveryParameter.INSTANCES.key(), RegistryShape.SEED.instances());
        }
        parameters.forEach((name, value) -> {
            if (!values.containsKey(name)) {
                throw new IllegalArgumentException(name + " is not a parameter of " + NAME + "; expected one of "
                        + values.keySet());
            }
            int parsed;
            try {
                parsed = Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + "=" + value + " is not a whole number; expected one, e.g. "
                        + name + "=" + values.get(name));
            }
            Range range = RANGES.get(name);
            if (!range.contains(parsed)) {
                throw new IllegalArgumentException(name + "=" + value + " is out of range; expected " + range.min()
                        + " to " + range.max());
            }
            values.put(name, parsed);
        });
        List<String> shape = new ArrayList<>();
        for (DiscoveryParameter parameter : DiscoveryParameter.SHAPE) {
            shape.addAll(option(parameter, values));
        }
        List<String> farm = new ArrayList<>(shape);
        farm.addAll(option(DiscoveryParameter.CHURN_PER_MINUTE, values));
        Stop stop = length.choose(Stop.timed(SHORT_WARMUP_SECONDS, SHORT_MEASURED_SECONDS),
                Stop.timed(FULL_WARMUP_SECONDS, FULL_MEASURED_SECONDS));
        List<Cell> cells = new ArrayList<>();
        for (Mode mode : Mode.values()) {
            List<String> consumer = new ArrayList<>(List.of("--mode", mode.step));
            consumer.addAll(shape);
            consumer.addAll(option(DiscoveryParameter.CALL_EVERY_SECONDS, values));
            // payload 0: the plan's reads carry the consumer's figures, not a payload of the seed's
            Cell cell = Cell.of(ROW, mode.column, PLAN).named(mode.cellName()).threads(1).stop(stop).payloadBytes(0)
                    .setup(CellSetup.provider().with(DiscoveryExtra.of(farm, consumer)))
                    .then(new DiscoveryFiguresStep());
            if (mode == Mode.INTERFACE) {
                cell = cell.seed(SEED_INTERFACE);
            } else if (mode == Mode.APPLICATION) {
                cell = cell.seed(SEED_APPLICATION);
            }
            cells.add(cell);
        }
        return cells;
    }

    /** {@code --NAME VALUE}, the command-line option of a parameter's value. */
    private static List<String> option(DiscoveryParameter parameter, Map<String, Integer> values) {
        return List.of(parameter.option(), Integer.toString(values.get(parameter.key())));
    }

    @Override
    public ScenarioTable table(List<CellResult> results) {
        List<Figure> figures = List.of(
                kib("consumer RSS MB", DiscoveryFigure.RSS_KIB),
                kib("consumer peak RSS MB", DiscoveryFigure.RSS_PEAK_KIB),
                bytes("live heap after a full GC MB", DiscoveryFigure.LIVE_HEAP_BYTES),
                count("young GCs since start", DiscoveryFigure.YOUNG_GCS),
                count("young GC pause ms since start", DiscoveryFigure.YOUNG_GC_MS),
                count("full GCs since start", DiscoveryFigure.FULL_GCS),
                count("full GC pause ms since start", DiscoveryFigure.FULL_GC_MS),
                count("young GCs during address changes", DiscoveryFigure.CHANGES_YOUNG_GCS),
                count("young GC pause ms during address changes", DiscoveryFigure.CHANGES_YOUNG_GC_MS),
                count("full GCs during address changes", DiscoveryFigure.CHANGES_FULL_GCS),
                count("full GC pause ms during address changes", DiscoveryFigure.CHANGES_FULL_GC_MS),
                count("interface-level addresses held", DiscoveryFigure.INTERFACE_ADDRESSES),
                count("application-level addresses held", DiscoveryFigure.APPLICATION_ADDRESSES),
                count("references", DiscoveryFigure.REFERENCES),
                count("URLs per registry (fake)", DiscoveryFigure.URLS),
                count("instances per registry (fake)", DiscoveryFigure.INSTANCES),
                seconds("registries filled s", DiscoveryFigure.FILL_MS),
                seconds("consumer subscribed s", DiscoveryFigure.REFER_MS),
                count("address changes (fake instances left or joined)", DiscoveryFigure.ADDRESS_CHANGES),
                count("failed address-change steps", DiscoveryFigure.FAILED_CHURN_STEPS),
                count("echo calls", DiscoveryFigure.CALLS),
                count("failed calls", DiscoveryFigure.FAILED_CALLS),
                count("connections to fake instances", DiscoveryFigure.FAKE_CONNECTIONS),
                count("fake instances listening", DiscoveryFigure.FAKE_LISTENERS),
                count("consumer TCP connections to 127.0.x.y", DiscoveryFigure.FAKE_PEERS),
                text("consumer TCP peers", DiscoveryFigure.PEERS),
                text("collectors", DiscoveryFigure.COLLECTORS));
        ScenarioTable table = ScenarioTable.of(NAME, "service discovery, a consumer subscribed to every address in "
                + "two ZooKeepers (seed 004 section 2's relative figures beside)", figures, results);
        List<ScenarioTable.ComputedLine> relative = relativeLines(results);
        if (!relative.isEmpty()) {
            table = table.withComputedRow(RELATIVE_ROW, relative);
        }
        table = table.withNote(SEED_NOTE);
        for (CellResult result : results) {
            Optional<String> failure = read(result).map(f -> f.getProperty(DiscoveryFigure.LAST_FAILURE.key(), "")).filter(f -> !f.isBlank());
            if (failure.isPresent()) {
                table = table.withNote(result.cell().name() + ": the last failed call: " + failure.get());
            }
            Optional<String> churnFailure = read(result).map(f -> f.getProperty(DiscoveryFigure.LAST_CHURN_FAILURE.key(), ""))
                    .filter(f -> !f.isBlank());
            if (churnFailure.isPresent()) {
                table = table.withNote(result.cell().name() + ": the last failed address change: "
                        + churnFailure.get());
            }
        }
        return table.withNote("figures: the consumer's (a JVM with -Xmx768m -XX:MaxRAM=2g -XX:ActiveProcessorCount=1, "
                + "the seed's 1 core 2 GB box: its initial heap and young generation sized for 2 GB, not this host), "
                + "at the end of the measured window; RSS from /proc/PID/status; GCs counted from its start (its "
                + "subscription's address push included) and during the address changes (from its ready line, "
                + "subscribed: the seed's claim), its own full collection left out of both; live heap: the heap in "
                + "use after that full collection, which it runs at the end; addresses held: invokers in its "
                + "directories over both registries (protocol dubbo of the URLs' protocols; the fake instances are "
                + "referred lazily); 'connections to fake instances': connections the farm accepted on the first fake "
                + "instance's address of each protocol port, where it listens so that a dial would be seen (a dial "
                + "of an address nobody listens on is refused at once and leaves no socket); 'consumer TCP "
                + "connections to 127.0.x.y': the consumer's connections to loopback addresses other than 127.0.0.1 "
                + "in ss -tanp at the end")
                .withNote("address changes: the registry farm's, each instance leaving both registries or joining "
                        + "them again (one leaves and the one before joins at each step, churn-per-minute steps a "
                        + "minute); between steps one instance is away, interfaces x 2 registries fewer addresses "
                        + "held at each level the mode discovers (Dubbo applies a fake instance's removal at "
                        + "application level too: docs/seeds.md, seed-004-discovery, says what a run held); addresses "
                        + "held are read once at the end, so a level whose notification of the last step has not "
                        + "arrived yet shows every instance held");
    }

    /** Each mode's RSS and live heap against our interface-level cell's, in %. */
    private static List<ScenarioTable.ComputedLine> relativeLines(List<CellResult> results) {
        Optional<Properties> base = results.stream().filter(r -> r.cell().name().equals(Mode.INTERFACE.cellName()))
                .findFirst().flatMap(Seed004DiscoveryScenario::read);
        if (base.isEmpty()) {
            return List.of();
        }
        Map<String, DiscoveryFigure> relative = new LinkedHashMap<>();
        relative.put("consumer RSS %", DiscoveryFigure.RSS_KIB);
        relative.put("live heap %", DiscoveryFigure.LIVE_HEAP_BYTES);
        relative.put("young GCs during address changes %", DiscoveryFigure.CHANGES_YOUNG_GCS);
        List<ScenarioTable.ComputedLine> lines = new ArrayList<>();
        for (Map.Entry<String, DiscoveryFigure> figure : relative.entrySet()) {
            Map<String, String> ours = new LinkedHashMap<>();
            for (CellResult result : results) {
                Optional<Double> value = read(result).flatMap(p -> number(p, figure.getValue()));
                Optional<Double> against = number(base.get(), figure.getValue());
                if (value.isPresent() && against.isPresent() && against.get() > 0) {
                    ours.put(result.cell().column(), String.format(Locale.ROOT, "%+.1f",
                            100 * (value.get() - against.get()) / against.get()));
                }
            }
            Map<String, String> seed = figure.getValue() == DiscoveryFigure.RSS_KIB
                    ? Map.of(Mode.APPLICATION.column, "-50 (implied: -75 % vs -50 % of 2.x)") : Map.of();
            lines.add(new ScenarioTable.ComputedLine(figure.getKey(), ours, seed));
        }
        return lines;
    }

    static Optional<Properties> read(CellResult result) {
        return result.isEmpty() ? Optional.empty() : DiscoveryFiguresStep.read(result.folder());
    }

    private static Optional<Double> number(Properties figures, DiscoveryFigure figure) {
        String value = figures.getProperty(figure.key());
        if (value == null || !value.matches("-?[0-9]+(\\.[0-9]+)?")) {
            return Optional.empty();
        }
        double parsed = Double.parseDouble(value);
        return parsed < 0 ? Optional.empty() : Optional.of(parsed);
    }

    private static Figure scaled(String name, DiscoveryFigure figure, int decimals, double divisor) {
        return Figure.number(name, decimals, r -> read(r).flatMap(p -> number(p, figure)).map(v -> v / divisor)
                .orElse(null));
    }

    private static Figure kib(String name, DiscoveryFigure figure) {
        return scaled(name, figure, 1, 1024);
    }

    private static Figure bytes(String name, DiscoveryFigure figure) {
        return scaled(name, figure, 1, 1024 * 1024);
    }

    private static Figure count(String name, DiscoveryFigure figure) {
        return scaled(name, figure, 0, 1);
    }

    private static Figure seconds(String name, DiscoveryFigure figure) {
        return scaled(name, figure, 1, 1000);
    }

    private static Figure text(String name, DiscoveryFigure figure) {
        Function<CellResult, String> reader = r -> read(r).map(p -> p.getProperty(figure.key())).orElse(null);
        return Figure.text(name, reader);
    }
}
