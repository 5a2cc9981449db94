package io.rpcbench.sampler.jmeter;

import com.thoughtworks.xstream.XStream;
import com.thoughtworks.xstream.converters.MarshallingContext;
import com.thoughtworks.xstream.io.HierarchicalStreamWriter;
import com.thoughtworks.xstream.mapper.Mapper;
import java.io.File;
import java.lang.reflect.Field;
import java.util.Properties;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.SampleSaveConfiguration;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.save.converters.SampleResultConverter;
import org.apache.jmeter.util.JMeterUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes an {@link RpcSampleResult} go into an XML JTL ({@code jmeter.save.saveservice.output_format=xml}, or a
 * listener's "Save As XML") as a plain {@code <sample>}, which JMeter's listeners load back as a
 * {@link SampleResult}.
 *
 * <p>Why this is needed: JMeter 5.6.3's {@link SaveService} takes its XStream converters and element names only from
 * {@code bin/saveservice.properties}, read once; its {@link SampleResultConverter} converts exactly
 * {@code SampleResult} ({@code canConvert} compares the class), and a subclass has no alias. XStream then writes our
 * subclass with its reflection converter: an element named after the class, every field of SampleResult, until a
 * field it cannot reach (a JDK set on Java 17) throws half way, leaving an unclosed element behind, so the file is
 * not XML. A plugin cannot add a line to the user's saveservice.properties, and SaveService has no method to register
 * a converter, so {@link #register()} adds to SaveService's own result writer, once per JVM and by reflection: a
 * converter for exactly {@code RpcSampleResult} (JMeter's, with the URL left out, see {@link Converter}) and the
 * alias {@code sample}. Reading is untouched: {@code <sample>} still reads as a plain {@code SampleResult}.
 *
 * <p>Order: {@link RpcSampleResult} calls {@link #register()} when it is made or deserialized (a controller receiving
 * a remote engine's samples); it registers once JMeter's properties are loaded and its saveservice.properties can be
 * read (before that, as in a unit test with no JMeter home, SaveService could not be set up and nothing is written).
 * When JMeter's internals are not what 5.6.3 has, it logs a warning once and XML results stay as JMeter writes them.
 */
final class RpcSampleXml {

    private static final Logger LOG = LoggerFactory.getLogger(RpcSampleXml.class);

    /** Set once registration was tried with JMeter set up, whether it worked or not. */
    private static volatile boolean done;

    private RpcSampleXml() {}

    /** Registers the converter and alias unless done; never throws. */
    static void register() {
        if (done) {
            return;
        }
        synchronized (RpcSampleXml.class) {
            if (done || !saveServiceCanStart()) {
                return;
            }
            done = true;
            try {
                XStream results = (XStream) staticField("JTLSAVER");
                Properties classToAlias = (Properties) staticField("classToAlias");
                classToAlias.setProperty(RpcSampleResult.class.getName(),
                        SaveService.classToAlias(SampleResult.class.getName()));
                results.registerConverter(new Converter(results.getMapper()));
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                LOG.warn("RPC samples cannot be written to XML results (JMeter's SaveService is not as in 5.6.3: {});"
                        + " save results as CSV (jmeter.save.saveservice.output_format=csv)", e.toString());
            }
        }
    }

    /**
     * Whether SaveService's set-up would succeed now: JMeter's properties are loaded and its saveservice.properties
     * is readable (SaveService fails for good, in its static initializer, otherwise).
     */
    private static boolean saveServiceCanStart() {
        if (JMeterUtils.getJMeterProperties() == null) {
            return false;
        }
        File file = JMeterUtils.findFile(JMeterUtils.getPropDefault("saveservice_properties", "saveservice.properties"));
        return file.canRead();
    }

    private static Object staticField(String name) throws ReflectiveOperationException {
        Field field = SaveService.class.getDeclaredField(name);
        field.setAccessible(true);
        return field.get(null);
    }

    /**
     * JMeter's sample converter for exactly {@link RpcSampleResult}, leaving out the URL: JMeter writes it as a
     * {@code java.net.URL} element and reads it back with {@code new URL(text)}, which knows no {@code dubbo},
     * {@code thrift} or {@code rmi} scheme and would fail the whole file's loading. The endpoint stays in the CSV
     * results' URL column.
     */
    static final class Converter extends SampleResultConverter {

        Converter(Mapper mapper) {
            super(mapper);
        }

        @Override
        public boolean canConvert(@SuppressWarnings("rawtypes") Class type) {
            return RpcSampleResult.class.equals(type);
        }

        @Override
        protected void saveSamplerData(HierarchicalStreamWriter writer, MarshallingContext context,
                SampleResult result, SampleSaveConfiguration save) {
            if (save.saveSamplerData(result)) {
                writeString(writer, TAG_SAMPLER_DATA, result.getSamplerData());
            }
        }
    }
}
