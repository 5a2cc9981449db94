package io.rpcbench.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.provider.registry.EmbeddedZooKeeper;
import java.nio.charset.StandardCharsets;
import org.apache.dubbo.common.URL;
import org.junit.jupiter.api.Test;

/** The farm's writes into a real ZooKeeper on a free 127.0.0.1 port: a join or a leave done twice is done once. */
class RegistryWriterTest {

    private static final URL FAKE = URL.valueOf("dubbo://127.0.1.1:20880/io.rpcbench.discovery.App000Service0?"
            + "interface=io.rpcbench.discovery.App000Service0&application=seed004-app-000&methods=operation0");

    @Test
    void aProviderAddedTwiceIsOneNodeAndRemovedTwiceIsNone() throws Exception {
        try (EmbeddedZooKeeper zookeeper = EmbeddedZooKeeper.start("127.0.0.1", 0);
                RegistryWriter writer = RegistryWriter.connect(zookeeper.hostPort())) {
            byte[] data = "127.0.1.1".getBytes(StandardCharsets.UTF_8);
            String providers = RegistryWriter.ROOT + "/" + FAKE.getServiceInterface() + "/providers";

            writer.addProvider(FAKE, data);
            writer.addProvider(FAKE, data);

            assertThat(writer.client().getChildren().forPath(providers)).hasSize(1);
            writer.removeProvider(FAKE);
            writer.removeProvider(FAKE);
            assertThat(writer.client().getChildren().forPath(providers)).isEmpty();
        }
    }
}
