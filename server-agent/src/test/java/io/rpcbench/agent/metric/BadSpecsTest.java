package io.rpcbench.agent.metric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.agent.FakeHost;
import io.rpcbench.agent.MetricCatalog;
import io.rpcbench.agent.metric.jvm.JmxConnections;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Malformed metric specs: each is refused naming the spec and what was expected (the message the agent logs),
 * and the client gets an empty field for it rather than a number that means something else.
 */
class BadSpecsTest {

    // A host of 2 cores (FakeHost); exec and tail allowed, so that their own spec checks are reached rather than the refusal.
    private final MetricCatalog catalog = new MetricCatalog(new FakeHost(), JmxConnections.REMOTE, true, true);

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "nosuch              | type must be one of cpu, memory, swap, disks, network, tcp, jmx, exec, tail",
        "\"\"                | type must be one of cpu, memory, swap, disks, network, tcp, jmx, exec, tail",
        "cpu:bogus           | field of cpu must be one of [combined, idle, user, system, iowait, nice, irq, softirq, stolen]",
        "cpu:core=x:idle     | core= must be a core number from 0",
        "cpu:core=2:idle     | core= must be from 0 to 1 on this host",
        "memory:pid=abc      | pid= must be a process id (a whole number)",
        "memory:name=java#x  | name= must be <executable> or <executable>#<index from 0>",
        "memory:used:unit=tb | unit= must be b, kb, mb or gb",
        "network:bytesrecv:unit=kib | unit= must be b, kb, mb or gb",
        "tcp:listening       | field of tcp must be one of [estab, listen, time_wait, close_wait, syn_sent, syn_recv,"
                + " fin_wait1, fin_wait2, closing, last_ack, close]",
        "tail                | tail needs a file, e.g. tail:/var/log/app/queue.txt",
        "exec                | exec needs a program, e.g. exec:/bin/sh:-c:echo 1",
        "jmx:pid=5:url=localhost:gc-time | jmx takes url= (a JVM's JMX port) or pid=/name= (a JVM on this host,"
                + " read from its performance counters), not both",
        "jmx:pid=5:class-count | field of jmx must be one of [heap, gc-time, gc-count]",
        "jmx:pid=abc:gc-time | pid= must be a process id (a whole number)",
        "jmx:pid=5:heap:unit=tb | unit= must be b, kb, mb or gb",
    })
    void aMalformedSpecIsRefusedNamingItAndWhatWasExpected(String spec, String expected) throws Exception {
        assertThatThrownBy(() -> catalog.createOrThrow(MetricSpec.parse(spec)))
                .isInstanceOf(BadSpecException.class)
                .hasMessage("bad metric spec '" + spec + "': " + expected);
        assertThat(catalog.create(spec).read()).as("the field the client gets").isNaN();
    }
}
