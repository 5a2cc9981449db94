package io.rpcbench.pluginsrepository;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.zip.ZipFile;

/**
 * A JMeter Plugins Manager repository descriptor ({@code site/dat/wiki/PluginRepositoryDescriptorFormat.md} in
 * undera/jmeter-plugins): a JSON array with one entry per plugin, each with its one version, whose
 * {@code downloadUrl} and {@code libs} name jars by file name. The Plugins Manager reads a local repository's jars
 * relative to its descriptor, so {@link #writeTo} puts the jars beside it.
 *
 * <pre>{@code
 * RepositoryDescriptor descriptor = RepositoryDescriptor.of(PluginTemplate.readAll(pluginsJson),
 *         DependencyList.read(list), finder::componentsIn);
 * descriptor.writeTo(Path.of("target/plugins-repository"));
 * }</pre>
 */
public final class RepositoryDescriptor {

    /** The descriptor's file name in the repository folder. */
    public static final String FILE_NAME = "rpcbench-plugins.json";

    private final List<Map<String, Object>> entries;
    private final List<ExtensionJar> jars;

    private RepositoryDescriptor(List<Map<String, Object>> entries, List<ExtensionJar> jars) {
        this.entries = entries;
        this.jars = jars;
    }

    /**
     * The descriptor of {@code plugins}, whose jars and libraries are among {@code jars}, with each plugin jar's
     * component classes from {@code componentsOf}.
     *
     * @throws IllegalArgumentException naming the plugin when its jar or a library is not among {@code jars}, its
     *     marker class is not in its jar, two plugins take every other jar, a jar belongs to no plugin, or a jar that
     *     holds JMeter elements would be taken as a library (see {@link #requireNoElementsIn})
     */
    public static RepositoryDescriptor of(List<PluginTemplate> plugins, List<ExtensionJar> jars,
            Function<Path, List<String>> componentsOf) {
        Map<PluginTemplate, List<ExtensionJar>> libs = librariesOf(plugins, jars);
        requireNoElementsIn(plugins, libs, componentsOf);
        List<Map<String, Object>> entries = new ArrayList<>();
        for (PluginTemplate plugin : plugins) {
            ExtensionJar jar = jarOf(plugin, jars);
            requireClassIn(plugin, jar);
            entries.add(entry(plugin, jar, componentsOf.apply(jar.file()), libs.get(plugin)));
        }
        return new RepositoryDescriptor(List.copyOf(entries), List.copyOf(jars));
    }

    /**
     * Each plugin's libraries: those it names, and for the plugin that takes every other jar, every jar that is no
     * plugin's jar and no other plugin's library.
     */
    static Map<PluginTemplate, List<ExtensionJar>> librariesOf(List<PluginTemplate> plugins, List<ExtensionJar> jars) {
        Map<PluginTemplate, List<ExtensionJar>> libs = new LinkedHashMap<>();
        List<ExtensionJar> unclaimed = new ArrayList<>(jars);
        PluginTemplate takesTheRest = null;
        for (PluginTemplate plugin : plugins) {
            unclaimed.remove(jarOf(plugin, jars));
            List<ExtensionJar> own = new ArrayList<>();
            for (String name : plugin.libs()) {
                ExtensionJar lib = find(name, jars).orElseThrow(() -> new IllegalArgumentException("plugin '"
                        + plugin.id() + "' names the library " + name + ", which is not among the archive's jars; "
                        + "expected a groupId:artifactId of a dependency of jmeter-home at scope provided"));
                own.add(lib);
                unclaimed.remove(lib);
            }
            libs.put(plugin, own);
            if (plugin.takesEveryOtherJar()) {
                if (takesTheRest != null) {
                    throw new IllegalArgumentException("plugins '" + takesTheRest.id() + "' and '" + plugin.id()
                            + "' both take every other jar as libraries; expected one at most");
                }
                takesTheRest = plugin;
            }
        }
        if (takesTheRest != null) {
            libs.get(takesTheRest).addAll(unclaimed);
        } else if (!unclaimed.isEmpty()) {
            throw new IllegalArgumentException(unclaimed.size() + " of the archive's jars belong to no plugin, e.g. "
                    + unclaimed.get(0).coordinates() + "; expected each to be a plugin's jar or library, or one plugin "
                    + "with \"libs\": \"" + PluginTemplate.EVERY_OTHER_JAR + "\"");
        }
        return libs;
    }

