package io.rpcbench.perf.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class ResponseDataBenchmarkTest {

    private static String result(String method, String kind, double score, double error) {
        return "{\"benchmark\":\"io.rpcbench.perf.jmh.ResponseDataCost." + method + "\",\"params\":{\"kind\":\"" + kind
                + "\"},\"primaryMetric\":{\"score\":" + score + ",\"scoreError\":" + error + ",\"scoreUnit\":\"us/op\"}}";
    }

    @Test
    void jmhResultsBecomeOneRowPerKindWithTheTargetJudgedOnTheUnreadFigure() throws Exception {
        String json = "[" + String.join(",", result("before", "THRIFT", 40.123, 1.5), result("readOnce", "THRIFT", 41.0, 2.0),
                result("unread", "THRIFT", 1.234, 0.05), result("before", "JACKSON_TYPED", 60.0, 3.0),
                result("unread", "JACKSON_TYPED", 5.5, 0.2), result("readOnce", "JACKSON_TYPED", 62.0, 3.0)) + "]";

        String table = ResponseDataBenchmark.table(new ObjectMapper().readTree(json));

        assertThat(table).isEqualTo("| answer (a page of 15) | written per sample (before) µs | unread (now) µs "
                + "| read once (now) µs | unread ≤ 5 µs |\n|---|---|---|---|---|\n"
                + "| Thrift struct (the inventory's Shelf of 15 Items) | 40.12 ± 1.50 | 1.23 ± 0.05 | 41.00 ± 2.00 | met |\n"
                + "| Jackson, typed invocation's Page (listUser) | 60.00 ± 3.00 | 5.50 ± 0.20 | 62.00 ± 3.00 | **missed** |\n");
    }
}
