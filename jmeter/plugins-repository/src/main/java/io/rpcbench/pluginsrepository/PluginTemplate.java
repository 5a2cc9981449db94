package io.rpcbench.pluginsrepository;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One plugin of {@code plugins.json}: the Plugins Manager entry's fields that the build does not know ({@code id},
 * {@code name}, {@code description}, {@code helpUrl}, {@code vendor}, {@code markerClass}, optional {@code depends}),
 * plus {@code jar}, the {@code groupId:artifactId} of the jar that is the plugin (the Plugins Manager puts it in
 * {@code lib/ext}), and {@code libs}: a list of {@code groupId:artifactId} of its libraries (for {@code lib/}), or the
 * text {@value #EVERY_OTHER_JAR} for the one plugin that takes every jar no other plugin names.
 *
 * <pre>{@code
 * {"id": "jpgc-perfmon", "name": "...", "description": "...", "helpUrl": "...", "vendor": "...",
 *  "jar": "kg.apc:jmeter-plugins-perfmon", "markerClass": "kg.apc.jmeter.perfmon.PerfMonCollector",
 *  "libs": ["kg.apc:jmeter-plugins-cmn-jmeter", "kg.apc:perfmon"]}
 * }</pre>
 */
public record PluginTemplate(String id, String name, String description, String helpUrl, String vendor, String jar,
        String markerClass, boolean takesEveryOtherJar, List<String> libs, List<String> depends) {

    /** The {@code libs} text of the plugin that takes every jar no other plugin names. */
    public static final String EVERY_OTHER_JAR = "every other jar";

    private static final List<String> TEXT_FIELDS = List.of("id", "name", "description", "helpUrl", "vendor", "jar",
            "markerClass");

    public PluginTemplate {
        libs = List.copyOf(libs);
        depends = List.copyOf(depends);
    }

    /**
     * @throws IllegalArgumentException naming the file and the plugin when it is not a JSON array of plugins, or a
     *     plugin lacks a field or has one of the wrong shape
     */
    public static List<PluginTemplate> readAll(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("plugins file " + file + " does not exist");
        }
        JsonNode root = new ObjectMapper().readTree(file.toFile());
        if (root == null || !root.isArray() || root.isEmpty()) {
            throw new IllegalArgumentException(file + " is not a JSON array of plugins; expected [{\"id\": ..., "
                    + "\"jar\": \"groupId:artifactId\", ...}]");
        }
        List<PluginTemplate> plugins = new ArrayList<>();
        for (JsonNode fields : root) {
            plugins.add(of(fields, file, plugins.size()));
        }
        return plugins;
    }

    private static PluginTemplate of(JsonNode fields, Path file, int index) {
        String where = "plugin " + fields.path("id").asText("#" + (index + 1)) + " in " + file;
        for (String field : TEXT_FIELDS) {
            if (!fields.path(field).isTextual()) {
                throw new IllegalArgumentException(where + " has no text field '" + field + "'; expected each of "
                        + TEXT_FIELDS + ", \"libs\" and optionally \"depends\"");
            }
        }
        if (!fields.path("jar").asText().matches("[^:\\s]+:[^:\\s]+")) {
            throw new IllegalArgumentException(where + " names its jar '" + fields.get("jar").asText()
                    + "'; expected groupId:artifactId");
        }
        JsonNode libs = fields.path("libs");
        boolean takesRest = libs.isTextual();
        if (takesRest && !libs.asText().equals(EVERY_OTHER_JAR) || !takesRest && !isTextArray(libs)) {
            throw new IllegalArgumentException(where + " has libs " + libs + "; expected a list of groupId:artifactId "
                    + "or \"" + EVERY_OTHER_JAR + "\"");
        }
        JsonNode depends = fields.path("depends");
        if (!depends.isMissingNode() && !isTextArray(depends)) {
            throw new IllegalArgumentException(where + " has depends " + depends + "; expected a list of plugin ids");
        }
        return new PluginTemplate(fields.get("id").asText(), fields.get("name").asText(),
                fields.get("description").asText(), fields.get("helpUrl").asText(), fields.get("vendor").asText(),
                fields.get("jar").asText(), fields.get("markerClass").asText(), takesRest,
                takesRest ? List.of() : texts(libs), texts(depends));
    }

    private static boolean isTextArray(JsonNode node) {
        if (!node.isArray()) {
            return false;
        }
        for (JsonNode item : node) {
            if (!item.isTextual()) {
                return false;
            }
        }
        return true;
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(item -> texts.add(item.asText()));
        return texts;
    }
}
