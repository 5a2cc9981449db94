package io.rpcbench.sampler.perfmon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.sampler.call.BadParameterException;
import org.junit.jupiter.api.Test;

class AgentAddressTest {

    @Test
    void entriesWithAndWithoutPortInTheOrderWritten() {
        assertThat(AgentAddress.parseList(" 10.0.0.5:4445 , agent-b ,127.0.0.1:4444", "4444")).containsExactly(
                new AgentAddress("10.0.0.5", 4445), new AgentAddress("agent-b", 4444),
                new AgentAddress("127.0.0.1", 4444));
    }

    @Test
    void ipv6AddressesAreWrittenInBrackets() {
        assertThat(AgentAddress.parseList("[fd00::5]:4445,[::1]", "4444"))
                .containsExactly(new AgentAddress("fd00::5", 4445), new AgentAddress("::1", 4444));
    }

    @Test
    void blankListHasNoAgents() {
        assertThat(AgentAddress.parseList("  ", "4444")).isEmpty();
        assertThat(AgentAddress.parseList(null, "4444")).isEmpty();
    }

    @Test
    void badEntriesAreNamedWithTheList() {
        assertThatThrownBy(() -> AgentAddress.parseList("127.0.0.1:4444,h:x", "4444"))
                .isInstanceOf(BadParameterException.class)
                .hasMessageContaining("'127.0.0.1:4444,h:x'").hasMessageContaining("'h:x'")
                .hasMessageContaining("not a number").hasMessageContaining("expected comma-separated host");
        assertThatThrownBy(() -> AgentAddress.parseList("h:70000", "4444")).hasMessageContaining("outside 1-65535");
        assertThatThrownBy(() -> AgentAddress.parseList("a,,b", "4444")).hasMessageContaining("entry '' that has no host");
        assertThatThrownBy(() -> AgentAddress.parseList("fd00::5", "4444")).hasMessageContaining("brackets");
        assertThatThrownBy(() -> AgentAddress.parseList("[fd00::5", "4444")).hasMessageContaining("[ipv6-address]");
    }

    @Test
    void entryWithoutPortNeedsADefaultPort() {
        assertThatThrownBy(() -> AgentAddress.parseList("agent-b", " ")).hasMessageContaining("no default port");
        assertThat(AgentAddress.parseList("agent-b:4444", "")).containsExactly(new AgentAddress("agent-b", 4444));
    }
}
