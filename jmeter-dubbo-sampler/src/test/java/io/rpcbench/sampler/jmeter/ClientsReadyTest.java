package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.provider.DelayedEcho;
import io.rpcbench.provider.dubbo.DubboEndpoint;
import io.rpcbench.sampler.LoopbackProviders;
import io.rpcbench.sampler.call.RunScope;
import io.rpcbench.sampler.dubbo.DubboReferences;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.apache.jmeter.protocol.java.sampler.JavaSampler;
import org.apache.jmeter.protocol.java.test.JavaTest;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ClientsReady}: a Java Request prepared on the engine's thread before its threads start has the run's shared
 * Dubbo consumer built before its first sample, which then uses that consumer; other classes and bad parameters
 * leave the run as it was.
 */
class ClientsReadyTest {

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
        assertThat(DubboReferences.liveConsumers()).as("consumers left by other tests").isZero();
        before = RunScope.runs();
        RunScope.use(run::get);
    }

    @AfterEach
    void theRunEnds() {
        run.set(0);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (DubboReferences.liveConsumers() > 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait(); // the run scope's thread ends them within its check interval
        }
        RunScope.use(before);
        assertThat(DubboReferences.liveConsumers()).as("consumers 10 s after the run's end").isZero();
    }

    @Test
    @Timeout(60)
    void aPreparedJavaRequestHasItsDubboConsumerBeforeItsFirstSample() {
        try (DubboEndpoint provider = LoopbackProviders.dubbo("dubbo", new DelayedEcho(0))) {
            JavaSampler element = EnginePlans.javaRequest("echo", new DubboSampler(),
                    Map.of("address", provider.endpoint()));

            assertThat(ClientsReady.prepare(element)).isTrue();
            assertThat(DubboReferences.liveConsumers()).as("consumers before the first sample").isOne();

            DubboSampler thread = new DubboSampler();
            SampleResult first = SamplerRun.runOnce(thread, Map.of("address", provider.endpoint()));
            assertThat(first.isSuccessful()).as(first.getResponseMessage()).isTrue();
            assertThat(DubboReferences.liveConsumers()).as("the first sample used the prepared consumer").isOne();
        }
    }

    @Test
    void aJavaRequestOfAnotherClassIsLeftAlone() {
        JavaSampler element = new JavaSampler();
        element.setName("not ours");
        element.setClassname(JavaTest.class.getName());

        assertThat(ClientsReady.prepare(element)).isFalse();
        assertThat(DubboReferences.liveConsumers()).isZero();
    }

    @Test
    void aBadParameterIsReportedAndBuildsNothing() {
        JavaSampler element = EnginePlans.javaRequest("bad", new DubboSampler(), Map.of("size_bytes", "abc"));

        assertThat(new DubboSampler().prepareForRun(SamplerRun.context(new DubboSampler(),
                Map.of("size_bytes", "abc")))).startsWith("bad parameter: ").contains("size_bytes");
        assertThat(ClientsReady.prepare(element)).isFalse();
        assertThat(DubboReferences.liveConsumers()).isZero();
    }
}
