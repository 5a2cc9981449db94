package io.rpcbench.pluginsrepository;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Finds a plugin jar's component classes: its public concrete classes of given types, by default JMeter's
 * {@value #TEST_ELEMENT} and {@value #GUI_COMPONENT}, what a plan names as {@code testclass} and {@code guiclass} and
 * what the Plugins Manager's {@code install-for-jmx} looks up in a repository's {@code componentClasses}. Classes are
 * loaded, not initialised, on a class path of jars (a laid-out JMeter home's {@code lib/} and {@code lib/ext/}).
 *
 * <p>Order of calls: {@link #overJMeterHome} (or {@link #over}), {@link #componentsIn} per jar, {@link #close}.
 */
public final class ComponentFinder implements AutoCloseable {

    public static final String TEST_ELEMENT = "org.apache.jmeter.testelement.TestElement";
    public static final String GUI_COMPONENT = "org.apache.jmeter.gui.JMeterGUIComponent";

    private final URLClassLoader loader;
    private final List<Class<?>> types = new ArrayList<>();

    private ComponentFinder(URLClassLoader loader) {
        this.loader = loader;
    }

    /** Over the jars of {@code jmeterHome}'s {@code lib/} and {@code lib/ext/}, finding JMeter's elements and GUIs. */
    public static ComponentFinder overJMeterHome(Path jmeterHome) throws IOException {
        List<Path> jars = new ArrayList<>();
        for (Path dir : List.of(jmeterHome.resolve("lib"), jmeterHome.resolve("lib/ext"))) {
            if (!Files.isDirectory(dir)) {
                throw new IllegalArgumentException(dir + " does not exist; expected a laid-out JMeter home");
            }
            try (Stream<Path> files = Files.list(dir)) {
                files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().forEach(jars::add);
            }
        }
        return over(jars, List.of(TEST_ELEMENT, GUI_COMPONENT));
    }

    /**
     * Over {@code classPath}, finding classes of any of {@code typeNames}.
     *
     * @throws IllegalArgumentException when a type is on neither the class path nor the platform's
     */
    public static ComponentFinder over(List<Path> classPath, List<String> typeNames) {
        List<URL> urls = new ArrayList<>();
        for (Path jar : classPath) {
            try {
                urls.add(jar.toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("cannot use " + jar + " as a class path entry", e);
            }
        }
        ComponentFinder finder = new ComponentFinder(new URLClassLoader(urls.toArray(URL[]::new),
                ClassLoader.getPlatformClassLoader()));
        for (String type : typeNames) {
            try {
                finder.types.add(Class.forName(type, false, finder.loader));
            } catch (ClassNotFoundException e) {
                throw new IllegalArgumentException(type + " is not on the class path " + classPath + "; expected a "
                        + "laid-out JMeter home", e);
            }
        }
        return finder;
    }

    /** The jar's public concrete classes of the types, by name, sorted (nested classes left out). */
    public List<String> componentsIn(Path jar) {
        TreeSet<String> components = new TreeSet<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            zip.stream().map(ZipEntry::getName)
                    .filter(n -> n.endsWith(".class") && !n.contains("$") && !n.startsWith("META-INF/")
                            && !n.endsWith("module-info.class") && !n.endsWith("package-info.class"))
                    .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.'))
                    .filter(this::isComponent)
                    .forEach(components::add);
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
            return false; // it needs a library the home lacks: no plan of that home can name it either
        }
        int modifiers = type.getModifiers();
        return Modifier.isPublic(modifiers) && !Modifier.isAbstract(modifiers) && !type.isInterface()
                && types.stream().anyMatch(t -> t.isAssignableFrom(type));
    }

    @Override
    public void close() throws IOException {
        loader.close();
    }
}
