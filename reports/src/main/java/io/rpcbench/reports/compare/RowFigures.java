package io.rpcbench.reports.compare;

import java.util.Map;

/**
 * The figures of one scenario and system in one run (an entry of {@code runs} in its {@code dashboard.json}): the
 * metric values, the noise bands from the steadiness thirds, and for each value or band that is missing why
 * (e.g. {@code no "server" figures}), so the comparison can show {@code -} and say why once.
 *
 * @param name the entry's name in the dashboard, e.g. {@code dubbo-echo-1k}
 * @param values the metrics that have a value
 * @param missing why a metric has no value, for each metric not in {@code values}
 * @param bands noise band in % by field of {@code steadiness.thirds} ({@code tps}, {@code averageMs},
 *     {@code p99Ms}), for the fields that have one
 * @param bandsMissing why a thirds field has no band, for each field not in {@code bands}
 * @param steady {@code steadiness.steady}; null when the run does not say
 * @param steadinessVerdict {@code steadiness.verdict}; null when the run does not say
 * @param warmupMs the warm-up cut before the measured window; null when the run does not say
 * @param resolution the latency resolution, {@code us}, {@code ms} or {@code mixed}; null when not said
 */
record RowFigures(String name, String scenario, String system, Map<Metric, Double> values,
        Map<Metric, String> missing, Map<String, Double> bands, Map<String, String> bandsMissing, Boolean steady,
        String steadinessVerdict, Long warmupMs, String resolution) {

    /** The thirds fields that give noise bands, in the order the comparison names them. */
    static final String[] THIRDS_FIELDS = {"tps", "averageMs", "p99Ms"};

    Double value(Metric metric) {
        return values.get(metric);
    }

    /** The metric's noise band in %, or null (see {@link #whyNoBand}). */
    Double band(Metric metric) {
        return bands.get(metric.noiseThirds());
    }

    String whyNoValue(Metric metric) {
        return missing.get(metric);
    }

    String whyNoBand(Metric metric) {
        return bandsMissing.get(metric.noiseThirds());
    }

    boolean notSteady() {
        return Boolean.FALSE.equals(steady);
    }

    /** {@code scenario / system}, as rows are headed in notes. */
    String row() {
        return scenario + " / " + system;
    }
}
