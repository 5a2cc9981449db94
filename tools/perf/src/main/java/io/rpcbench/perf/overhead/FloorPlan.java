package io.rpcbench.perf.overhead;

import io.rpcbench.benchmark.process.ProjectLayout;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * JMeter's floor for a shipped plan: the same plan (thread group, listeners, JTL columns, PerfMon collector) with
 * every Java Request's client class replaced by JMeter's own no-op sampler, {@code JavaTest} sleeping 0 ms, so that
 * a run of it measures what JMeter's machinery alone costs per sample; it calls no provider. The sampler's own
 * arguments stay (JavaTest reads only its own): JMeter handles a Java Request's arguments on every sample (it builds
 * the client's context from them and puts each property back after the sample), at a cost that grows with their
 * number, and that cost is JMeter's, not the call's. It is derived from the
 * shipped plan's file at run time, by the elements' structure (the {@code JavaSampler}'s {@code classname} and
 * {@code Arguments.arguments}), so it follows the plan as the plan changes.
 *
 * <p>Order of calls: {@link #write} (which {@link #derive}s the floor of {@code test-plans/<plan>.jmx}), then run the
 * returned layout's plan {@code <plan>-floor} with {@code JMeterRun.of(floorLayout, FloorPlan.name(plan), dir)}.
 */
final class FloorPlan {

    /** JMeter's no-op Java Request client, in {@code lib/ext/ApacheJMeter_java.jar}. */
    static final String NO_OP_SAMPLER = "org.apache.jmeter.protocol.java.test.JavaTest";

    /** JavaTest's arguments for no sleep at all (its defaults sleep 100 ms plus up to 255 ms). */
    static final Map<String, String> NO_OP_ARGUMENTS = noOpArguments();

    private static Map<String, String> noOpArguments() {
        Map<String, String> arguments = new LinkedHashMap<>();
        arguments.put("Sleep_Time", "0");
        arguments.put("Sleep_Mask", "0");
        return arguments;
    }

    private FloorPlan() {}

    /** The floor's plan name for a shipped plan's: {@code thrift-echo-1k-floor}. */
    static String name(String planName) {
        return planName + "-floor";
    }

    /**
     * Writes the floor of {@code layout}'s plan {@code planName} into {@code dir} and returns a layout to run it
     * with: its {@code test-plans} folder holds the floor ({@link #name}), its JMeter home is a link to
     * {@code layout}'s (so the floor runs in the same laid-out JMeter, same {@code user.properties}); the shipped
     * plans are left as they are.
     */
    static ProjectLayout write(ProjectLayout layout, String planName, Path dir) throws IOException {
        Path shipped = layout.plan(planName);
        ProjectLayout floor = new ProjectLayout(dir.toAbsolutePath());
        Files.createDirectories(floor.plansDir());
        Files.writeString(floor.plan(name(planName)), derive(Files.readString(shipped, StandardCharsets.UTF_8),
                shipped.toString()), StandardCharsets.UTF_8);
        if (!Files.exists(floor.jmeterHome(), LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(floor.jmeterHome().getParent());
            Files.createSymbolicLink(floor.jmeterHome(), layout.jmeterHome().toAbsolutePath());
        }
        return floor;
    }

    /**
     * The floor of a plan's XML: every {@code JavaSampler} gets {@link #NO_OP_SAMPLER} as its class and
     * {@link #NO_OP_ARGUMENTS} after its own arguments (replacing any of the same name); every other element stays
     * as it is.
     *
     * @param source the plan's file, for messages
     * @throws IllegalArgumentException naming {@code source} when it is not XML or holds no Java Request
     */
    static String derive(String planXml, String source) {
        Document plan = parse(planXml, source);
        List<Element> samplers = javaSamplers(plan);
        if (samplers.isEmpty()) {
            throw new IllegalArgumentException(source + " holds no Java Request (an element with testclass="
                    + "\"JavaSampler\"); expected a plan whose sampler is one of rpcbench's Java Request clients");
        }
        for (Element sampler : samplers) {
            stringProp(sampler, "classname", source).setTextContent(NO_OP_SAMPLER);
            Element arguments = argumentList(sampler, source);
            for (Node child = arguments.getFirstChild(); child != null; ) {
                Node next = child.getNextSibling();
                if (child instanceof Element argument && NO_OP_ARGUMENTS.containsKey(argumentName(argument))) {
                    arguments.removeChild(child);
                }
                child = next;
            }
            NO_OP_ARGUMENTS.forEach((name, value) -> arguments.appendChild(argument(plan, name, value)));
        }
        return serialize(plan, source);
    }

    /** The plan's Java Request elements, in document order. */
    static List<Element> javaSamplers(Document plan) {
        List<Element> samplers = new ArrayList<>();
        NodeList all = plan.getElementsByTagName("*");
        for (int i = 0; i < all.getLength(); i++) {
            Element element = (Element) all.item(i);
            if (element.getAttribute("testclass").equals("JavaSampler")) {
                samplers.add(element);
            }
        }
        return samplers;
    }

    static Document parse(String planXml, String source) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(new ByteArrayInputStream(planXml.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new IllegalArgumentException(source + " is not a JMeter plan's XML: " + e.getMessage(), e);
        }
    }

    private static Element stringProp(Element sampler, String name, String source) {
        for (Node child = sampler.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element e && e.getTagName().equals("stringProp") && e.getAttribute("name").equals(name)) {
                return e;
            }
        }
        throw new IllegalArgumentException(source + ": the Java Request '" + sampler.getAttribute("testname")
                + "' has no <stringProp name=\"" + name + "\">; expected the client class there");
    }

    /** The name of an {@code Argument} element ({@code Argument.name}), or "" for any other element. */
    private static String argumentName(Element argument) {
        NodeList props = argument.getElementsByTagName("stringProp");
        for (int i = 0; i < props.getLength(); i++) {
            Element prop = (Element) props.item(i);
            if (prop.getAttribute("name").equals("Argument.name")) {
                return prop.getTextContent();
            }
        }
        return "";
    }

    private static Element argumentList(Element sampler, String source) {
        NodeList lists = sampler.getElementsByTagName("collectionProp");
        for (int i = 0; i < lists.getLength(); i++) {
            Element list = (Element) lists.item(i);
            if (list.getAttribute("name").equals("Arguments.arguments")) {
                return list;
            }
        }
        throw new IllegalArgumentException(source + ": the Java Request '" + sampler.getAttribute("testname")
                + "' has no <collectionProp name=\"Arguments.arguments\">; expected its arguments there");
    }

    /** An argument as JMeter's Arguments panel saves it. */
    private static Element argument(Document plan, String name, String value) {
        Element argument = plan.createElement("elementProp");
        argument.setAttribute("name", name);
        argument.setAttribute("elementType", "Argument");
        argument.appendChild(prop(plan, "Argument.name", name));
        argument.appendChild(prop(plan, "Argument.value", value));
        argument.appendChild(prop(plan, "Argument.metadata", "="));
        return argument;
    }

    private static Element prop(Document plan, String name, String value) {
        Element prop = plan.createElement("stringProp");
        prop.setAttribute("name", name);
        prop.setTextContent(value);
        return prop;
    }

    private static String serialize(Document plan, String source) {
        try {
            StringWriter out = new StringWriter();
            var transformer = TransformerFactory.newInstance().newTransformer();
            transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            transformer.transform(new DOMSource(plan), new StreamResult(out));
            return out.toString();
        } catch (Exception e) {
            throw new IllegalStateException("cannot write the floor of " + source + ": " + e.getMessage(), e);
        }
    }
}
