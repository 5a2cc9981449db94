package io.rpcbench.elements;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.jmeter.util.JMeterUtils;

/** What JMeter needs before its sampler classes run in a test's JVM: a home with an empty jmeter.properties. */
public final class JMeterTestHome {

    private JMeterTestHome() {
    }

    /** Makes {@code home} JMeter's home with no properties of its own, and loads them (once per test class). */
    public static void use(Path home) throws IOException {
        Path properties = Files.writeString(home.resolve("jmeter.properties"), "");
        JMeterUtils.loadJMeterProperties(properties.toString());
        JMeterUtils.setJMeterHome(home.toString());
        JMeterUtils.initLocale();
    }
}
