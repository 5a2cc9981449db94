package io.rpcbench.agent.metric.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.agent.metric.RefusedException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Without --allow-jmx-remote, a client's jmx: spec reaches only JVMs on this host's loopback. */
class LoopbackJmxTest {

    private final List<String> connected = new ArrayList<String>();
    private final LoopbackJmx jmx = new LoopbackJmx((url, user, password) -> {
        connected.add(url);
        return null;
    });

    @ParameterizedTest
    @ValueSource(strings = {"localhost:4711", "127.0.0.1:9010", "127.1.2.3:1", "[::1]:4711"})
    void aJvmOnThisHostIsReached(String url) throws Exception {
        jmx.connect(url, "", "");
        assertThat(connected).containsExactly(url);
    }

    @ParameterizedTest
    @ValueSource(strings = {"10.0.0.5:4711", "example.com:4711", "localhost.example.com:4711", "127.0.0.1",
        "service:jmx:rmi:///jndi/rmi://10.0.0.5:4711/jmxrmi", "service:jmx:jmxmp://localhost:5555",
        "localhost:4711/x", ""})
    void anyOtherTargetIsRefusedNamingTheFlag(String url) {
        assertThatThrownBy(() -> jmx.connect(url, "", ""))
                .isInstanceOf(RefusedException.class)
                .hasMessage("jmx url '" + url + "' (expected localhost:<port>, 127.0.0.1:<port> or [::1]:<port>,"
                        + " a JVM on this host) is refused: this agent was started without --allow-jmx-remote");
        assertThat(connected).isEmpty();
    }
}
