package io.rpcbench.pluginsrepository;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes the JMeter Plugins Manager repository of the rpcbench archive; jmeter-home runs it after the home is laid out:
 *
 * <pre>java io.rpcbench.pluginsrepository.PluginsRepositoryCommand &lt;plugins.json&gt; &lt;dependency list&gt;
 *     &lt;jmeter-home&gt; &lt;output folder&gt;</pre>
 *
 * <p>{@code plugins.json} says which jar is which plugin ({@link PluginTemplate}); the dependency list is the
 * dependency plugin's {@code list} of the jars the archive adds ({@link DependencyList}), so versions and libraries
 * follow the parent pom; the laid-out home is the class path on which each plugin jar's component classes are found
 * ({@link ComponentFinder}). Exit status 1 with the reason on bad input, 2 on wrong usage.
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
        try (ComponentFinder finder = ComponentFinder.overJMeterHome(Path.of(args[2]))) {
            RepositoryDescriptor descriptor = RepositoryDescriptor.of(PluginTemplate.readAll(Path.of(args[0])),
                    DependencyList.read(Path.of(args[1])), finder::componentsIn);
            Path written = descriptor.writeTo(Path.of(args[3]));
            System.out.printf("plugins repository: %s, %d plugins%n", written, descriptor.entries().size());
        } catch (IllegalArgumentException e) {
            System.err.println("cannot write the JMeter Plugins Manager repository: " + e.getMessage());
            System.exit(1);
        }
    }
}
