package io.rpcbench.pluginsrepository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PluginTemplateTest {

    private static final String FIELDS = """
            "name": "n", "description": "d", "helpUrl": "", "vendor": "v", "markerClass": "a.B\"""";

    @TempDir
    Path dir;

    @Test
    void readsAPluginWithLibrariesAndOneThatTakesEveryOtherJar() throws Exception {
        Path file = Files.writeString(dir.resolve("plugins.json"), """
                [{"id": "rpcbench", "jar": "g:sampler", "libs": "every other jar", "depends": ["jpgc-perfmon"], %s},
                 {"id": "jpgc-perfmon", "jar": "kg.apc:jmeter-plugins-perfmon", "libs": ["kg.apc:perfmon"], %s}]
                """.formatted(FIELDS, FIELDS));

        List<PluginTemplate> plugins = PluginTemplate.readAll(file);

        assertThat(plugins).containsExactly(
                new PluginTemplate("rpcbench", "n", "d", "", "v", "g:sampler", "a.B", true, List.of(),
                        List.of("jpgc-perfmon")),
                new PluginTemplate("jpgc-perfmon", "n", "d", "", "v", "kg.apc:jmeter-plugins-perfmon", "a.B", false,
                        List.of("kg.apc:perfmon"), List.of()));
    }

    @Test
    void pluginWithoutAMarkerClassIsRefusedNamingIt() throws Exception {
        Path file = Files.writeString(dir.resolve("plugins.json"), """
                [{"id": "rpcbench", "jar": "g:a", "libs": [], "name": "n", "description": "d", "helpUrl": "",
                  "vendor": "v"}]""");

        assertThatThrownBy(() -> PluginTemplate.readAll(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("plugin rpcbench in " + file + " has no text field 'markerClass'");
    }

    @Test
    void jarThatIsNoGroupAndArtifactIsRefused() throws Exception {
        Path file = Files.writeString(dir.resolve("plugins.json"), """
                [{"id": "rpcbench", "jar": "rpcbench-jmeter-elements-0.1.0.jar", "libs": [], %s}]""".formatted(FIELDS));

        assertThatThrownBy(() -> PluginTemplate.readAll(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("plugin rpcbench in " + file + " names its jar 'rpcbench-jmeter-elements-0.1.0.jar'; "
                        + "expected groupId:artifactId");
    }

    @Test
    void libsThatAreNeitherAListNorEveryOtherJarAreRefused() throws Exception {
        Path file = Files.writeString(dir.resolve("plugins.json"), """
                [{"id": "rpcbench", "jar": "g:a", "libs": "all", %s}]""".formatted(FIELDS));

        assertThatThrownBy(() -> PluginTemplate.readAll(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("plugin rpcbench in " + file + " has libs \"all\"; expected a list of groupId:artifactId "
                        + "or \"every other jar\"");
    }

    @Test
    void fileThatIsNoArrayIsRefused() throws Exception {
        Path file = Files.writeString(dir.resolve("plugins.json"), "{\"id\": \"rpcbench\"}");

        assertThatThrownBy(() -> PluginTemplate.readAll(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(file + " is not a JSON array of plugins");
    }
}
