package io.rpcbench.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.logging.Level;

import org.junit.jupiter.api.Test;

class AgentOptionsTest {

    @Test
    void defaultsAreTheOriginalPortsOnLoopbackWithEverythingDangerousOff() {
        AgentOptions options = AgentOptions.parse();
        assertThat(options.tcpPort).isEqualTo(4444);
        assertThat(options.udpPort).isEqualTo(4444);
        assertThat(options.bind).isEqualTo("127.0.0.1");
        assertThat(options.intervalSeconds).isEqualTo(1);
        assertThat(options.allowClients).isEmpty();
        assertThat(options.allowExec || options.allowTail || options.allowShutdown || options.allowUdpTransmitter)
                .isFalse();
        assertThat(options.maxClients).isEqualTo(64);
        assertThat(options.maxUdpSessions).isEqualTo(64);
        assertThat(options.udpIdleTimeoutSeconds).isEqualTo(30);
    }

    @Test
    void theCapsAndTheUdpIdleTimeoutAreRead() {
        AgentOptions options = AgentOptions.parse("--max-clients", "3", "--max-udp-sessions", "2",
                "--udp-idle-timeout", "90");
        assertThat(options.maxClients).isEqualTo(3);
        assertThat(options.maxUdpSessions).isEqualTo(2);
        assertThat(options.udpIdleTimeoutSeconds).isEqualTo(90);
        assertThatThrownBy(() -> AgentOptions.parse("--max-clients", "0"))
                .hasMessage("--max-clients expects a whole number of clients from 1, got '0'");
        assertThatThrownBy(() -> AgentOptions.parse("--udp-idle-timeout", "soon"))
                .hasMessage("--udp-idle-timeout expects a whole number of seconds from 1, got 'soon'");
    }

    @Test
    void theOriginalsOptionsAndOursAreRead() {
        AgentOptions options = AgentOptions.parse("--tcp-port", "0", "--udp-port", "off", "--interval", "5",
                "--loglevel", "debug", "--sysinfo", "--auto-shutdown", "--bind", "0.0.0.0", "--allow-clients",
                "127.0.0.1, 10.0.0.5", "--allow-exec", "--allow-tail", "--allow-shutdown", "--allow-udp-transmitter");
        assertThat(options.tcpPort).isZero();
        assertThat(options.udpPort).isEqualTo(AgentOptions.OFF);
        assertThat(options.intervalSeconds).isEqualTo(5);
        assertThat(options.logLevel).isEqualTo(Level.FINE);
        assertThat(options.sysinfo && options.autoShutdown).isTrue();
        assertThat(options.bind).isEqualTo("0.0.0.0");
        assertThat(options.allowClients).containsExactly("127.0.0.1", "10.0.0.5");
        assertThat(options.allowExec && options.allowTail && options.allowShutdown && options.allowUdpTransmitter)
                .isTrue();
    }

    @Test
    void theOriginalsNoExecIsAcceptedAndChangesNothing() {
        assertThat(AgentOptions.parse("--no-exec", "--agent-version").allowExec).isFalse();
    }

    @Test
    void badValuesNameTheOptionAndWhatItExpects() {
        assertThatThrownBy(() -> AgentOptions.parse("--tcp-port", "70000"))
                .hasMessage("--tcp-port expects a port 0-65535 or off, got '70000'");
        assertThatThrownBy(() -> AgentOptions.parse("--interval", "0"))
                .hasMessage("--interval expects whole seconds from 1, got '0'");
        assertThatThrownBy(() -> AgentOptions.parse("--loglevel", "loud"))
                .hasMessage("--loglevel expects debug, info, warn or error, got 'loud'");
        assertThatThrownBy(() -> AgentOptions.parse("--allow-everything"))
                .hasMessage("unknown option '--allow-everything'");
        assertThatThrownBy(() -> AgentOptions.parse("--bind")).hasMessage("--bind needs a value");
        assertThatThrownBy(() -> AgentOptions.parse("--tcp-port", "off", "--udp-port", "off"))
                .hasMessageContaining("nothing to listen on");
    }
}
