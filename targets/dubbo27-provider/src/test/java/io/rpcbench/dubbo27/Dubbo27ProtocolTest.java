package io.rpcbench.dubbo27;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class Dubbo27ProtocolTest {

    @Test
    void listIsReadInAnyOrderAndCaseAndKeptInTheProvidersOrder() {
        assertThat(Dubbo27Protocol.parseList(" HTTP,rmi , dubbo,rmi"))
                .containsExactly(Dubbo27Protocol.DUBBO, Dubbo27Protocol.RMI, Dubbo27Protocol.HTTP);
    }

    @Test
    void defaultListNamesEveryProtocol() {
        assertThat(Dubbo27Protocol.parseList(Dubbo27Protocol.names())).containsExactly(Dubbo27Protocol.values());
    }

    @Test
    void unknownProtocolIsRefusedNamingItAndTheAcceptedOnes() {
        assertThatThrownBy(() -> Dubbo27Protocol.parseList("dubbo,webservice"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'webservice' in 'dubbo,webservice' is not a protocol of this provider; expected names "
                        + "from dubbo,rmi,hessian,http separated by commas");
    }

    @Test
    void emptyNameIsRefused() {
        assertThatThrownBy(() -> Dubbo27Protocol.parseList("dubbo,,rmi"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'dubbo,,rmi' is not a list of protocols");
    }

    @Test
    void readyLineNamesEachProtocolServedInOrder() {
        Map<Dubbo27Protocol, String> endpoints = new LinkedHashMap<>();
        for (Dubbo27Protocol protocol : List.of(Dubbo27Protocol.values())) {
            endpoints.put(protocol, protocol.endpoint("127.0.0.1", 41000 + protocol.ordinal()));
        }

        assertThat(Dubbo27ProviderCommand.readyLine(endpoints)).isEqualTo("rpcbench-dubbo27-provider ready"
                + " dubbo=dubbo://127.0.0.1:41000 rmi=rmi://127.0.0.1:41001 hessian=hessian://127.0.0.1:41002"
                + " http=http://127.0.0.1:41003");
    }
}
