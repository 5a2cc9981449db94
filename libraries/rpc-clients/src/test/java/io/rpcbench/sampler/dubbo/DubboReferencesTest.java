package io.rpcbench.sampler.dubbo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.google.protobuf.DescriptorProtos;
import io.rpcbench.echo.EchoService;
import io.rpcbench.provider.DelayedEcho;
import io.rpcbench.provider.dubbo.DubboEndpoint;
import io.rpcbench.sampler.LoopbackProviders;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.RunScope;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.registry.RegistryUnreachableException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.Test;

class DubboReferencesTest {

    @Test
    void theReleaseOfTheLastConsumerForgetsTheConsumersThatCouldNotBeBuilt() {
        assertThat(DubboReferences.liveConsumers()).as("consumers left by other tests").isZero();
        DubboSettings down = settings("zookeeper://127.0.0.1:" + LoopbackProviders.freePort());
        try (DubboEndpoint provider = LoopbackProviders.dubbo("dubbo", new DelayedEcho(0))) {
            DubboSettings up = settings(provider.endpoint());
            DubboReferences.acquire(up, EchoService.class);
            long failedAt = System.nanoTime();
            Throwable first = catchThrowable(() -> DubboReferences.acquire(down, EchoService.class));
            Throwable again = catchThrowable(() -> DubboReferences.acquire(down, EchoService.class));

            DubboReferences.release(up); // the last consumer
            Throwable afterRelease = catchThrowable(() -> DubboReferences.acquire(down, EchoService.class));
            long sinceFailureMs = (System.nanoTime() - failedAt) / 1_000_000;

            assertThat(first).isInstanceOf(RegistryUnreachableException.class);
            assertThat(again).as("within %d ms: the same failure", DubboReferences.RETRY_BUILD_AFTER_MS)
                    .isSameAs(first);
            assertThat(sinceFailureMs).as("still within the time a failure is kept")
                    .isLessThan(DubboReferences.RETRY_BUILD_AFTER_MS);
            assertThat(afterRelease).as("built again, failing anew").isInstanceOf(RegistryUnreachableException.class)
                    .isNotSameAs(first);
        }
    }

    /** A Nacos that is down when the consumer is built fails it naming the registry as the user wrote it. */
    @Test
    void aNacosDownAtTheStartFailsTheConsumerNamingIt() {
        String address = "nacos://127.0.0.1:" + LoopbackProviders.freePort() + "?namespace=bench";

        Throwable failure = catchThrowable(() -> DubboReferences.acquire(settings(address), EchoService.class));

        assertThat(failure).isInstanceOf(RegistryUnreachableException.class)
                .hasMessage("registry " + address + " not reachable");
        assertThat(DubboReferences.liveConsumers()).isZero();
    }

