package io.rpcbench.sampler.dubbo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.rpcbench.echo.EchoService;
import io.rpcbench.provider.DelayedEcho;
import io.rpcbench.provider.dubbo.DubboEndpoint;
import io.rpcbench.sampler.LoopbackProviders;
import io.rpcbench.sampler.call.RegistryUnreachableException;
import io.rpcbench.sampler.call.SamplerParameters;
import java.util.Map;
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

    private static DubboSettings settings(String address) {
        return DubboSettings.from(new SamplerParameters(Map.of("address", address)::get));
    }
}
