package io.rpcbench.catalogue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.config.Argument;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.protocol.java.sampler.JavaSampler;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;

/**
 * Loads a written plan as JMeter does, with its SaveService, in a JMeter home made once per test JVM from the
 * configuration files of ApacheJMeter_config (on the test class path): what the GUI and a headless run read first.
 */
final class JMeterPlans {

    private static final List<String> CONFIGURATION = List.of("jmeter.properties", "saveservice.properties",
            "upgrade.properties", "system.properties", "user.properties");
    private static boolean ready;

    private JMeterPlans() {}

    /** The plan's tree, as {@code jmeter -t FILE} reads it. */
    static HashTree load(Path plan) throws IOException {
        initialise();
        return SaveService.loadTree(plan.toFile());
    }

    static List<JavaSampler> javaSamplers(HashTree tree) {
        return new ArrayList<>(search(tree, JavaSampler.class));
    }

    static ThreadGroup threadGroup(HashTree tree) {
        return search(tree, ThreadGroup.class).iterator().next();
    }

    /** The sampler's parameters, name to value, in the plan's order. */
    static Map<String, String> parameters(JavaSampler sampler) {
        Map<String, String> parameters = new LinkedHashMap<>();
        Arguments arguments = sampler.getArguments();
        for (int i = 0; i < arguments.getArgumentCount(); i++) {
            Argument argument = arguments.getArgument(i);
            parameters.put(argument.getName(), argument.getValue());
        }
        return parameters;
    }

    private static <T extends TestElement> java.util.Collection<T> search(HashTree tree, Class<T> type) {
        SearchByClass<T> search = new SearchByClass<>(type);
        tree.traverse(search);
        return search.getSearchResults();
    }

    private static synchronized void initialise() throws IOException {
        if (ready) {
            return;
        }
        // In the module's build folder (the tests' working directory), not a temporary one left behind by every run.
        Path home = Path.of("target", "jmeter-home").toAbsolutePath();
        Path bin = Files.createDirectories(home.resolve("bin"));
        for (String name : CONFIGURATION) {
            try (InputStream in = JMeterPlans.class.getResourceAsStream("/bin/" + name)) {
                if (in == null) {
                    throw new IllegalStateException("bin/" + name + " is not on the test class path (ApacheJMeter_config)");
                }
                Files.copy(in, bin.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        JMeterUtils.setJMeterHome(home.toString());
        JMeterUtils.loadJMeterProperties(bin.resolve("jmeter.properties").toString());
        JMeterUtils.initLocale();
        ready = true;
    }
}
