package io.rpcbench.reports.compare;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run to compare: the figures of each scenario and system in its {@code dashboard.json}, read with Jackson's
 * tree model so that only the fields compared are relied on:
 *
 * <pre>
 * { "title": ..., "runs": [ { "name": "dubbo-echo-1k", "system": "dubbo", "scenario": "echo-1k", "warmupMs": ...,
 *     "total": { "tps", "averageMs", "p50Ms", "p90Ms", "p99Ms", "p999Ms", "errorPercent", "resolution" },
 *     "steadiness": { "thirds": [ {"tps", "averageMs", "p99Ms"} x3 ], "steady": bool, "verdict": "text" },
 *     "server": { "hostCpuPercent", "providerCpuPercent", "providerRssMb", "gcPausePercent",
 *                 "networkInBytesPerSecond", "networkOutBytesPerSecond" } } ] }
 * </pre>
 *
 * Any of {@code total}, {@code steadiness}, {@code server} or a figure may be missing or null (older runs,
 * JTLs from elsewhere): the figure is then missing with a reason. A number written as {@code "NaN"} (Jackson's
 * way) is missing too. What is there must have its type; every other mistake is a {@link RunFolderException}
 * naming the file and the JSON path.
 */
record ComparedRun(String name, Path folder, Path dashboardJson, String title, List<RowFigures> rows) {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    static ComparedRun read(RunFolder run) {
        Reader reader = new Reader(run.dashboardJson());
        JsonNode root = reader.parse();
        List<RowFigures> rows = reader.rows(root);
        return new ComparedRun(run.name(), run.folder(), run.dashboardJson(), reader.text(root, "title", "title"),
                rows);
    }

    /** Reads one file; every error names it and the JSON path of the bad value. */
    private record Reader(Path file) {

