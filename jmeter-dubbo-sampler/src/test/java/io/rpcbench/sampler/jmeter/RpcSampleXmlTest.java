package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.sampler.call.ResponseData;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.reporters.ResultCollectorHelper;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.SampleSaveConfiguration;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jmeter.visualizers.Visualizer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * An {@link RpcSampleResult} in an XML JTL ({@code jmeter.save.saveservice.output_format=xml}), written and read by
 * JMeter's own SaveService with the configuration of JMeter 5.6.3's bin/ (ApacheJMeter_config): a plain
 * {@code <sample>} that an XML parser accepts and a JMeter listener loads back.
 */
class RpcSampleXmlTest {

    @TempDir
    static Path home;

    @BeforeAll
    static void jmeterHomeWithItsSaveServiceConfiguration() throws IOException {
        Path bin = Files.createDirectories(home.resolve("bin"));
        for (String name : List.of("jmeter.properties", "saveservice.properties")) {
            try (InputStream in = RpcSampleXmlTest.class.getResourceAsStream("/bin/" + name)) {
                assertThat(in).as("bin/%s on the test class path (ApacheJMeter_config)", name).isNotNull();
                Files.copy(in, bin.resolve(name), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        JMeterUtils.setJMeterHome(home.toString());
        JMeterUtils.loadJMeterProperties(bin.resolve("jmeter.properties").toString());
        JMeterUtils.initLocale();
    }

    @Test
    void anRpcSampleIsWrittenAsAPlainSampleThatAnXmlParserAndJMeterRead() throws Exception {
        RpcSampleResult result = new RpcSampleResult();
        result.setSampleLabel("thrift-echo-1k");
        result.setEndpoint("thrift://127.0.0.1:9090");
        result.setResponseCodeOK();
        result.setResponseMessageOK();
        result.setSuccessful(true);
        result.setSamplerData("echo string 1024 bytes");
        result.setDataType(SampleResult.TEXT);
        result.setResponseDataLater(ResponseData.later(() -> "{\"total\":36.9}"));
        result.setSaveConfig(everything());

        String xml = "<testResults version=\"1.2\">\n" + written(result) + "</testResults>\n";

        Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        Element sample = (Element) document.getDocumentElement().getElementsByTagName("*").item(0);
        assertThat(sample.getTagName()).as(xml).isEqualTo("sample");
        assertThat(sample.getAttribute("lb")).isEqualTo("thrift-echo-1k");
        assertThat(sample.getAttribute("rc")).isEqualTo("200");
        assertThat(sample.getAttribute("s")).isEqualTo("true");
        assertThat(sample.getElementsByTagName("responseData").item(0).getTextContent())
                .isEqualTo("{\"total\":36.9}");

        List<SampleResult> loaded = loaded(xml);
        assertThat(loaded).singleElement().satisfies(read -> {
            assertThat(read.getSampleLabel()).isEqualTo("thrift-echo-1k");
            assertThat(read.isSuccessful()).isTrue();
            assertThat(read.getResponseDataAsString()).isEqualTo("{\"total\":36.9}");
            assertThat(read.getSamplerData()).isEqualTo("echo string 1024 bytes");
        });
    }

    /** A save configuration writing every field XML can hold, the URL and the response data among them. */
    private static SampleSaveConfiguration everything() {
        SampleSaveConfiguration save = new SampleSaveConfiguration(true);
        save.setAsXml(true);
        save.setUrl(true);
        save.setResponseData(true);
        save.setSamplerData(true);
        return save;
    }

    /** The sample as JMeter's ResultCollector writes it into an XML JTL. */
    private static String written(SampleResult result) throws IOException {
        StringWriter out = new StringWriter();
        SaveService.saveSampleResult(new SampleEvent(result, "Thread Group"), out);
        return out.toString();
    }

    /** The samples of {@code xml} as a listener loads them ({@code ResultCollector.loadExistingFile}). */
    private static List<SampleResult> loaded(String xml) throws IOException {
        List<SampleResult> samples = new ArrayList<>();
        SaveService.loadTestResults(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)),
                new ResultCollectorHelper(new ResultCollector(), new Collecting(samples)));
        return samples;
    }

    private record Collecting(List<SampleResult> samples) implements Visualizer {
        @Override
        public void add(SampleResult sample) {
            samples.add(sample);
        }

        @Override
        public boolean isStats() {
            return false;
        }
    }
}
