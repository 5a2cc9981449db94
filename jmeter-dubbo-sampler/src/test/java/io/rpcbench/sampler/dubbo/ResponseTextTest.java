package io.rpcbench.sampler.dubbo;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.MonthDay;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ResponseTextTest {

    @Test
    void typedResultsOfOtherJavaTimeTypesAndOptionalsAreWritten() {
        Object result = List.of(Optional.of(OffsetTime.parse("10:15:30+01:00")), Optional.empty(), YearMonth.of(2024, 5),
                Period.ofDays(3), ZoneId.of("Europe/Paris"), MonthDay.of(2, 29), Year.of(2024));

        assertThat(ResponseText.render(result, 4096).text())
                .isEqualTo("[\"10:15:30+01:00\",null,\"2024-05\",\"P3D\",\"Europe/Paris\",\"--02-29\",\"2024\"]");
    }

    @Test
    void genericResultMapsAreWrittenWithExactNumbersAndTheirClassKey() {
        Map<String, Object> order = new LinkedHashMap<>();
        order.put("class", "com.example.Order");
        order.put("id", 9007199254740993L);
        order.put("total", new BigDecimal("12.30"));
        order.put("big", new BigDecimal("1E+3"));
        order.put("placedAt", "2024-05-06T07:08:09.123456789");
        order.put("lines", List.of(Map.of("sku", "A")));

        ResponseText text = ResponseText.render(order, 10_000);

        assertThat(text.text()).isEqualTo("{\"class\":\"com.example.Order\",\"id\":9007199254740993,\"total\":12.30,"
                + "\"big\":1000,\"placedAt\":\"2024-05-06T07:08:09.123456789\",\"lines\":[{\"sku\":\"A\"}]}");
        assertThat(text.fullBytes()).isEqualTo(text.text().length());
    }

    @Test
    void typedJavaTimeValuesAreIsoText() {
        assertThat(ResponseText.render(LocalDateTime.parse("2024-05-06T07:08:09.000000001"), 100).text())
                .isEqualTo("\"2024-05-06T07:08:09.000000001\"");
    }

    @Test
    void aLongTextIsCutAtTheCapAndSaysSo() {
        ResponseText text = ResponseText.render("é".repeat(100), 10); // 2 bytes each: byte 10 splits one, so 9 are kept

        assertThat(text.fullBytes()).isEqualTo(202);
        assertThat(text.text()).isEqualTo("\"éééé\n" + ResponseText.CUT_MARK + "9 of 202 bytes shown]");
    }
}
