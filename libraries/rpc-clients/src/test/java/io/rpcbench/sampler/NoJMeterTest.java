package io.rpcbench.sampler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The clients' module stays JMeter-free: no JMeter class on its class path (the build's enforcer rule bans the
 * dependency; this fails too if one arrives some other way), and no source of it names JMeter or the JMeter adapters'
 * packages. The adapters in jmeter-dubbo-sampler depend on these clients, never the other way.
 */
class NoJMeterTest {

    private static final Path SOURCES = Path.of("src/main/java");

    @Test
    void noJMeterClassIsOnTheClassPath() {
        for (String jmeter : List.of("org.apache.jmeter.samplers.SampleResult",
                "org.apache.jmeter.protocol.java.sampler.AbstractJavaSamplerClient", "org.apache.jorphan.util.JOrphanUtils",
                "kg.apc.jmeter.perfmon.PerfMonCollector")) {
            assertThatThrownBy(() -> Class.forName(jmeter, false, NoJMeterTest.class.getClassLoader()))
                    .as(jmeter).isInstanceOf(ClassNotFoundException.class);
        }
    }

    @Test
    void noSourceNamesJMeterOrTheAdapters() throws IOException {
        List<String> naming;
        try (Stream<Path> files = Files.walk(SOURCES)) {
            naming = files.filter(p -> p.toString().endsWith(".java")).filter(p -> {
                try {
                    String source = Files.readString(p);
                    return source.contains("org.apache.jmeter") || source.contains("org.apache.jorphan")
                            || source.contains("kg.apc") || source.contains("io.rpcbench.sampler.jmeter")
                            || source.contains("io.rpcbench.sampler.perfmon") || source.contains("io.rpcbench.sampler.live");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).map(SOURCES::relativize).map(Path::toString).toList();
        }
        assertThat(naming).as("sources naming JMeter or its adapters").isEmpty();
    }
}
