package io.rpcbench.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Listeners on fake instances' loopback addresses count the connections made to them. */
class FakeInstanceListenersTest {

    @Test
    void theSeedsFirstInstanceListensOnEachProtocolsPort() {
        assertThat(FakeInstanceListeners.firstInstancePerProtocol(new RegistryShape(4, 2, 2, 2, 1024)))
                .containsExactly(new InetSocketAddress("127.0.1.1", 20880), new InetSocketAddress("127.0.1.1", 20881));
    }

    @Test
    void aConnectionToAFakeInstanceIsCountedOnItsAddressOnly() throws Exception {
        try (FakeInstanceListeners listeners = FakeInstanceListeners.start(
                List.of(new InetSocketAddress("127.0.1.1", 0)))) {
            InetSocketAddress fake = listeners.addresses().get(0);
            assertThat(fake.getAddress().getHostAddress()).isEqualTo("127.0.1.1");
            assertThat(listeners.figures()).isEqualTo(Map.of("fake_listeners", "1", "fake_connections", "0"));

            try (Socket dial = new Socket(fake.getAddress(), fake.getPort())) {
                // the farm closes it at once: reading the end of the stream means it was accepted and counted
                assertThat(dial.getInputStream().read()).isEqualTo(-1);
            }

            assertThat(listeners.figures()).containsEntry("fake_connections", "1");
        }
    }
}
