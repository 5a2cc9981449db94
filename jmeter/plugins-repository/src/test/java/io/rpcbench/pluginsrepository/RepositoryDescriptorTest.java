package io.rpcbench.pluginsrepository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RepositoryDescriptorTest {

    private static final String SAMPLER = "io.rpcbench.sampler.jmeter.DubboSampler";
    private static final String COLLECTOR = "kg.apc.jmeter.perfmon.PerfMonCollector";

    @TempDir
    Path dir;

    private List<ExtensionJar> jars;
    private Function<Path, List<String>> components;

    @BeforeEach
    void archiveJars() throws IOException {
        jars = List.of(
                jar("io.github.rpcbench", "rpcbench-jmeter-dubbo-sampler", "", "0.1.0-SNAPSHOT", SAMPLER),
                jar("org.apache.dubbo", "dubbo", "", "3.3.6"),
                jar("io.netty", "netty-transport-native-epoll", "linux-x86_64", "4.2.2.Final"),
                jar("kg.apc", "jmeter-plugins-perfmon", "", "2.1", COLLECTOR),
                jar("kg.apc", "jmeter-plugins-cmn-jmeter", "", "0.7"),
                jar("kg.apc", "perfmon", "", "2.2.2"));
        Map<String, List<String>> byJar = Map.of(
                "rpcbench-jmeter-dubbo-sampler", List.of("io.rpcbench.sampler.perfmon.AgentListPerfMonCollector"),
                "jmeter-plugins-perfmon", List.of(COLLECTOR, "kg.apc.jmeter.vizualizers.PerfMonGui"));
        components = file -> byJar.entrySet().stream()
                .filter(jar -> file.getFileName().toString().startsWith(jar.getKey() + "-"))
                .map(Map.Entry::getValue).findFirst().orElse(List.of());
    }

    /** Seals the descriptor's format: the Plugins Manager reads exactly these fields. */
    @Test
    void descriptorMatchesTheGoldenFile() throws Exception {
        RepositoryDescriptor descriptor = RepositoryDescriptor.of(List.of(rpcbench(), perfmon()), jars, components);

        assertThat(descriptor.toJson()).isEqualTo(golden("golden/rpcbench-plugins.json"));
    }

    @Test
    void writesTheDescriptorWithEveryJarBesideIt() throws Exception {
        Path folder = dir.resolve("repository");

        Path written = RepositoryDescriptor.of(List.of(rpcbench(), perfmon()), jars, components).writeTo(folder);

        assertThat(written).isEqualTo(folder.resolve(RepositoryDescriptor.FILE_NAME));
        assertThat(Files.readString(written)).isEqualTo(golden("golden/rpcbench-plugins.json"));
        for (ExtensionJar jar : jars) {
            assertThat(folder.resolve(jar.fileName())).hasSameBinaryContentAs(jar.file());
        }
    }

    @Test
    void jarNamedByNoPluginIsRefusedWhenNoPluginTakesEveryOtherJar() {
        PluginTemplate samplerWithDubboOnly = template("rpcbench", "io.github.rpcbench:rpcbench-jmeter-dubbo-sampler",
                SAMPLER, false, List.of("org.apache.dubbo:dubbo"));

        assertThatThrownBy(() -> RepositoryDescriptor.of(List.of(samplerWithDubboOnly, perfmon()), jars, components))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 of the archive's jars belong to no plugin, e.g. "
                        + "io.netty:netty-transport-native-epoll:linux-x86_64:4.2.2.Final");
    }

    @Test
    void twoPluginsTakingEveryOtherJarAreRefused() {
        PluginTemplate second = template("rpcbench-too", "org.apache.dubbo:dubbo", "org.apache.dubbo.Any", true,
                List.of());

        assertThatThrownBy(() -> RepositoryDescriptor.of(List.of(rpcbench(), second, perfmon()), jars, components))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("plugins 'rpcbench' and 'rpcbench-too' both take every other jar as libraries; expected "
                        + "one at most");
    }

    @Test
    void libraryNotAmongTheArchivesJarsIsRefusedNamingThePlugin() {
        PluginTemplate perfmonWithTypo = template("jpgc-perfmon", "kg.apc:jmeter-plugins-perfmon", COLLECTOR, false,
                List.of("kg.apc:jmeter-plugins-cmn"));

        assertThatThrownBy(() -> RepositoryDescriptor.of(List.of(rpcbench(), perfmonWithTypo), jars, components))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("plugin 'jpgc-perfmon' names the library kg.apc:jmeter-plugins-cmn, which is "
                        + "not among the archive's jars");
    }

    @Test
    void pluginJarNotAmongTheArchivesJarsIsRefused() {
        PluginTemplate elements = template("rpcbench-elements", "io.github.rpcbench:rpcbench-jmeter-elements",
                "io.rpcbench.elements.dubbo.DubboRequest", false, List.of());

        assertThatThrownBy(() -> RepositoryDescriptor.of(List.of(rpcbench(), perfmon(), elements), jars, components))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("the jar io.github.rpcbench:rpcbench-jmeter-elements of plugin "
                        + "'rpcbench-elements' is not among the archive's jars");
    }

    @Test
    void markerClassOutsideThePluginJarIsRefused() {
        PluginTemplate wrongMarker = template("rpcbench", "io.github.rpcbench:rpcbench-jmeter-dubbo-sampler",
                "io.rpcbench.sampler.jmeter.ThriftSampler", true, List.of());

        assertThatThrownBy(() -> RepositoryDescriptor.of(List.of(wrongMarker, perfmon()), jars, components))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("markerClass io.rpcbench.sampler.jmeter.ThriftSampler of plugin 'rpcbench' is not in its "
                        + "jar rpcbench-jmeter-dubbo-sampler-0.1.0-SNAPSHOT.jar; expected a class of that jar");
    }

    /** A new jar of elements in jmeter-home without an entry of its own would become a library, in lib/: refused. */
    @Test
    void jarWithJMeterElementsIsNotTakenAsALibrary() throws Exception {
        List<ExtensionJar> withElements = withElementsJar();

        assertThatThrownBy(() -> RepositoryDescriptor.of(List.of(rpcbench(), perfmon()), withElements, components))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("io.github.rpcbench:rpcbench-jmeter-elements:0.1.0-SNAPSHOT holds JMeter "
                        + "elements (2, e.g. io.rpcbench.elements.dubbo.DubboDefaults) and would go to lib/ as a "
                        + "library of plugin 'rpcbench'");
    }

    /** The new jar's entry is all it takes: its component classes are found, its libraries stay rpcbench's. */
    @Test
    void jarOfElementsWithAnEntryOfItsOwnIsAPluginWithItsComponentClasses() throws Exception {
        PluginTemplate elements = new PluginTemplate("rpcbench-elements", "rpcbench: Dubbo Request and Defaults",
                "Samplers and a config element of their own.", "", "rpcbench",
                "io.github.rpcbench:rpcbench-jmeter-elements", "io.rpcbench.elements.dubbo.DubboRequest", false,
                List.of(), List.of("rpcbench"));

        List<Map<String, Object>> entries = RepositoryDescriptor.of(List.of(rpcbench(), perfmon(), elements),
                withElementsJar(), components).entries();

        assertThat(entries).hasSize(3);
        assertThat(entries.get(2)).containsEntry("id", "rpcbench-elements").containsEntry("componentClasses",
                List.of("io.rpcbench.elements.dubbo.DubboDefaults", "io.rpcbench.elements.dubbo.DubboRequest"));
        assertThat(entries.get(2).get("versions")).isEqualTo(Map.of("0.1.0-SNAPSHOT", Map.of(
                "downloadUrl", "rpcbench-jmeter-elements-0.1.0-SNAPSHOT.jar", "libs", Map.of(),
                "depends", List.of("rpcbench"))));
        assertThat(entries.get(0).get("versions").toString()).doesNotContain("rpcbench-jmeter-elements");
    }

    private List<ExtensionJar> withElementsJar() throws IOException {
        List<ExtensionJar> all = new ArrayList<>(jars);
        all.add(jar("io.github.rpcbench", "rpcbench-jmeter-elements", "", "0.1.0-SNAPSHOT",
                "io.rpcbench.elements.dubbo.DubboRequest"));
        Function<Path, List<String>> before = components;
        components = file -> file.getFileName().toString().startsWith("rpcbench-jmeter-elements")
                ? List.of("io.rpcbench.elements.dubbo.DubboDefaults", "io.rpcbench.elements.dubbo.DubboRequest")
                : before.apply(file);
        return all;
    }

    private static PluginTemplate rpcbench() {
        return new PluginTemplate("rpcbench", "rpcbench: Dubbo and Thrift samplers", "Load-tests Dubbo and Thrift.", "",
                "rpcbench", "io.github.rpcbench:rpcbench-jmeter-dubbo-sampler", SAMPLER, true, List.of(),
                List.of("jpgc-perfmon"));
    }

    private static PluginTemplate perfmon() {
        return template("jpgc-perfmon", "kg.apc:jmeter-plugins-perfmon", COLLECTOR, false,
                List.of("kg.apc:jmeter-plugins-cmn-jmeter", "kg.apc:perfmon"));
    }

    private static PluginTemplate template(String id, String jar, String marker, boolean takesRest, List<String> libs) {
        return new PluginTemplate(id, id + " name", id + " description", "https://example.org/" + id, "vendor", jar,
                marker, takesRest, libs, List.of());
    }

    private ExtensionJar jar(String group, String artifact, String classifier, String version, String... classes)
            throws IOException {
        String file = artifact + "-" + version + (classifier.isEmpty() ? "" : "-" + classifier) + ".jar";
        return new ExtensionJar(group, artifact, classifier, version,
                Jars.withClasses(dir.resolve("m2").resolve(file), classes));
    }

    private static String golden(String resource) throws IOException {
        List<String> lines = new ArrayList<>();
        try (InputStream in = RepositoryDescriptorTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            lines.addAll(new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList());
        }
        return String.join("\n", lines) + "\n";
    }
}
