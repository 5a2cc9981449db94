package io.rpcbench.pluginsrepository;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Writes the JMeter Plugins Manager repository of the rpcbench archive; jmeter-home runs it after the home is laid out:
 *
 * <pre>java io.rpcbench.pluginsrepository.PluginsRepositoryCommand &lt;plugins.json&gt; &lt;dependency list&gt;
 *     &lt;jmeter-home&gt; &lt;output folder&gt;</pre>
 *
 * <p>{@code plugins.json} says which jar is which plugin ({@link PluginTemplate}); the dependency list is the
 * dependency plugin's {@code list} of the jars the archive adds ({@link DependencyList}), so versions and libraries
 * follow the parent pom; the laid-out home is the class path on which the component classes of the jars it keeps in
 * {@code lib/ext} are found ({@link ComponentFinder}). Exit status 1 with the reason on bad input, 2 on wrong usage.
 */
public final class PluginsRepositoryCommand {

    private PluginsRepositoryCommand() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 4) {
            System.err.println("usage: PluginsRepositoryCommand <plugins.json> <dependency list> <jmeter-home> "
                    + "<output folder>");
            System.exit(2);
        }
        Path home = Path.of(args[2]);
        try (ComponentFinder finder = ComponentFinder.overJMeterHome(home)) {
            // Only the jars the laid-out home keeps in lib/ext are looked into: the home puts every jar holding JMeter
            // elements there (its rpcbench.ext.jars), and loading every class of the ~90 libraries in lib/ would cost
            // the build seconds to learn that they hold none.
            Set<String> ext = jarNames(home.resolve("lib/ext"));
            Function<Path, List<String>> components = jar -> ext.contains(jar.getFileName().toString())
                    ? finder.componentsIn(jar) : List.of();
            RepositoryDescriptor descriptor = RepositoryDescriptor.of(PluginTemplate.readAll(Path.of(args[0])),
                    DependencyList.read(Path.of(args[1])), components);
            Path written = descriptor.writeTo(Path.of(args[3]));
            System.out.printf("plugins repository: %s, %d plugins%n", written, descriptor.entries().size());
        } catch (IllegalArgumentException e) {
            System.err.println("cannot write the JMeter Plugins Manager repository: " + e.getMessage());
            System.exit(1);
        }
    }

    private static Set<String> jarNames(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".jar")).collect(Collectors.toSet());
        }
    }
}
