package io.rpcbench.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The modules depend on each other in one direction, as docs/architecture.md draws them: every main (not test)
 * dependency of a module on another of ours points to a module of the same layer or one below, and none goes round in
 * a circle. Layers, bottom to top: the contracts; the libraries; the targets and the provider app; the samplers, the
 * reports and the agent; the JMeter packaging; the tools. Read from the poms, so it needs no build.
 */
class ModuleGraphTest {

    private static final Path ROOT = JarProcess.checkout();
    private static final String OURS = "io.github.rpcbench";

    /** A module's layer by the folder it sits in, or by its own name at the root. */
    private static final Map<String, Integer> LAYERS = Map.of("contracts", 0, "libraries", 1, "targets", 2,
            "provider-app", 2, "jmeter-dubbo-sampler", 3, "reports", 3, "server-agent", 3, "jmeter", 4, "tools", 5);

    @Test
    void everyMainDependencyPointsToTheSameLayerOrOneBelow() {
        Map<String, Module> modules = modules();
        assertThat(modules).as("modules read under %s", ROOT).hasSizeGreaterThan(15);

        List<String> upwards = new ArrayList<>();
        for (Module module : modules.values()) {
            for (String target : module.mainDependencies()) {
                Module to = modules.get(target);
                assertThat(to).as("%s's dependency %s, a module of ours", module.path(), target).isNotNull();
                if (to.layer() > module.layer()) {
                    upwards.add(module.path() + " (layer " + module.layer() + ") -> " + to.path() + " (layer "
                            + to.layer() + ")");
                }
            }
        }
        assertThat(upwards).as("dependencies running back up").isEmpty();
    }

    @Test
    void noModuleDependsOnItselfThroughOthers() {
        Map<String, Module> modules = modules();
        for (String start : modules.keySet()) {
            assertThat(reaches(modules, start, start, new ArrayList<>())).as("a circle through %s", start).isEmpty();
        }
    }

    /** The path from {@code from} back to {@code goal} over main dependencies, empty when there is none. */
    private static List<String> reaches(Map<String, Module> modules, String from, String goal, List<String> seen) {
        for (String next : modules.get(from).mainDependencies()) {
            if (next.equals(goal)) {
                List<String> circle = new ArrayList<>(seen);
                circle.add(from);
                circle.add(next);
                return circle;
            }
            if (!seen.contains(next) && modules.containsKey(next)) {
                seen.add(from);
                List<String> found = reaches(modules, next, goal, seen);
                if (!found.isEmpty()) {
                    return found;
                }
            }
        }
        return List.of();
    }

    /** A module: its folder, its layer, and the artifacts of ours its main code depends on. */
    private record Module(String path, int layer, List<String> mainDependencies) {}

    /** Every module's pom under the root (at its top or in a folder of modules), by artifact id. */
    private static Map<String, Module> modules() {
        Map<String, Module> modules = new TreeMap<>();
        try (Stream<Path> poms = Files.walk(ROOT, 3)) {
            for (Path pom : poms.filter(p -> p.getFileName().toString().equals("pom.xml"))
                    .filter(p -> !p.getParent().equals(ROOT)).filter(p -> !p.toString().contains("/target/")).toList()) {
                Element project = parse(pom);
                String path = ROOT.relativize(pom.getParent()).toString();
                Integer layer = LAYERS.get(path.split("/")[0]);
                assertThat(layer).as("the layer of module %s (docs/architecture.md)", path).isNotNull();
                modules.put(child(project, "artifactId"), new Module(path, layer, mainDependencies(project)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return modules;
    }

    private static List<String> mainDependencies(Element project) {
        Map<String, String> found = new LinkedHashMap<>();
        NodeList children = project.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            if (children.item(i) instanceof Element dependencies && dependencies.getTagName().equals("dependencies")) {
                NodeList list = dependencies.getElementsByTagName("dependency");
                for (int j = 0; j < list.getLength(); j++) {
                    Element dependency = (Element) list.item(j);
                    String scope = child(dependency, "scope");
                    if (OURS.equals(child(dependency, "groupId")) && !"test".equals(scope)) {
                        found.put(child(dependency, "artifactId"), scope);
                    }
                }
            }
        }
        return List.copyOf(found.keySet());
    }

    private static String child(Element element, String name) {
        for (Node node = element.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element child && child.getTagName().equals(name)) {
                return child.getTextContent().strip();
            }
        }
        return null;
    }

    private static Element parse(Path pom) {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
        } catch (Exception e) {
            throw new IllegalStateException("cannot read " + pom + ": " + e.getMessage(), e);
        }
    }
}
