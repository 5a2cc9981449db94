package io.rpcbench.benchmark.seeds.seed000;

import io.rpcbench.benchmark.scenario.Figure;
import io.rpcbench.benchmark.scenario.SeedColumn;
import java.util.List;
import java.util.Map;

/**
 * Seed 000's published figures of its payload scenarios (sections 5.1 to 5.4: a POJO of about 1 KiB, a 1k, 50k and
 * 200k string, echoed at 10 threads for 10 minutes), quoted, not measured: per system and payload the TPS (the mean
 * over successes) and the mean response time of successes in ms, as {@link SeedColumn}s by {@link Figure} name, and
 * the seed's two rows comparing systems in percent. Payloads are indexed in the seed's order:
 * {@value #POJO}, {@value #STRING_1K}, {@value #STRING_50K}, {@value #STRING_200K}.
 */
final class Seed000PublishedPayloads {

    static final int POJO = 0;
    static final int STRING_1K = 1;
    static final int STRING_50K = 2;
    static final int STRING_200K = 3;

    /** The seed's two machines, alike, and how it ran each cell. */
    static final String HARDWARE = Seed000Machines.HARDWARE + "; 10 threads, 10 min per cell";

    /** What the seed's columns are called in the table's notes (the rows name its systems). */
    static final String TITLE = "seed 000, sections 5.1-5.4";

    /** The seed's systems, as it named them. */
    static final String DUBBO1_HESSIAN2 = "dubbo1 (hessian2 + mina)";
    static final String DUBBO2_HESSIAN2 = "dubbo2 (hessian2 + netty)";
    static final String DUBBO2_DUBBO_SERIALIZATION = "dubbo2 (dubbo serialization + netty)";
    static final String RMI = "rmi";
    static final String HESSIAN = "hessian";
    static final String HTTP_JSON = "http (json serialization)";

    /** The seed's comparison rows, in its words translated: each compares two of its systems, in percent. */
    static final String DUBBO2_VS_DUBBO1 = "2.0 vs 1.0 default, %";
    static final String DUBBO_VS_HESSIAN2_SERIALIZATION = "dubbo vs hessian2 serialization, %";

    /** Per row of the seed: TPS and mean ms for each payload in turn (POJO, 1k, 50k, 200k), as printed. */
    private static final Map<String, List<String>> FIGURES = Map.of(
            DUBBO1_HESSIAN2, List.of("10813.5", "0.9", "11940", "0.8", "1962.7", "5.1", "324.2", "30.8"),
            DUBBO2_HESSIAN2, List.of("11994", "0.79", "14402", "0.64", "1293", "5.03", "362.92", "27.49"),
            DUBBO2_DUBBO_SERIALIZATION, List.of("13620", "0.67", "15096", "0.6", "1966", "7.68", "569.5", "17.51"),
            RMI, List.of("2461.79", "4", "11136.02", "0.81", "3349.88", "2.9", "1031.28", "9.61"),
            HESSIAN, List.of("2417.7", "4.1", "11426.83", "0.79", "1925.33", "5.13", "628.06", "15.83"),
            HTTP_JSON, List.of("8179.08", "1.15", "8919.27", "1.04", "3247.1", "3", "1011.97", "9.79"),
            DUBBO2_VS_DUBBO1, List.of("10.92", "-12.22", "20.62", "-20.00", "-34.12", "-1.37", "11.94", "-10.75"),
            DUBBO_VS_HESSIAN2_SERIALIZATION,
                    List.of("13.56", "-15.19", "4.82", "-6.25", "52.05", "52.68", "56.92", "-36.30"));

    private Seed000PublishedPayloads() {}

    /**
     * The seed's figures of {@code row} (a system or a comparison row) for the payload at {@code payload}: TPS and
     * average ms.
     *
     * @throws IllegalArgumentException for a row the seed does not have, or a payload index outside 0 to 3
     */
    static SeedColumn column(String row, int payload) {
        List<String> figures = FIGURES.get(row);
        if (figures == null) {
            throw new IllegalArgumentException("seed 000 has no payload row '" + row + "'; expected one of "
                    + FIGURES.keySet().stream().sorted().toList());
        }
        if (payload < POJO || payload > STRING_200K) {
            throw new IllegalArgumentException("seed 000 has no payload " + payload + "; expected " + POJO + " (POJO) "
                    + "to " + STRING_200K + " (200k string)");
        }
        return new SeedColumn(TITLE, HARDWARE, Map.of(Figure.TPS.name(), figures.get(2 * payload),
                Figure.AVERAGE_MS.name(), figures.get(2 * payload + 1)));
    }
}
