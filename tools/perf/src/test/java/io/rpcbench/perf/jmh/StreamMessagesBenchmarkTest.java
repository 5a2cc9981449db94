package io.rpcbench.perf.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class StreamMessagesBenchmarkTest {

    private static String result(String method, int messages, double score, double error) {
        return "{\"benchmark\":\"io.rpcbench.perf.jmh.StreamMessagesCost." + method + "\",\"params\":{\"messages\":\""
                + messages + "\"},\"primaryMetric\":{\"score\":" + score + ",\"scoreError\":" + error + "}}";
    }

    /** The sampler's own cost a message is the stream's time less the parsing's, over the messages. */
    @Test
    void eachWayOfKeepingMessagesIsJudgedOnItsOwnCostPerMessage() throws Exception {
        String json = "[" + String.join(",", result("parseOnly", 15, 3.0, 0.1), result("stream", 15, 6.0, 0.2),
                result("pingPong", 15, 7.5, 0.3), result("parseOnly", 1000, 200.0, 5.0),
                result("stream", 1000, 1300.0, 20.0), result("pingPong", 1000, 1250.0, 20.0)) + "]";

        String table = StreamMessagesBenchmark.table(new ObjectMapper().readTree(json));

        assertThat(table).isEqualTo("| messages | what | µs per stream | the sampler's own µs per message | ≤ 1 µs |\n"
                + "|---|---|---|---|---|\n"
                + "| 15 | the messages parsed (Dubbo's work, the baseline) | 3.000 ± 0.100 | - |  |\n"
                + "| 15 | answers kept, figures at the end | 6.000 ± 0.200 | 0.2000 | met |\n"
                + "| 15 | ping-pong: round trips kept too | 7.500 ± 0.300 | 0.3000 | met |\n"
                + "| 1,000 | the messages parsed (Dubbo's work, the baseline) | 200.000 ± 5.000 | - |  |\n"
                + "| 1,000 | answers kept, figures at the end | 1300.000 ± 20.000 | 1.1000 | **missed** |\n"
                + "| 1,000 | ping-pong: round trips kept too | 1250.000 ± 20.000 | 1.0500 | **missed** |\n"
                + "\nThe sampler's most per message: 1.1000 µs, target ≤ 1 µs: **missed**.\n");
    }
}
