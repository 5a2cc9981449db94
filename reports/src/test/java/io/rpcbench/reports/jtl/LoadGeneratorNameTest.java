package io.rpcbench.reports.jtl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The load generator in a JMeter thread name: a remote engine's prefix as -R gave it, and nothing on local runs. */
class LoadGeneratorNameTest {

    @ParameterizedTest(name = "{0} -> ''{1}''")
    @CsvSource(delimiter = '|', emptyValue = "", value = {
            // Remote engines, as JMeter 5.6.3 names their threads: <-R entry>-<thread group> <n>-<m>.
            "198.18.0.21-Thread Group 1-1      | 198.18.0.21",
            "198.18.0.22-Thread Group 1-12     | 198.18.0.22",
            "198.18.0.21:1099-Thread Group 1-1 | 198.18.0.21:1099",
            "10.0.0.7-dubbo-echo 2-3           | 10.0.0.7",
            "gen1.lab.example-Thread Group 1-1 | gen1.lab.example",
            "load-gen-1.lab-Thread Group 1-1   | load-gen-1.lab",
            "localhost-Thread Group 1-1        | localhost",
            "gen1:1099-Thread Group 1-1        | gen1:1099",
            // Local runs: no prefix, whatever the thread group is called.
            "Thread Group 1-1                  | ''",
            "dubbo-echo 1-1                    | ''",
            "dubbo-echo-1k 1-1                 | ''",
            "setUp Thread Group 1-1            | ''",
            // Not a host, so not taken: one word without a port, a bad address, a host with nothing after it.
            "gen1-Thread Group 1-1             | ''",
            "300.1.1.1-Thread Group 1-1        | ''",
            "198.18.0-Thread Group 1-1         | ''",
            "198.18.0.21:http-Thread Group 1-1 | ''",
            "198.18.0.21-                      | ''",
            "''                                | ''"})
    void readsTheEngineBeforeTheThreadGroup(String threadName, String generator) {
        assertThat(new LoadGeneratorName().of(threadName)).isEqualTo(generator);
    }

    @Test
    void everySampleOfAnEngineGetsTheSameName() {
        LoadGeneratorName names = new LoadGeneratorName();
        String first = names.of(new String("198.18.0.21-Thread Group 1-1"));

        assertThat(names.of(new String("198.18.0.21-Thread Group 1-2"))).isSameAs(first);
        assertThat(names.of("198.18.0.211-Thread Group 1-1")).isEqualTo("198.18.0.211");
        assertThat(names.of("198.18.0.21:1099-Thread Group 1-1")).isEqualTo("198.18.0.21:1099");
    }
}
