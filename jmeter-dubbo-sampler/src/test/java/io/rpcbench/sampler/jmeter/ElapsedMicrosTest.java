package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcbench.provider.DelayedEcho;
import io.rpcbench.provider.dubbo.DubboEndpoint;
import io.rpcbench.provider.thrift.ThriftEndpoint;
import io.rpcbench.sampler.LoopbackProviders;
import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.protocol.java.sampler.JavaSampler;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.save.CSVSaveService;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@value RpcJavaSampler#ELAPSED_MICROS_VARIABLE} column: a plan run in JMeter's own engine, in this JVM, with
 * {@code sample_variables=elapsed_us} writes a CSV JTL whose last column is each call's own time in microseconds.
 */
class ElapsedMicrosTest {

    private static final String SAMPLE_VARIABLES = SampleEvent.SAMPLE_VARIABLES;
    private static final int THREADS = 2;
    private static final int LOOPS = 10;
    /** The provider's delay: calls long enough for JMeter's whole milliseconds to be compared with. */
    private static final int DELAY_MS = 3;
    /** JMeter's elapsed is in whole ms (up to 1 off the truth), plus the moments between its timer and ours. */
    private static final double TOLERANCE_MS = 1.5;

    @TempDir
    static Path home;

    @BeforeAll
    static void jmeterProperties() throws Exception {
        JMeterTestHome.use(home);
    }

    @AfterEach
    void noSampleVariables() {
        JMeterUtils.getJMeterProperties().remove(SAMPLE_VARIABLES);
        SampleEvent.initSampleVariables(); // as JMeter's next run would: no extra columns for later tests
    }

    @Test
    @Timeout(120)
    void aJtlWrittenWithSampleVariablesEndsWithTheCallsMicroseconds(@TempDir Path runDir) throws Exception {
        JMeterUtils.setProperty(SAMPLE_VARIABLES, RpcJavaSampler.ELAPSED_MICROS_VARIABLE);
        Path jtl = runDir.resolve("results.jtl");
        try (ThriftEndpoint thrift = LoopbackProviders.thrift("buffered", "binary", new DelayedEcho(DELAY_MS));
             DubboEndpoint dubbo = LoopbackProviders.dubbo("dubbo", new DelayedEcho(DELAY_MS))) {
            String thriftPort = Integer.toString(thrift.port());
            HashTree plan = plan(jtl, List.of(
                    sampler("thrift", new ThriftSampler(), Map.of("port", thriftPort)),
                    sampler("dubbo", new DubboSampler(), Map.of("address", dubbo.endpoint())),
                    sampler("thrift service", new ThriftServiceSampler(), Map.of("port", thriftPort,
                            "service", "io.rpcbench.example.thrift.InventoryService", "method", "find",
                            "arguments", "[7]", "multiplexed_service", ThriftEndpoint.INVENTORY_SERVICE)),
                    sampler("bad parameter", new ThriftSampler(), Map.of("size_bytes", "abc")),
                    sampler("no provider", new ThriftSampler(),
                            Map.of("port", Integer.toString(LoopbackProviders.freePort())))));
            StandardJMeterEngine engine = new StandardJMeterEngine();
            engine.configure(plan);
            engine.run(); // in this thread: returns once every thread ended and the listeners closed the JTL
        }

        List<String[]> rows = csv(jtl);
        String[] header = rows.remove(0);
        assertThat(header[header.length - 1]).isEqualTo("elapsed_us");
        int label = Arrays.asList(header).indexOf("label");
        int elapsed = Arrays.asList(header).indexOf("elapsed");
        int success = Arrays.asList(header).indexOf("success");
        int micros = header.length - 1;
        assertThat(rows).hasSize(THREADS * LOOPS * 5);
        assertThat(rows).allSatisfy(row -> {
            assertThat(row).hasSameSizeAs(header);
            double callMs = Long.parseLong(row[micros]) / 1000.0;
            if (row[label].equals("bad parameter") || row[label].equals("no provider")) {
                assertThat(row[success]).isEqualTo("false");
                // No call, so no call time; JMeter's elapsed of such a sample times nothing but may hold a pause of
                // the JVM (it was 3 ms once on CI), so it is not compared.
                assertThat(row[micros]).as("no call was made").isEqualTo("0");
            } else {
                assertThat(row[success]).as(String.join(",", row)).isEqualTo("true");
                assertThat(Long.parseLong(row[micros])).isPositive();
                assertThat(callMs).as("elapsed_us / 1000 of %s", String.join(",", row))
                        .isCloseTo(Long.parseLong(row[elapsed]), within(TOLERANCE_MS));
            }
            if (row[label].equals("thrift") || row[label].equals("dubbo")) { // the echo, which waits DELAY_MS
                assertThat(callMs).as("a call of the %d ms echo", DELAY_MS).isGreaterThanOrEqualTo(DELAY_MS);
            }
        });
    }

