import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Fails the build when the rpcbench jars added to a JMeter home clash with JMeter's own classpath.
 *
 * <p>JMeter puts every jar of {@code lib/} and {@code lib/ext/} on one class loader, so a second copy of
 * a library (another version of slf4j, jackson, commons-*) or a second logging binding silently decides
 * which classes JMeter itself gets. Run after the home is laid out:
 *
 * <pre>java ExtensionClasspathCheck.java &lt;jmeter-home&gt; &lt;dir holding only our jars&gt;</pre>
 *
 * <p>Three rules, each reported with the jar names involved: no artifact twice across {@code lib/} and
 * {@code lib/ext/} (whatever the versions); no class of ours that a JMeter jar or another of our jars already
 * holds; no logging
 * binding or logging backend among ours. Exit status 1 lists every breach; 0 prints a one-line summary.
 */
public final class ExtensionClasspathCheck {

    /** Name, version (starting with a digit), optional classifier: {@code xmlresolver-5.2.1-data.jar}. */
    private static final Pattern VERSIONED_JAR = Pattern.compile("^(.+?)-(\\d[^-]*)(-[A-Za-z][\\w.]*)?\\.jar$");

    /** Entries that make a jar a logging binding or backend; JMeter's log4j2 + slf4j bridge must stay the only one. */
    private static final List<String> LOGGING_MARKERS = List.of(
            "org/slf4j/impl/StaticLoggerBinder.class",
            "META-INF/services/org.slf4j.spi.SLF4JServiceProvider",
            "ch/qos/logback/classic/",
            "org/apache/log4j/Logger.class",
            "org/apache/logging/log4j/core/",
            "org/slf4j/LoggerFactory.class");

    private ExtensionClasspathCheck() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: java ExtensionClasspathCheck.java <jmeter-home> <dir with our jars>");
            System.exit(2);
        }
        Path home = Path.of(args[0]);
        Path ours = Path.of(args[1]);
        List<Path> libJars = jarsIn(home.resolve("lib"));
        List<Path> extJars = jarsIn(home.resolve("lib/ext"));
        Set<String> ourNames = new TreeSet<>();
        jarsIn(ours).forEach(jar -> ourNames.add(jar.getFileName().toString()));
        if (libJars.isEmpty() || extJars.isEmpty()) {
            fail(List.of("no jars under " + home.resolve("lib") + " or its ext/: is " + home + " a JMeter home?"));
        }

        List<String> breaches = new ArrayList<>();
        List<Path> all = new ArrayList<>(libJars);
        all.addAll(extJars);
        breaches.addAll(sameArtifactTwice(all));

        List<Path> jmeterJars = new ArrayList<>();
        List<Path> ourJars = new ArrayList<>();
        for (Path jar : all) {
            (ourNames.contains(jar.getFileName().toString()) ? ourJars : jmeterJars).add(jar);
        }
        if (ourJars.size() != ourNames.size()) {
            breaches.add("expected all of " + ourNames + " in " + home.resolve("lib") + " or its ext/, found "
                    + ourJars);
        }
        breaches.addAll(classesDefinedTwice(jmeterJars, ourJars));
        breaches.addAll(loggingBindings(ourJars));

        if (!breaches.isEmpty()) {
            fail(breaches);
        }
        System.out.printf("classpath check: %d JMeter jars, %d rpcbench jars in lib/ext, no clashes%n",
                jmeterJars.size(), ourJars.size());
    }

    /** Keys jars by name without version, so commons-io-2.15.1 and commons-io-2.11.0 collide. */
    static List<String> sameArtifactTwice(List<Path> jars) {
        Map<String, List<String>> byArtifact = new TreeMap<>();
        for (Path jar : jars) {
            String file = jar.getFileName().toString();
            byArtifact.computeIfAbsent(artifactKey(file), k -> new ArrayList<>()).add(relative(jar));
        }
        List<String> breaches = new ArrayList<>();
        byArtifact.forEach((artifact, files) -> {
            if (files.size() > 1) {
                breaches.add("artifact " + artifact + " present more than once: " + files);
            }
        });
        return breaches;
    }

    static String artifactKey(String fileName) {
        Matcher m = VERSIONED_JAR.matcher(fileName);
        if (!m.matches()) {
            return fileName.replaceFirst("\\.jar$", "");
        }
        return m.group(3) == null ? m.group(1) : m.group(1) + m.group(3);
    }

    private static List<String> classesDefinedTwice(List<Path> jmeterJars, List<Path> ourJars) {
        Map<String, String> jmeterClasses = new TreeMap<>();
        for (Path jar : jmeterJars) {
            for (String cls : classesIn(jar)) {
                jmeterClasses.putIfAbsent(cls, relative(jar));
            }
        }
        List<String> breaches = new ArrayList<>();
        // Ours are checked against JMeter's and against each other: two versions of one library under
        // different names (netty-transport-native-epoll 4.1 beside netty-transport-classes-epoll 4.2) clash too.
        for (Path jar : ourJars) {
            Map<String, Set<String>> clashesByJMeterJar = new TreeMap<>();
            for (String cls : classesIn(jar)) {
                String owner = jmeterClasses.putIfAbsent(cls, relative(jar));
                if (owner != null) {
                    clashesByJMeterJar.computeIfAbsent(owner, k -> new TreeSet<>()).add(cls);
                }
            }
            clashesByJMeterJar.forEach((owner, classes) -> breaches.add(relative(jar) + " repeats " + classes.size()
                    + " classes of " + owner + ", e.g. " + classes.iterator().next()));
        }
        return breaches;
    }

    private static List<String> loggingBindings(List<Path> ourJars) {
        List<String> breaches = new ArrayList<>();
        for (Path jar : ourJars) {
            try (ZipFile zip = new ZipFile(jar.toFile())) {
                for (String marker : LOGGING_MARKERS) {
                    boolean present = marker.endsWith("/")
                            ? zip.stream().anyMatch(e -> e.getName().startsWith(marker))
                            : zip.getEntry(marker) != null;
                    if (present) {
                        breaches.add(relative(jar) + " is a logging API/binding/backend (holds " + marker
                                + "); JMeter's lib/ provides logging");
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + jar, e);
            }
        }
        return breaches;
    }

    /** Class entries, ignoring module descriptors and multi-release copies, which every jar may carry. */
    private static List<String> classesIn(Path jar) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.stream()
                    .map(ZipEntry::getName)
                    .filter(n -> n.endsWith(".class"))
                    .filter(n -> !n.startsWith("META-INF/") && !n.endsWith("module-info.class"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + jar, e);
        }
    }

    private static List<Path> jarsIn(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    private static String relative(Path jar) {
        return jar.getParent().getFileName() + "/" + jar.getFileName();
    }

    private static void fail(List<String> breaches) {
        System.err.println("JMeter classpath check failed:");
        breaches.forEach(b -> System.err.println("  - " + b));
        System.exit(1);
    }
}
