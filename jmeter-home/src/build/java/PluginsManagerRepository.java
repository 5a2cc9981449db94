import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Writes a JMeter Plugins Manager repository: one folder with the descriptor {@value #DESCRIPTOR} (the Plugins
 * Manager's format, {@code site/dat/wiki/PluginRepositoryDescriptorFormat.md} in undera/jmeter-plugins) and every jar
 * it names, so that a JMeter with {@code jpgc.repo.address=<folder>/}{@value #DESCRIPTOR} installs rpcbench with
 * {@code PluginsManagerCMD.sh install rpcbench} or {@code install-for-jmx PLAN}, with no network.
 *
 * <pre>java -cp &lt;jackson jars&gt; PluginsManagerRepository.java &lt;plugins.json&gt; &lt;dependency list&gt;
 *     &lt;jmeter-home&gt; &lt;output folder&gt;</pre>
 *
 * <p>The three inputs, and what each decides:
 * <ul>
 *   <li>{@code plugins.json}: the plugins, as the Plugins Manager's own entries less what the build knows (versions,
 *   component classes, libraries), plus {@code jar}, the {@code groupId:artifactId} of the jar that is the plugin (it
 *   goes to {@code lib/ext}), and {@code libs}: a list of {@code groupId:artifactId} of its libraries, or a string
 *   ("every other jar") for the one plugin that takes every jar no other plugin names;</li>
 *   <li>the dependency list ({@code mvn dependency:list -DoutputAbsoluteArtifactFilename=true}, scope provided): the
 *   jars the rpcbench archive adds to a stock JMeter, with their versions, so the descriptor follows every version
 *   bump of the parent pom;</li>
 *   <li>the laid-out JMeter home (JMeter and every jar above): the class path on which each plugin jar's component
 *   classes are found, the public concrete classes that are a {@code TestElement} or a {@code JMeterGUIComponent}
 *   (what a plan names in {@code testclass} and {@code guiclass}, which {@code install-for-jmx} looks up).</li>
 * </ul>
 *
 * <p>Each library's key is {@code artifactId>=version} (so an upgrade of a plugin replaces an older copy of the
 * library in {@code lib/}); a jar with a classifier (Netty's native transports) is keyed
 * {@code artifactId-classifier>=version}, since the Plugins Manager keys libraries by name. Download addresses are
 * file names: the Plugins Manager reads a local repository's jars relative to its descriptor.
 */
public final class PluginsManagerRepository {

    /** The descriptor's file name in the output folder. */
    static final String DESCRIPTOR = "rpcbench-plugins.json";

    /** What a dependency list line holds: {@code group:artifact:type[:classifier]:version:scope:/path [-- module ...]}. */
    private static final Pattern LISTED_ARTIFACT = Pattern.compile(
            "^\\s*([^:\\s]+):([^:]+):([^:]+):(?:([^:]+):)?([^:]+):(compile|provided|runtime|test|system):(.+?\\.jar)"
                    + "(?:\\s+--\\s.*)?$");

    private static final List<String> TEMPLATE_FIELDS = List.of("id", "name", "description", "helpUrl", "vendor",
            "jar", "markerClass", "libs");

    /** JMeter's types whose implementations a plan names as {@code testclass} or {@code guiclass}. */
    private static final List<String> COMPONENT_TYPES = List.of("org.apache.jmeter.testelement.TestElement",
            "org.apache.jmeter.gui.JMeterGUIComponent");

    private PluginsManagerRepository() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 4) {
            System.err.println("usage: java PluginsManagerRepository.java <plugins.json> <dependency list> "
                    + "<jmeter-home> <output folder>");
            System.exit(2);
        }
        Path templates = Path.of(args[0]);
        Path dependencyList = Path.of(args[1]);
        Path jmeterHome = Path.of(args[2]);
        Path output = Path.of(args[3]);
        try {
            List<Artifact> artifacts = Artifact.readList(dependencyList);
            List<PluginTemplate> plugins = PluginTemplate.readAll(templates);
            Map<PluginTemplate, List<Artifact>> libs = assignLibraries(plugins, artifacts, templates, dependencyList);
            try (ComponentFinder finder = ComponentFinder.over(jmeterHome)) {
                List<Map<String, Object>> descriptor = new ArrayList<>();
                for (PluginTemplate plugin : plugins) {
                    Artifact jar = plugin.findJar(artifacts, dependencyList);
                    descriptor.add(plugin.entry(jar, finder.componentsIn(jar.file()), libs.get(plugin)));
                }
                write(descriptor, artifacts, output);
                System.out.printf("plugins repository: %s with %d plugins and %d jars%n", output.resolve(DESCRIPTOR),
                        descriptor.size(), artifacts.size());
            }
        } catch (IllegalArgumentException e) {
            System.err.println("cannot write the Plugins Manager repository: " + e.getMessage());
            System.exit(1);
        }
    }

    /**
     * Gives each plugin its libraries: those its template names, and to the one plugin whose {@code libs} is a
     * string, every jar that is no plugin's jar and no other plugin's library.
     */
    static Map<PluginTemplate, List<Artifact>> assignLibraries(List<PluginTemplate> plugins, List<Artifact> artifacts,
            Path templates, Path dependencyList) {
        Map<PluginTemplate, List<Artifact>> libs = new LinkedHashMap<>();
        List<Artifact> unclaimed = new ArrayList<>(artifacts);
        PluginTemplate takesTheRest = null;
        for (PluginTemplate plugin : plugins) {
            unclaimed.remove(plugin.findJar(artifacts, dependencyList));
            List<Artifact> own = new ArrayList<>();
            for (String name : plugin.namedLibs()) {
                Artifact lib = find(name, artifacts).orElseThrow(() -> new IllegalArgumentException("plugin '"
                        + plugin.id() + "' in " + templates + " names the library " + name + ", which is not in "
                        + dependencyList + "; expected a groupId:artifactId of the jars the archive adds to JMeter"));
                own.add(lib);
                unclaimed.remove(lib);
            }
            libs.put(plugin, own);
            if (plugin.takesEveryOtherJar()) {
                if (takesTheRest != null) {
                    throw new IllegalArgumentException("plugins '" + takesTheRest.id() + "' and '" + plugin.id()
                            + "' in " + templates + " both take every other jar as libs; expected one at most");
                }
                takesTheRest = plugin;
            }
        }
        if (takesTheRest != null) {
            libs.get(takesTheRest).addAll(unclaimed);
        } else if (!unclaimed.isEmpty()) {
            throw new IllegalArgumentException(unclaimed.size() + " jars of " + dependencyList + " belong to no plugin "
                    + "in " + templates + ", e.g. " + unclaimed.get(0).coordinates() + "; expected each to be a plugin's "
                    + "jar or library, or one plugin with \"libs\": \"every other jar\"");
        }
        return libs;
    }

    static Optional<Artifact> find(String groupAndArtifact, List<Artifact> artifacts) {
        return artifacts.stream().filter(a -> a.groupAndArtifact().equals(groupAndArtifact)).findFirst();
    }

    private static void write(List<Map<String, Object>> descriptor, List<Artifact> artifacts, Path output)
            throws IOException {
        Files.createDirectories(output);
        for (Artifact artifact : artifacts) {
            Files.copy(artifact.file(), output.resolve(artifact.fileName()), StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.COPY_ATTRIBUTES);
        }
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(output.resolve(DESCRIPTOR).toFile(), descriptor);
    }

    /** One jar of the dependency list, with its Maven coordinates and where Maven resolved it. */
    record Artifact(String groupId, String artifactId, String classifier, String version, Path file) {

        static List<Artifact> readList(Path list) throws IOException {
            if (!Files.isRegularFile(list)) {
                throw new IllegalArgumentException("dependency list " + list + " does not exist; expected the output "
                        + "of the dependency plugin's list goal");
            }
            List<Artifact> artifacts = new ArrayList<>();
            for (String line : Files.readAllLines(list)) {
                if (line.isBlank() || line.strip().startsWith("The following files have been resolved")) {
                    continue;
                }
                Matcher m = LISTED_ARTIFACT.matcher(line);
                if (!m.matches()) {
                    throw new IllegalArgumentException("line '" + line.strip() + "' of " + list + " is not a resolved "
                            + "jar; expected group:artifact:type[:classifier]:version:scope:/path/to.jar (run the "
                            + "list goal with outputAbsoluteArtifactFilename=true)");
                }
                Path file = Path.of(m.group(7));
                if (!Files.isRegularFile(file)) {
                    throw new IllegalArgumentException(file + " (line '" + line.strip() + "' of " + list
                            + ") does not exist; expected the jar Maven resolved");
                }
                artifacts.add(new Artifact(m.group(1), m.group(2), m.group(4), m.group(5), file));
            }
            if (artifacts.isEmpty()) {
                throw new IllegalArgumentException(list + " lists no jar; expected the jars the archive adds to JMeter");
            }
            return artifacts;
        }

        String groupAndArtifact() {
            return groupId + ":" + artifactId;
        }

        String coordinates() {
            return groupAndArtifact() + (classifier == null ? "" : ":" + classifier) + ":" + version;
        }

        String fileName() {
            return file.getFileName().toString();
        }

        /**
         * The library's key in the descriptor: the Plugins Manager finds an installed library by this name followed
         * by {@code -<digit>} in a jar's file name, and compares the version after {@code >=} with the installed one.
         */
        String libraryKey() {
            return artifactId + (classifier == null ? "" : "-" + classifier) + ">=" + version;
        }
    }

    /** One plugin's entry of {@code plugins.json}: the descriptor's fields the build does not know, and its jars. */
    record PluginTemplate(JsonNode fields) {

        static List<PluginTemplate> readAll(Path file) throws IOException {
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("plugins file " + file + " does not exist");
            }
            JsonNode root = new ObjectMapper().readTree(file.toFile());
            if (root == null || !root.isArray() || root.isEmpty()) {
                throw new IllegalArgumentException(file + " is not a JSON array of plugins; expected "
                        + "[{\"id\": ..., \"jar\": \"groupId:artifactId\", ...}]");
            }
            List<PluginTemplate> plugins = new ArrayList<>();
            for (JsonNode fields : root) {
                PluginTemplate plugin = new PluginTemplate(fields);
                for (String field : TEMPLATE_FIELDS) {
                    if (fields.get(field) == null || (!field.equals("libs") && !fields.get(field).isTextual())) {
                        throw new IllegalArgumentException("plugin " + fields.path("id").asText("#" + plugins.size())
                                + " in " + file + " has no text field '" + field + "'; expected each of "
                                + TEMPLATE_FIELDS);
                    }
                }
                plugins.add(plugin);
            }
            return plugins;
        }

        String id() {
            return fields.get("id").asText();
        }

        boolean takesEveryOtherJar() {
            return fields.get("libs").isTextual();
        }

        List<String> namedLibs() {
            List<String> names = new ArrayList<>();
            fields.get("libs").forEach(name -> names.add(name.asText()));
            return names;
        }

        Artifact findJar(List<Artifact> artifacts, Path dependencyList) {
            String jar = fields.get("jar").asText();
            return find(jar, artifacts).orElseThrow(() -> new IllegalArgumentException("the jar " + jar
                    + " of plugin '" + id() + "' is not in " + dependencyList + "; expected a groupId:artifactId of the "
                    + "jars the archive adds to JMeter (a dependency of jmeter-home at scope provided)"));
        }

        /** The Plugins Manager takes a plugin for installed when its marker class loads: it must be the jar's own. */
        private void requireClassIn(Artifact jar, String className) {
            try (ZipFile zip = new ZipFile(jar.file().toFile())) {
                if (zip.getEntry(className.replace('.', '/') + ".class") == null) {
                    throw new IllegalArgumentException("markerClass " + className + " of plugin '" + id() + "' is not "
                            + "in its jar " + jar.file() + "; expected a class of that jar");
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + jar.file(), e);
            }
        }

        /** The descriptor's entry: the template's fields, the jar's component classes, its one version. */
        Map<String, Object> entry(Artifact jar, List<String> components, List<Artifact> libs) {
            String marker = fields.get("markerClass").asText();
            requireClassIn(jar, marker);
            Map<String, Object> entry = new LinkedHashMap<>();
            for (String field : List.of("id", "name", "description", "helpUrl", "vendor")) {
                entry.put(field, fields.get(field).asText());
            }
            entry.put("markerClass", marker);
            entry.put("componentClasses", components);
            Map<String, Object> version = new LinkedHashMap<>();
            version.put("downloadUrl", jar.fileName());
            Map<String, String> libraries = new TreeMap<>();
            libs.forEach(lib -> libraries.put(lib.libraryKey(), lib.fileName()));
            version.put("libs", libraries);
            List<String> depends = new ArrayList<>();
            fields.path("depends").forEach(id -> depends.add(id.asText()));
            if (!depends.isEmpty()) {
                version.put("depends", depends);
            }
            entry.put("versions", Map.of(jar.version(), version));
            return entry;
        }
    }

    /** Finds the component classes of a jar on the class path of a laid-out JMeter home (lib/ and lib/ext/). */
    static final class ComponentFinder implements AutoCloseable {

        private final URLClassLoader loader;
        private final List<Class<?>> componentTypes = new ArrayList<>();

        private ComponentFinder(URLClassLoader loader) {
            this.loader = loader;
        }

        static ComponentFinder over(Path jmeterHome) throws IOException {
            List<URL> jars = new ArrayList<>();
            for (Path dir : List.of(jmeterHome.resolve("lib"), jmeterHome.resolve("lib/ext"))) {
                if (!Files.isDirectory(dir)) {
                    throw new IllegalArgumentException(dir + " does not exist; expected a laid-out JMeter home");
                }
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path jar : files.filter(f -> f.toString().endsWith(".jar")).sorted().toList()) {
                        jars.add(url(jar));
                    }
                }
            }
            ComponentFinder finder = new ComponentFinder(new URLClassLoader(jars.toArray(URL[]::new),
                    ClassLoader.getPlatformClassLoader()));
            for (String type : COMPONENT_TYPES) {
                try {
                    finder.componentTypes.add(Class.forName(type, false, finder.loader));
                } catch (ClassNotFoundException e) {
                    throw new IllegalArgumentException(type + " is not in " + jmeterHome + "/lib or lib/ext; expected "
                            + "a laid-out JMeter home", e);
                }
            }
            return finder;
        }

        private static URL url(Path jar) {
            try {
                return jar.toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("cannot use " + jar + " as a class path entry", e);
            }
        }

        /** The jar's public concrete TestElements and GUI components, by name, sorted. */
        List<String> componentsIn(Path jar) {
            TreeSet<String> components = new TreeSet<>();
            try (ZipFile zip = new ZipFile(jar.toFile())) {
                for (String name : zip.stream().map(ZipEntry::getName)
                        .filter(n -> n.endsWith(".class") && !n.contains("$") && !n.startsWith("META-INF/")
                                && !n.endsWith("module-info.class") && !n.endsWith("package-info.class"))
                        .toList()) {
                    String className = name.substring(0, name.length() - ".class".length()).replace('/', '.');
                    if (isComponent(className)) {
                        components.add(className);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + jar, e);
            }
            return List.copyOf(components);
        }

        private boolean isComponent(String className) {
            Class<?> type;
            try {
                type = Class.forName(className, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                return false; // needs a library no plan of this home can have either
            }
            int modifiers = type.getModifiers();
            return Modifier.isPublic(modifiers) && !Modifier.isAbstract(modifiers) && !type.isInterface()
                    && componentTypes.stream().anyMatch(t -> t.isAssignableFrom(type));
        }

        @Override
        public void close() throws IOException {
            loader.close();
        }
    }
}
