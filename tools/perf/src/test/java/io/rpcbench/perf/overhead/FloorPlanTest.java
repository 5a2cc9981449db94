package io.rpcbench.perf.overhead;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.benchmark.process.ProjectLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

class FloorPlanTest {

    /** The checkout's shipped plans, as the benchmark reads them (the tests run in the module's folder). */
    private static final ProjectLayout CHECKOUT = new ProjectLayout(Path.of("../..").toAbsolutePath().normalize());

    private static Document floorOf(String planName) throws Exception {
        Path shipped = CHECKOUT.plan(planName);
        return FloorPlan.parse(FloorPlan.derive(Files.readString(shipped), shipped.toString()), "floor");
    }

    private static Document shipped(String planName) throws Exception {
        return FloorPlan.parse(Files.readString(CHECKOUT.plan(planName)), planName);
    }

    private static Map<String, String> arguments(Element sampler) {
        Map<String, String> arguments = new LinkedHashMap<>();
        NodeList values = sampler.getElementsByTagName("stringProp");
        String name = null;
        for (int i = 0; i < values.getLength(); i++) {
            Element value = (Element) values.item(i);
            if (value.getAttribute("name").equals("Argument.name")) {
                name = value.getTextContent();
            } else if (value.getAttribute("name").equals("Argument.value")) {
                arguments.put(name, value.getTextContent());
            }
        }
        return arguments;
    }

    private static String classname(Element sampler) {
        for (Node child = sampler.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element e && e.getAttribute("name").equals("classname")) {
                return e.getTextContent();
            }
        }
        return null;
    }

    /** The plan's elements that are not samplers' insides: everything a run's machinery is made of. */
    private static List<Element> elementsOutsideTheSamplers(Document plan) {
        List<Element> outside = new ArrayList<>();
        NodeList all = plan.getElementsByTagName("*");
        for (int i = 0; i < all.getLength(); i++) {
            Element element = (Element) all.item(i);
            boolean inSampler = false;
            for (Node n = element; n != null; n = n.getParentNode()) {
                inSampler |= n instanceof Element e && e.getAttribute("testclass").equals("JavaSampler");
            }
            if (!inSampler && element.getElementsByTagName("JavaSampler").getLength() == 0) {
                outside.add(element);
            }
        }
        return outside;
    }

    @ParameterizedTest
    @ValueSource(strings = {"thrift-echo-1k", "dubbo-echo-1k"})
    void theFloorsSamplerIsJMetersNoOpJavaTestSleepingZeroWithThePlansArguments(String planName) throws Exception {
        List<Element> samplers = FloorPlan.javaSamplers(floorOf(planName));
        List<Element> ours = FloorPlan.javaSamplers(shipped(planName));
        assertThat(samplers).hasSize(ours.size()).isNotEmpty();
        for (int i = 0; i < samplers.size(); i++) {
            assertThat(classname(samplers.get(i))).isEqualTo("org.apache.jmeter.protocol.java.test.JavaTest");
            Map<String, String> expected = new LinkedHashMap<>(arguments(ours.get(i)));
            expected.put("Sleep_Time", "0");
            expected.put("Sleep_Mask", "0");
            assertThat(arguments(samplers.get(i))).containsExactlyEntriesOf(expected).hasSizeGreaterThan(8);
        }
        // the shipped plan's sampler is one of ours, which the floor replaces
        assertThat(classname(FloorPlan.javaSamplers(shipped(planName)).get(0))).startsWith("io.rpcbench.sampler.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"thrift-echo-1k", "dubbo-echo-1k"})
    void theFloorKeepsTheThreadGroupListenersAndCollectorUnchanged(String planName) throws Exception {
        List<Element> shipped = elementsOutsideTheSamplers(shipped(planName));
        List<Element> floor = elementsOutsideTheSamplers(floorOf(planName));
        assertThat(floor).hasSameSizeAs(shipped);
        for (int i = 0; i < shipped.size(); i++) {
            assertThat(floor.get(i).isEqualNode(shipped.get(i)))
                    .as("element %s '%s'", shipped.get(i).getTagName(), shipped.get(i).getAttribute("testname"))
                    .isTrue();
        }
        // among them the JTL's Summary Report and the PerfMon collector, with their save configurations
        assertThat(floor).extracting(e -> e.getAttribute("testclass"))
                .contains("ThreadGroup", "ResultCollector", "io.rpcbench.sampler.perfmon.AgentListPerfMonCollector");
        assertThat(floor).extracting(Element::getTagName).contains("value"); // SampleSaveConfiguration
    }

    @Test
    void writesTheFloorBesideALinkToTheSameJMeterHome(@TempDir Path dir) throws Exception {
        ProjectLayout floor = FloorPlan.write(CHECKOUT, "thrift-echo-1k", dir);
        assertThat(floor.plan("thrift-echo-1k-floor")).isRegularFile();
        assertThat(Files.readSymbolicLink(floor.jmeterHome())).isEqualTo(CHECKOUT.jmeterHome());
        assertThat(FloorPlan.write(CHECKOUT, "dubbo-echo-1k", dir).plan("dubbo-echo-1k-floor")).isRegularFile();
        assertThat(CHECKOUT.plansDir().resolve("thrift-echo-1k-floor.jmx")).doesNotExist();
    }

    @Test
    void aPlanWithoutAJavaRequestIsRefusedByName() {
        assertThatThrownBy(() -> FloorPlan.derive("<jmeterTestPlan><hashTree/></jmeterTestPlan>", "http.jmx"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("http.jmx holds no Java Request");
        assertThatThrownBy(() -> FloorPlan.derive("not xml", "broken.jmx"))
                .hasMessageStartingWith("broken.jmx is not a JMeter plan's XML");
    }
}