        JsonNode parse() {
            try (InputStream in = Files.newInputStream(file)) {
                JsonNode root = MAPPER.readTree(in);
                if (root == null || !root.isObject()) {
                    throw fail("is " + describe(root) + "; expected a JSON object with a \"runs\" array, the "
                            + "dashboard's figures");
                }
                return root;
            } catch (JsonProcessingException e) {
                JsonLocation at = e.getLocation();
                throw new RunFolderException(file + ": not valid JSON" + (at == null ? "" : " at line "
                        + at.getLineNr() + ", column " + at.getColumnNr()) + ": " + e.getOriginalMessage()
                        + "; expected the dashboard's figures", e);
            } catch (IOException e) {
                throw new RunFolderException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }

        List<RowFigures> rows(JsonNode root) {
            JsonNode runs = root.get("runs");
            if (runs == null || !runs.isArray()) {
                throw fail("has no \"runs\" array; expected the dashboard's figures with one entry per "
                        + "scenario and system");
            }
            if (runs.isEmpty()) {
                throw fail("\"runs\" is empty; expected the figures of at least one scenario and system");
            }
            List<RowFigures> rows = new ArrayList<>();
            Map<String, RowFigures> byRow = new HashMap<>();
            for (int i = 0; i < runs.size(); i++) {
                RowFigures row = row(runs.get(i), "runs[" + i + "]");
                RowFigures before = byRow.put(row.scenario() + "\n" + row.system(), row);
                if (before != null) {
                    throw fail("runs '" + before.name() + "' and '" + row.name() + "' are both scenario '"
                            + row.scenario() + "' of system '" + row.system() + "'; expected one entry per "
                            + "scenario and system, which is how runs are matched");
                }
                rows.add(row);
            }
            return rows;
        }

        private RowFigures row(JsonNode entry, String at) {
            if (!entry.isObject()) {
                throw fail(at + " is " + describe(entry) + "; expected an object");
            }
            String name = required(entry, "name", at);
            String scenario = required(entry, "scenario", at);
            String system = required(entry, "system", at);

            Map<Metric, Double> values = new EnumMap<>(Metric.class);
            Map<Metric, String> missing = new EnumMap<>(Metric.class);
            for (Metric metric : Metric.values()) {
                JsonNode section = section(entry, metric.section(), at);
                Double value = section == null ? null : number(section, metric.field(), at + "." + metric.section());
                if (value != null) {
                    values.put(metric, value);
                } else {
                    missing.put(metric, section == null ? "no \"" + metric.section() + "\" figures"
                            : isNaN(section.get(metric.field())) ? metric.path() + " is NaN" : "no " + metric.path());
                }
            }

            Map<String, Double> bands = new LinkedHashMap<>();
            Map<String, String> bandsMissing = new LinkedHashMap<>();
            JsonNode steadiness = section(entry, "steadiness", at);
            Boolean steady = null;
            String verdict = null;
            if (steadiness == null) {
                for (String field : RowFigures.THIRDS_FIELDS) {
                    bandsMissing.put(field, "no \"steadiness\" figures");
                }
            } else {
                thirds(steadiness, at + ".steadiness", bands, bandsMissing);
                steady = bool(steadiness, "steady", at + ".steadiness");
                verdict = text(steadiness, "verdict", at + ".steadiness.verdict");
            }
            JsonNode total = section(entry, "total", at);
            Double warmup = number(entry, "warmupMs", at);
            return new RowFigures(name, scenario, system, values, missing, bands, bandsMissing, steady, verdict,
                    warmup == null ? null : warmup.longValue(),
                    total == null ? null : text(total, "resolution", at + ".total.resolution"));
        }

        /** The three thirds' band per field, or why there is none. */
        private void thirds(JsonNode steadiness, String at, Map<String, Double> bands, Map<String, String> missing) {
            JsonNode thirds = steadiness.get("thirds");
            if (thirds == null || thirds.isNull()) {
                for (String field : RowFigures.THIRDS_FIELDS) {
                    missing.put(field, "no steadiness.thirds");
                }
                return;
            }
            if (!thirds.isArray() || thirds.size() != 3) {
                throw fail(at + ".thirds is " + describe(thirds) + "; expected an array of the window's 3 thirds");
            }
            for (String field : RowFigures.THIRDS_FIELDS) {
                double[] values = new double[3];
                String why = null;
                for (int i = 0; i < 3 && why == null; i++) {
                    String third = at + ".thirds[" + i + "]";
                    if (!thirds.get(i).isObject()) {
                        throw fail(third + " is " + describe(thirds.get(i)) + "; expected an object");
                    }
                    Double value = number(thirds.get(i), field, third);
                    if (value == null) {
                        why = "no steadiness.thirds[" + i + "]." + field;
                    } else {
                        values[i] = value;
                    }
                }
                Double band = why == null ? NoiseRule.band(values) : null;
                if (band != null) {
                    bands.put(field, band);
                } else {
                    missing.put(field, why != null ? why : "steadiness.thirds " + field + " are all 0");
                }
            }
        }

        /** An object member, or null when missing or null; anything else is a mistake. */
        private JsonNode section(JsonNode entry, String field, String at) {
            JsonNode section = entry.get(field);
            if (section == null || section.isNull()) {
                return null;
            }
            if (!section.isObject()) {
                throw fail(at + "." + field + " is " + describe(section) + "; expected an object or null");
            }
            return section;
        }

        /** A number, or null when missing, null or NaN/Infinity. */
        private Double number(JsonNode parent, String field, String at) {
            JsonNode node = parent.get(field);
            if (node == null || node.isNull() || isNaN(node)) {
                return null;
            }
            if (!node.isNumber()) {
                throw fail(at + "." + field + " is " + describe(node) + "; expected a number or null");
            }
            double value = node.doubleValue();
            return Double.isFinite(value) ? value : null;
        }

        private Boolean bool(JsonNode parent, String field, String at) {
            JsonNode node = parent.get(field);
            if (node == null || node.isNull()) {
                return null;
            }
            if (!node.isBoolean()) {
                throw fail(at + "." + field + " is " + describe(node) + "; expected true, false or null");
            }
            return node.booleanValue();
        }

        String text(JsonNode parent, String field, String at) {
            JsonNode node = parent.get(field);
            if (node == null || node.isNull()) {
                return null;
            }
            if (!node.isTextual()) {
                throw fail(at + " is " + describe(node) + "; expected text or null");
            }
            return node.textValue();
        }

        private String required(JsonNode entry, String field, String at) {
            JsonNode node = entry.get(field);
            if (node == null || !node.isTextual() || node.textValue().isBlank()) {
                throw fail(at + "." + field + " is " + describe(node) + "; expected text: every entry needs name, "
                        + "scenario and system, which match entries across runs");
            }
            return node.textValue();
        }

        private static boolean isNaN(JsonNode node) {
            return node != null && node.isTextual()
                    && List.of("NaN", "Infinity", "-Infinity").contains(node.textValue());
        }

        private static String describe(JsonNode node) {
            if (node == null || node.isMissingNode()) {
                return "missing";
            }
            if (node.isTextual()) {
                String text = node.textValue();
                return "\"" + (text.length() > 40 ? text.substring(0, 40) + "..." : text) + "\"";
            }
            if (node.isArray()) {
                return "an array of " + node.size();
            }
            if (node.isObject()) {
                return "an object";
            }
            return node.toString();
        }

        private RunFolderException fail(String problem) {
            return new RunFolderException(file + ": " + problem);
        }
    }
}
