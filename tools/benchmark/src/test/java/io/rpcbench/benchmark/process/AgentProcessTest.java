package io.rpcbench.benchmark.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.benchmark.Plans;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AgentProcessTest {

    @Test
    void tcpEndpointIsReadFromTheReadyLine() {
        assertThat(AgentProcess.tcpEndpoint("rpcbench-agent ready tcp=127.0.0.1:41234 udp=127.0.0.1:41235"))
                .isEqualTo("127.0.0.1:41234");
        assertThat(AgentProcess.tcpEndpoint("rpcbench-agent ready udp=127.0.0.1:1 tcp=127.0.0.1:2")).isEqualTo("127.0.0.1:2");
    }

    @Test
    void aLineWithoutTcpEndpointIsRejectedWithTheExpectedForm() {
        assertThatThrownBy(() -> AgentProcess.tcpEndpoint("rpcbench-agent ready udp=127.0.0.1:41235"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'rpcbench-agent ready udp=127.0.0.1:41235'")
                .hasMessageContaining("expected 'rpcbench-agent ready tcp=HOST:PORT");
        assertThatThrownBy(() -> AgentProcess.tcpEndpoint("JP@GC Agent v2.2.2 started"))
                .hasMessageContaining("not an agent ready line");
    }

    @Test
    void planPropertiesPointTheCollectorAtTheAgentAndTheProvider() {
        assertThat(AgentProcess.planProperties("127.0.0.1:41234", 4321)).containsOnly(
                Map.entry("agents", "127.0.0.1:41234"),
                Map.entry("provider.agent", "127.0.0.1:41234"),
                Map.entry("provider.pid", "4321"));
    }

    @Test
    void jvmOptionsAreTheLinesOfTheFileWithoutCommentsAndBlanks() {
        assertThat(AgentProcess.jvmOptions(List.of("# why the heap is small", "-Xmx32m", "", "  -XX:+UseSerialGC  ",
                "   # indented comment", "-Xss256k"))).containsExactly("-Xmx32m", "-XX:+UseSerialGC", "-Xss256k");
    }

    @Test
    void theShippedJvmOptionsFileHoldsOnlyJvmOptions() {
        assertThat(AgentProcess.jvmOptions(Plans.LAYOUT)).isNotEmpty()
                .allSatisfy(option -> assertThat(option).startsWith("-").doesNotContainAnyWhitespaces());
    }
}