    @Test
    void noVariableIsPutWhenSampleVariablesDoesNotNameIt() throws Exception {
        JMeterUtils.setProperty(SAMPLE_VARIABLES, "other");
        JMeterVariables variables = new JMeterVariables();
        JMeterContextService.getContext().setVariables(variables);
        try (ThriftEndpoint thrift = LoopbackProviders.thrift("buffered", "binary", new DelayedEcho(0))) {
            Map<String, String> parameters = Map.of("port", Integer.toString(thrift.port()));

            assertThat(SamplerRun.runOnce(new ThriftSampler(), parameters).isSuccessful()).isTrue();
            assertThat(variables.get(RpcJavaSampler.ELAPSED_MICROS_VARIABLE)).isNull();

            JMeterUtils.setProperty(SAMPLE_VARIABLES, "other," + RpcJavaSampler.ELAPSED_MICROS_VARIABLE);
            assertThat(SamplerRun.runOnce(new ThriftSampler(), parameters).isSuccessful()).isTrue();
            assertThat(Long.parseLong(variables.get(RpcJavaSampler.ELAPSED_MICROS_VARIABLE))).isPositive();
        } finally {
            JMeterContextService.getContext().setVariables(null);
        }
    }

    @Test
    void sampleVariablesIsReadAsJMeterReadsIt() {
        assertThat(RpcJavaSampler.namesElapsedMicros(null)).isFalse();
        assertThat(RpcJavaSampler.namesElapsedMicros("")).isFalse();
        assertThat(RpcJavaSampler.namesElapsedMicros("elapsed_us")).isTrue();
        assertThat(RpcJavaSampler.namesElapsedMicros("a,elapsed_us,b")).isTrue();
        assertThat(RpcJavaSampler.namesElapsedMicros("elapsed_us_total")).isFalse();
        // JMeter looks up " elapsed_us" with its space, a variable no sampler sets
        assertThat(RpcJavaSampler.namesElapsedMicros("a, elapsed_us")).isFalse();
    }

    private static List<String[]> csv(Path jtl) throws Exception {
        List<String[]> rows = new ArrayList<>();
        try (BufferedReader reader = Files.newBufferedReader(jtl, StandardCharsets.UTF_8)) {
            for (String[] row = CSVSaveService.csvReadFile(reader, ','); row.length > 0;
                    row = CSVSaveService.csvReadFile(reader, ',')) {
                rows.add(row);
            }
        }
        return rows;
    }

    private static HashTree plan(Path jtl, List<JavaSampler> samplers) {
        ThreadGroup group = LoadThreadGroup.of(THREADS, LOOPS);
        ResultCollector results = new ResultCollector();
        results.setName("jtl");
        results.setFilename(jtl.toString());
        HashTree tree = new ListedHashTree();
        HashTree threads = tree.add(new TestPlan("elapsed_us")).add(group);
        samplers.forEach(threads::add);
        threads.add(results);
        return tree;
    }

    private static JavaSampler sampler(String name, RpcJavaSampler<?> client, Map<String, String> parameters) {
        return EnginePlans.javaRequest(name, client, parameters);
    }
}
