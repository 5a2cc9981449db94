package io.rpcbench.catalogue;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * A shipped plan ({@code test-plans/dubbo-order-service.jmx}, {@code thrift-inventory-service.jmx}, copied into this
 * jar by the build) made into a plan for one method: its thread group, think time, Dubbo Defaults, listeners, result
 * columns and {@code property_overrides} stay as they are; its first request (a <em>Dubbo Request</em> or
 * <em>Thrift Request</em> element) is kept, with the values given, and its other requests and the kept one's
 * assertions go (they check the example service's answers). So a written plan follows the shipped ones, and a change
 * to them reaches it with the next build.
 *
 * <p>A field is written as JMeter's GUI saves these elements: a field with a value is a {@code stringProp} named as the
 * field, an empty field is no property at all (so that the Dubbo Defaults, or the sampler's default, applies to it).
 *
 * <p>Order of calls: {@link #load}, then {@link #name}, {@link #defaults}, {@link #dubboDefaults},
 * {@link #onlyRequest} in any order, then {@link #text} or {@link #write}.
 */
final class ModelPlan {

    static final String DUBBO = "dubbo-order-service";
    static final String THRIFT = "thrift-inventory-service";

    /** The elements a model's requests are: rpcbench's Dubbo Request and Thrift Request (module jmeter-elements). */
    private static final List<String> REQUESTS = List.of("io.rpcbench.elements.model.DubboRequest",
            "io.rpcbench.elements.model.ThriftRequest");
    /** The Dubbo model's Dubbo Defaults: where its requests call. */
    private static final String DUBBO_DEFAULTS = "io.rpcbench.elements.model.DubboDefaults";

    /** Where the model's comment starts to describe the properties, which a written plan keeps. */
    private static final String SETTINGS_PART = "Every setting is a JMeter property";

    private final String modelName;
    private final Document document;

    private ModelPlan(String modelName, Document document) {
        this.modelName = modelName;
        this.document = document;
    }

    /** @param modelName {@link #DUBBO} or {@link #THRIFT} */
    static ModelPlan load(String modelName) {
        String resource = "model/" + modelName + ".jmx";
        try (InputStream in = ModelPlan.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the model plan " + resource + " is not in the catalogue jar; rebuild"
                        + " it with ./mvnw -pl catalogue -am package");
            }
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document document = factory.newDocumentBuilder().parse(in);
            dropIndentation(document.getDocumentElement());
            return new ModelPlan(modelName, document);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ParserConfigurationException | SAXException e) {
            throw new IllegalStateException("the model plan " + resource + " is not XML: " + e.getMessage(), e);
        }
    }

    /**
     * Names the plan and writes its comment: {@code intro}, then the model's own description of the properties, in
     * which the model's file name becomes {@code name}'s.
     */
    void name(String name, String intro) {
        Element testPlan = only("TestPlan");
        testPlan.setAttribute("testname", name);
        Element comments = stringProp(testPlan, "TestPlan.comments");
        String model = comments.getTextContent();
        int settings = model.indexOf(SETTINGS_PART);
        String kept = settings < 0 ? "" : "\n" + model.substring(settings).replace(modelName, name);
        comments.setTextContent(intro + kept);
    }

    /** Sets the Test Plan's own class path (JMeter's "Add directory or jar to classpath"), e.g. a service's jar. */
    void classpath(String classpath) {
        stringProp(only("TestPlan"), "TestPlan.user_define_classpath").setTextContent(classpath);
    }

    /**
     * Sets the default of JMeter properties the plan reads with {@code ${__P(name,default)}} (e.g. {@code threads}),
     * in the thread group and in the plan's comment ({@code threads  threads (default 20)}).
     */
    void defaults(Map<String, String> defaults) {
        NodeList props = document.getElementsByTagName("stringProp");
        for (int i = 0; i < props.getLength(); i++) {
            Element prop = (Element) props.item(i);
            String text = prop.getTextContent();
            for (Map.Entry<String, String> entry : defaults.entrySet()) {
                text = text.replaceAll("__P\\(" + Pattern.quote(entry.getKey()) + ",[^)]*\\)",
                        Matcher.quoteReplacement("__P(" + entry.getKey() + "," + entry.getValue() + ")"));
                text = text.replaceAll("(?m)^(  " + Pattern.quote(entry.getKey()) + " +[^\\n]*?\\(default )[^):]*",
                        "$1" + Matcher.quoteReplacement(entry.getValue()));
            }
            prop.setTextContent(text);
        }
    }

    /**
     * Sets fields of the model's Dubbo Defaults ({@code address}, the Nacos {@code namespace}, ...): where every
     * request of the plan calls; an empty value leaves the field empty.
     */
    void dubboDefaults(Map<String, String> values) {
        Element defaults = only(DUBBO_DEFAULTS);
        if (defaults == null) {
            throw new IllegalStateException("the model plan " + modelName + " has no Dubbo Defaults");
        }
        values.forEach((name, value) -> field(defaults, name, value));
    }

    /**
     * Keeps the model's first request alone, named {@code label}, with {@code values} for its fields and
     * {@code comment}; removes every other request, and the kept one's children.
     */
    void onlyRequest(String label, Map<String, String> values, String comment) {
        List<Element> requests = new ArrayList<>();
        for (String request : REQUESTS) {
            requests.addAll(elements(document.getElementsByTagName(request)));
        }
        if (requests.isEmpty()) {
            throw new IllegalStateException("the model plan " + modelName + " has no Dubbo Request or Thrift Request");
        }
        Element kept = requests.get(0);
        for (Element other : requests.subList(1, requests.size())) {
            Node children = nextElement(other);
            other.getParentNode().removeChild(children);
            other.getParentNode().removeChild(other);
        }
        Element children = (Element) nextElement(kept);
        while (children.getFirstChild() != null) {
            children.removeChild(children.getFirstChild());
        }
        kept.setAttribute("testname", label);
        stringProp(kept, "TestPlan.comments").setTextContent(comment);
        values.forEach((name, value) -> field(kept, name, value));
    }

    /** The plan as JMeter writes a .jmx: UTF-8 XML, indented by two spaces. */
    String text() {
        try {
            var transformer = TransformerFactory.newInstance().newTransformer();
            transformer.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            transformer.setOutputProperty(OutputKeys.INDENT, "yes");
            transformer.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
            StringWriter out = new StringWriter();
            out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
            transformer.transform(new DOMSource(document), new StreamResult(out));
            return out.toString();
        } catch (TransformerException e) {
            throw new IllegalStateException("cannot write the plan: " + e.getMessage(), e);
        }
    }

    void write(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, text(), StandardCharsets.UTF_8);
    }

    /**
     * Sets the element's field {@code name} as the GUI saves it: a {@code stringProp} holding a value, none for an empty
     * field.
     */
    private void field(Element element, String name, String value) {
        Element prop = stringProp(element, name);
        if (value == null || value.isEmpty()) {
            element.removeChild(prop);
        } else {
            prop.setTextContent(value);
        }
    }

    private Element only(String tag) {
        return (Element) document.getElementsByTagName(tag).item(0);
    }

    /** The direct {@code stringProp} child named {@code name}, added when the model has none. */
    private Element stringProp(Element parent, String name) {
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element e && e.getTagName().equals("stringProp") && name.equals(e.getAttribute("name"))) {
                return e;
            }
        }
        Element added = document.createElement("stringProp");
        added.setAttribute("name", name);
        parent.appendChild(added);
        return added;
    }

    private static Node nextElement(Node node) {
        Node next = node.getNextSibling();
        while (next != null && next.getNodeType() != Node.ELEMENT_NODE) {
            next = next.getNextSibling();
        }
        return next;
    }

    private static List<Element> elements(NodeList nodes) {
        List<Element> list = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            list.add((Element) nodes.item(i));
        }
        return list;
    }

    /** Removes the whitespace between elements, so that the writer indents the changed tree anew. */
    private static void dropIndentation(Element element) {
        Node child = element.getFirstChild();
        boolean hasElements = element.getElementsByTagName("*").getLength() > 0;
        while (child != null) {
            Node next = child.getNextSibling();
            if (child instanceof Element e) {
                dropIndentation(e);
            } else if (hasElements && child.getNodeType() == Node.TEXT_NODE && child.getTextContent().isBlank()) {
                element.removeChild(child);
            }
            child = next;
        }
    }
}
