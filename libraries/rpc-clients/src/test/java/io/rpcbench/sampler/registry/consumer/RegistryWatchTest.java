package io.rpcbench.sampler.registry.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The watch says once when a consumer's registry is lost, once when it is back, and nothing while it stays so. */
class RegistryWatchTest {

    @Test
    void aLostRegistryIsSaidOnceAndItsReturnOnceWithTheTimeItWasAway() {
        List<String> said = new CopyOnWriteArrayList<>();
        AtomicBoolean connected = new AtomicBoolean(true);
        try (RegistryWatch watch = new RegistryWatch(said::add)) {
            watch.watch("consumer", "nacos://127.0.0.1:8848", "com.example.Orders", connected::get);

            watch.check();
            assertThat(said).as("connected: nothing to say").isEmpty();
            connected.set(false);
            watch.check();
            watch.check();
            connected.set(true);
            watch.check();
            watch.check();
        }

        assertThat(said).hasSize(2);
        assertThat(said.get(0)).matches("rpcbench: registry nacos://127\\.0\\.0\\.1:8848 lost at [0-9:.]+: the "
                + "consumer of com\\.example\\.Orders goes on calling the providers it knew, and sees no provider come "
                + "or go until it is back");
        assertThat(said.get(1)).matches("rpcbench: registry nacos://127\\.0\\.0\\.1:8848 back at [0-9:.]+ after "
                + "\\d+\\.\\d s \\(consumer of com\\.example\\.Orders\\)");
    }

    @Test
    void aConsumerNoLongerWatchedIsNotChecked() {
        List<String> said = new CopyOnWriteArrayList<>();
        try (RegistryWatch watch = new RegistryWatch(said::add)) {
            watch.watch("consumer", "zookeeper://127.0.0.1:2181", "com.example.Orders", () -> false);
            watch.unwatch("consumer");
            watch.check();
        }

        assertThat(said).isEmpty();
    }
}