    /**
     * A jar that holds JMeter elements must be named in {@code plugins.json}: as a library of the plugin that takes
     * every other jar it would go to {@code lib/}, which JMeter does not scan for the elements of its menus. This is
     * what a new jar of elements added to jmeter-home without its own entry would meet.
     */
    private static void requireNoElementsIn(List<PluginTemplate> plugins, Map<PluginTemplate, List<ExtensionJar>> libs,
            Function<Path, List<String>> componentsOf) {
        for (PluginTemplate plugin : plugins) {
            if (!plugin.takesEveryOtherJar()) {
                continue;
            }
            for (ExtensionJar lib : libs.get(plugin)) {
                if (plugin.libs().contains(lib.groupAndArtifact())) {
                    continue;
                }
                List<String> elements = componentsOf.apply(lib.file());
                if (!elements.isEmpty()) {
                    throw new IllegalArgumentException(lib.coordinates() + " holds JMeter elements (" + elements.size()
                            + ", e.g. " + elements.get(0) + ") and would go to lib/ as a library of plugin '"
                            + plugin.id() + "', where JMeter's menus do not find them; expected a plugin of its own in "
                            + "plugins.json (\"jar\": \"" + lib.groupAndArtifact() + "\"), whose jar goes to lib/ext");
                }
            }
        }
    }

    private static ExtensionJar jarOf(PluginTemplate plugin, List<ExtensionJar> jars) {
        return find(plugin.jar(), jars).orElseThrow(() -> new IllegalArgumentException("the jar " + plugin.jar()
                + " of plugin '" + plugin.id() + "' is not among the archive's jars; expected a groupId:artifactId of "
                + "a dependency of jmeter-home at scope provided"));
    }

    private static Optional<ExtensionJar> find(String groupAndArtifact, List<ExtensionJar> jars) {
        return jars.stream().filter(j -> j.groupAndArtifact().equals(groupAndArtifact)).findFirst();
    }

    /** The Plugins Manager takes a plugin for installed when its marker class loads: it must be the jar's own. */
    private static void requireClassIn(PluginTemplate plugin, ExtensionJar jar) {
        try (ZipFile zip = new ZipFile(jar.file().toFile())) {
            if (zip.getEntry(plugin.markerClass().replace('.', '/') + ".class") == null) {
                throw new IllegalArgumentException("markerClass " + plugin.markerClass() + " of plugin '" + plugin.id()
                        + "' is not in its jar " + jar.fileName() + "; expected a class of that jar");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + jar.file(), e);
        }
    }

    private static Map<String, Object> entry(PluginTemplate plugin, ExtensionJar jar, List<String> components,
            List<ExtensionJar> libs) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("id", plugin.id());
        entry.put("name", plugin.name());
        entry.put("description", plugin.description());
        entry.put("helpUrl", plugin.helpUrl());
        entry.put("vendor", plugin.vendor());
        entry.put("markerClass", plugin.markerClass());
        entry.put("componentClasses", components);
        Map<String, Object> version = new LinkedHashMap<>();
        version.put("downloadUrl", jar.fileName());
        Map<String, String> libraries = new TreeMap<>();
        libs.forEach(lib -> libraries.put(lib.libraryKey(), lib.fileName()));
        version.put("libs", libraries);
        if (!plugin.depends().isEmpty()) {
            version.put("depends", plugin.depends());
        }
        entry.put("versions", Map.of(jar.version(), version));
        return entry;
    }

    public List<Map<String, Object>> entries() {
        return entries;
    }

    /** The descriptor as the Plugins Manager reads it, indented. */
    public String toJson() {
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(entries) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the descriptor as JSON", e);
        }
    }

    /** Writes {@value #FILE_NAME} and copies every jar beside it into {@code folder}. */
    public Path writeTo(Path folder) throws IOException {
        Files.createDirectories(folder);
        for (ExtensionJar jar : jars) {
            Files.copy(jar.file(), folder.resolve(jar.fileName()), StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.COPY_ATTRIBUTES);
        }
        Path descriptor = folder.resolve(FILE_NAME);
        Files.writeString(descriptor, toJson());
        return descriptor;
    }
}
