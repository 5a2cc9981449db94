package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class ProcessSocketsTest {

    @Test
    void decodesProcAddresses() {
        assertThat(ProcessSockets.address("0100007F:1F90")).isEqualTo("127.0.0.1:8080");
        assertThat(ProcessSockets.address("0000000000000000FFFF00000100007F:0050")).isEqualTo("::ffff:127.0.0.1:80");
        assertThat(ProcessSockets.address("00000000000000000000000001000000:0016")).isEqualTo("::1:22");
    }

    @Test
    void seesAListeningSocketOfThisProcess() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThat(ProcessSockets.of(ProcessHandle.current().pid()))
                    .anySatisfy(s -> {
                        assertThat(s.state()).isEqualTo(ProcessSockets.LISTEN);
                        assertThat(s.local()).endsWith(":" + socket.getLocalPort());
                        assertThat(s.localIsLoopback()).isTrue();
                    });
        }
    }
}
