package io.rpcbench.elements.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.elements.JMeterTestHome;
import io.rpcbench.sampler.call.RunScope;
import io.rpcbench.sampler.dubbo.DubboSettings;
import io.rpcbench.sampler.jmeter.RpcJavaSampler;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.apache.jmeter.config.ConfigTestElement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The elements make their clients ready before the first sample: at the test's start (JMeter's testStarted, on the
 * engine's thread) or when a thread group asks ({@link RpcRequest#prepareClient}), from the element's fields and the
 * config elements in its scope, without taking a sample.
 */
class ClientReadyTest {

    /** How long the test waits for the prepared socket's connection, and for it to close after the run. */
    private static final int DEADLINE_MS = 10_000;

    @TempDir
    static Path home;

    private final AtomicLong run = new AtomicLong(42);
    private LongSupplier before;

    @BeforeAll
    static void jmeterProperties() throws Exception {
        JMeterTestHome.use(home);
        // Its static initializer points RunScope at JMeter's runs: it must run before a test replaces that and puts
        // it back, or the later tests of this JVM would find no run in JMeter's own engine and never close a client
        Class.forName(RpcJavaSampler.class.getName(), true, RpcJavaSampler.class.getClassLoader());
    }

    @BeforeEach
    void aRunIsUnderWay() {
        before = RunScope.runs();
        RunScope.use(run::get);
    }

    @AfterEach
    void theRunEnds() {
        RunScope.use(before);
    }

    @Test
    void theTestsStartPreparesTheClientFromTheElementsFieldsWithoutASample() {
        RecordingRequest request = new RecordingRequest();
        request.setField("where", "zookeeper://127.0.0.1:2181");
        request.setField("what", "first");

        request.testStarted();

        RecordingJavaRequest prepared = request.made.get(0);
        assertThat(prepared.prepared).containsExactly(Map.of("where", "zookeeper://127.0.0.1:2181", "what", "first"));
        assertThat(prepared.clientsPrepared).as("clients prepared").isOne();
        assertThat(prepared.clientsClosed).as("the preparing client closed, its shared part kept by the run").isOne();
        assertThat(prepared.setups).as("no thread's set-up").isEmpty();
        assertThat(prepared.samples).as("no sample").isEmpty();
    }

    @Test
    void aThreadGroupsPreparationTakesEmptyFieldsFromTheConfigElementsInScopeNearestFirst() {
        RecordingRequest request = new RecordingRequest();
        request.setField("what", "own");
        ConfigTestElement nearest = new ConfigTestElement();
        nearest.setProperty("where", "nacos://127.0.0.1:8848");
        nearest.setProperty("what", "from the defaults");
        ConfigTestElement outer = new ConfigTestElement();
        outer.setProperty("where", "zookeeper://127.0.0.1:2181");

        assertThat(request.prepareClient(List.of(nearest, outer))).isTrue();

        assertThat(request.made.get(0).prepared)
                .containsExactly(Map.of("where", "nacos://127.0.0.1:8848", "what", "own"));
    }

    @Test
    void aDubboRequestLeavingItsAddressToDubboDefaultsIsNotPreparedAtTheTestsStart() {
        DubboRequest request = new DubboRequest();
        assertThat(request.readyAtTestStart()).as("address left to a Dubbo Defaults").isFalse();

        request.setField(DubboSettings.ADDRESS, "zookeeper://127.0.0.1:2181");
        assertThat(request.readyAtTestStart()).as("its own address").isTrue();
        assertThat(new ThriftRequest().readyAtTestStart()).as("nothing fills a Thrift Request's fields").isTrue();
    }

    /**
     * A Thrift Request prepared at the test's start connects its socket then (the provider here a plain loopback
     * socket that accepts), keeps it idle for the run's first thread, and the run's end closes it.
     */
    @Test
    @Timeout(60)
    void aThriftRequestConnectsItsSocketAtTheTestsStartAndTheRunsEndClosesIt() throws Exception {
        try (ServerSocket provider = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            provider.setSoTimeout(DEADLINE_MS);
            ThriftRequest request = new ThriftRequest();
            request.setName("find item");
            request.setField("host", "127.0.0.1");
            request.setField("port", Integer.toString(provider.getLocalPort()));
            request.setField("service", "io.rpcbench.echo.thrift.ThriftEchoService");
            request.setField("method", "ping");
            request.setField("arguments", "[]");

            request.testStarted();

            try (Socket connected = provider.accept()) { // throws SocketTimeoutException when nothing connected
                connected.setSoTimeout(DEADLINE_MS);
                run.set(0); // the run ends: its idle sockets are closed
                try (InputStream in = connected.getInputStream()) {
                    assertThat(in.read()).as("the prepared socket closed at the run's end").isEqualTo(-1);
                } catch (SocketTimeoutException e) {
                    throw new AssertionError("the prepared socket still open " + DEADLINE_MS + " ms after the run's "
                            + "end", e);
                }
            }
        }
    }

    @Test
    void aClientThatCannotBeReadyIsReportedAndTheElementStillSamples() {
        ThriftRequest request = new ThriftRequest();
        request.setName("find item");
        request.setField("port", "ninety");
        request.setField("service", "io.rpcbench.example.thrift.InventoryService");
        request.setField("method", "find");

        assertThat(request.prepareClient()).isFalse();
        request.testStarted(); // logged, never thrown

        assertThat(request.sample(null).getResponseCode()).isEqualTo("bad-parameter");
    }
}
