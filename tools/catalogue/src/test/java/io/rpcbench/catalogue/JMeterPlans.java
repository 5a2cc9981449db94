package io.rpcbench.catalogue;

import io.rpcbench.elements.model.DubboDefaults;
import io.rpcbench.elements.model.RpcRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.PropertyIterator;
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

    /** The plan's Dubbo Requests and Thrift Requests. */
    static List<RpcRequest> requests(HashTree tree) {
        return new ArrayList<>(search(tree, RpcRequest.class));
    }

    static List<DubboDefaults> dubboDefaults(HashTree tree) {
        return new ArrayList<>(search(tree, DubboDefaults.class));
    }

    static ThreadGroup threadGroup(HashTree tree) {
        return search(tree, ThreadGroup.class).iterator().next();
    }

    /**
     * The element's own properties, name to value, in the plan's order: its fields that have a value (JMeter's
     * {@code TestElement.*} properties and the comment left out).
     */
    static Map<String, String> fields(TestElement element) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (PropertyIterator properties = element.propertyIterator(); properties.hasNext(); ) {
            JMeterProperty property = properties.next();
            String name = property.getName();
            if (!name.startsWith("TestElement.") && !name.equals("TestPlan.comments")) {
                fields.put(name, property.getStringValue());
            }
        }
        return fields;
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
