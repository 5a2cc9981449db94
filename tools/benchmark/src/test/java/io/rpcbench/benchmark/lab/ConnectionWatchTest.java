package io.rpcbench.benchmark.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConnectionWatchTest {

    /** {@code ss -Htn} as it prints in a lab host: IPv4, IPv4-mapped IPv6 (Dubbo, JMeter over SSL) and loopback. */
    private static final String SS = """
            ESTAB 0      0           198.18.0.4:41822       198.18.0.2:20880
            ESTAB 0      0      [::ffff:198.18.0.4]:1099 [::ffff:198.18.0.1]:39159
            ESTAB 0      36          127.0.0.1:2181          127.0.0.1:50312
            ESTAB 0      0          [::1]:4444              [::1]:51000
            """;

    @Test
    void theListeningSideKeepsItsPortAndMappedAddressesReadAsIpv4() {
        assertThat(ConnectionWatch.parse("generator-1", SS)).containsExactly(
                new ConnectionWatch.Connection("generator-1", "198.18.0.4", 0, "198.18.0.2", 20880),
                new ConnectionWatch.Connection("generator-1", "198.18.0.4", 1099, "198.18.0.1", 0),
                new ConnectionWatch.Connection("generator-1", "127.0.0.1", 2181, "127.0.0.1", 0),
                new ConnectionWatch.Connection("generator-1", "::1", 4444, "::1", 0));
        assertThat(ConnectionWatch.parse("generator-1", SS).get(0)).hasToString("generator-1 198.18.0.4 -> 198.18.0.2:20880");
    }

    @Test
    void everyEndInTheLabOrOnLoopbackIsInside() {
        assertThat(ConnectionWatch.outside(ConnectionWatch.parse("generator-1", SS), "198.18.0")).isEmpty();
        assertThat(ConnectionWatch.outside(ConnectionWatch.parse("generator-1", SS), "198.18.1")).hasSize(2);
    }

    @Test
    void anEndOutsideTheLabAndLoopbackIsReported() {
        List<ConnectionWatch.Connection> seen = ConnectionWatch.parse("provider-1", SS
                + "ESTAB 0 0 198.18.0.2:20880 192.0.2.7:40000\n");
        assertThat(ConnectionWatch.outside(seen, "198.18.0")).containsExactly(new ConnectionWatch.Connection("provider-1", "198.18.0.2", 20880, "192.0.2.7", 0));
    }
}