    /**
     * A registry that accepts connections but never answers (a ZooKeeper too slow, or not one) passes the reachability
     * check and fails the look-up of the provider's application: no Dubbo model may be left behind, neither the
     * consumer's ApplicationModel nor, for the first consumer, the FrameworkModel.
     */
    @Test
    void aRegistryThatNeverAnswersLeavesNoDubboModelBehind() throws Exception {
        assertThat(DubboReferences.liveConsumers()).as("consumers left by other tests").isZero();
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            DubboSettings settings = DubboSettings.from(new SamplerParameters(Map.of(
                    "address", "zookeeper://127.0.0.1:" + silent.getLocalPort(), "timeout_ms", "1000")::get));
            int frameworks = FrameworkModel.getAllInstances().size();
            int applications = applicationModels();

            Throwable failure = catchThrowable(() -> DubboReferences.acquire(settings, EchoService.class));

            assertThat(failure).isInstanceOf(UncheckedIOException.class).hasCauseInstanceOf(ConnectException.class)
                    .hasMessageContaining("no answer from ZooKeeper at 127.0.0.1:" + silent.getLocalPort());
            assertThat(FrameworkModel.getAllInstances()).as("FrameworkModels").hasSize(frameworks);
            assertThat(applicationModels()).as("ApplicationModels").isEqualTo(applications);
            assertThat(DubboReferences.liveConsumers()).isZero();
        }
    }

    /**
     * A descriptor set without the service fails the consumer's set-up (as a bad parameter) after its models were
     * made: neither the consumer's ApplicationModel nor the first consumer's FrameworkModel may be left behind.
     */
    @Test
    void aBadDescriptorSetLeavesNoDubboModelBehind() throws Exception {
        assertThat(DubboReferences.liveConsumers()).as("consumers left by other tests").isZero();
        Path descriptorSet = Files.createTempFile("not-user", ".protoset");
        try {
            Files.write(descriptorSet, DescriptorProtos.FileDescriptorSet.getDefaultInstance().toByteArray());
            DubboSettings settings = DubboSettings.forService(new SamplerParameters(Map.of(
                    "address", "tri://127.0.0.1:" + LoopbackProviders.freePort(), "protocol", "tri",
                    "interface", "rpcbench.user.UserService", "invocation", "proto-descriptor",
                    "proto_descriptor_set", descriptorSet.toString())::get));
            int frameworks = FrameworkModel.getAllInstances().size();
            int applications = applicationModels();

            Throwable failure = catchThrowable(() -> DubboReferences.acquire(settings, Invoker.class));

            assertThat(failure).isInstanceOf(BadParameterException.class).hasMessageContaining("holds no service");
            assertThat(FrameworkModel.getAllInstances()).as("FrameworkModels").hasSize(frameworks);
            assertThat(applicationModels()).as("ApplicationModels").isEqualTo(applications);
            assertThat(DubboReferences.liveConsumers()).isZero();
        } finally {
            Files.delete(descriptorSet);
        }
    }

    /**
     * A consumer whose start fails (here a cluster extension Dubbo does not have, which the sampler's own parameter
     * check would refuse) leaves no Dubbo model behind, the first consumer's FrameworkModel included.
     */
    @Test
    void aStartThatFailsLeavesNoDubboModelBehind() {
        assertThat(DubboReferences.liveConsumers()).as("consumers left by other tests").isZero();
        DubboSettings valid = settings("dubbo://127.0.0.1:" + LoopbackProviders.freePort());
        DubboSettings settings = new DubboSettings(valid.address(), valid.protocol(), valid.serialization(),
                valid.timeoutMs(), valid.version(), valid.group(), valid.interfaceName(), valid.invocation(),
                valid.descriptorSet(), "no-such-cluster", valid.loadbalance(), valid.retries(), valid.connections(),
                valid.access());
        int frameworks = FrameworkModel.getAllInstances().size();
        int applications = applicationModels();

        Throwable failure = catchThrowable(() -> DubboReferences.acquire(settings, EchoService.class));

        assertThat(failure).as("the start's failure").isNotNull().hasMessageContaining("no-such-cluster");
        assertThat(FrameworkModel.getAllInstances()).as("FrameworkModels").hasSize(frameworks);
        assertThat(applicationModels()).as("ApplicationModels").isEqualTo(applications);
        assertThat(DubboReferences.liveConsumers()).isZero();
    }

    /**
     * Under an open model each arrival is a thread that acquires the consumer and releases it after one call: within a
     * run the last release keeps it for the next arrival (built once, the same proxy), and the run's end destroys it.
     */
    @Test
    void theLastReleaseDuringARunKeepsTheConsumerUntilTheRunEnds() {
        assertThat(DubboReferences.liveConsumers()).as("consumers left by other tests").isZero();
        AtomicLong run = new AtomicLong(42);
        LongSupplier before = RunScope.runs();
        RunScope.use(run::get);
        try (DubboEndpoint provider = LoopbackProviders.dubbo("dubbo", new DelayedEcho(0))) {
            DubboSettings settings = settings(provider.endpoint());
            EchoService first = DubboReferences.acquire(settings, EchoService.class);
            DubboReferences.release(settings);
            assertThat(DubboReferences.liveConsumers()).as("kept for the run's next thread").isOne();

            EchoService next = DubboReferences.acquire(settings, EchoService.class);
            assertThat(next).as("the next arrival's proxy").isSameAs(first);
            assertThat(next.echo("x")).isEqualTo("x");
            DubboReferences.release(settings);

            run.set(0); // the run ended
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (DubboReferences.liveConsumers() > 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertThat(DubboReferences.liveConsumers()).as("consumers 10 s after the run's end").isZero();
        } finally {
            RunScope.use(before);
        }
    }

    private static int applicationModels() {
        return FrameworkModel.getAllInstances().stream().mapToInt(f -> f.getAllApplicationModels().size()).sum();
    }

    private static DubboSettings settings(String address) {
        return DubboSettings.from(new SamplerParameters(Map.of("address", address)::get));
    }
}
