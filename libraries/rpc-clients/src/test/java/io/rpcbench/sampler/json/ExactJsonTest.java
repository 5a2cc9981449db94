package io.rpcbench.sampler.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExactJsonTest {

    @Test
    void sqlDatesAndTimesAreWrittenAsTheirIsoText() throws Exception {
        Time withMillis = Time.valueOf("07:08:09");
        withMillis.setTime(withMillis.getTime() + 250);

        String json = ExactJson.MAPPER.writeValueAsString(List.of(java.sql.Date.valueOf("2024-05-06"),
                Time.valueOf("07:08:09"), withMillis, Timestamp.from(Instant.parse("2024-05-06T07:08:09.123456789Z"))));

        assertThat(json).isEqualTo("[\"2024-05-06\",\"07:08:09\",\"07:08:09.250\",\"2024-05-06T07:08:09.123456789Z\"]");
    }

    @Test
    void aZonedDateTimeKeepsItsOffsetAndZone() throws Exception {
        String json = ExactJson.MAPPER.writeValueAsString(List.of(
                ZonedDateTime.parse("2024-10-27T02:30:00.123456789+01:00[Europe/Paris]"),
                ZonedDateTime.parse("2024-05-07T18:00+08:00")));

        assertThat(json).isEqualTo("[\"2024-10-27T02:30:00.123456789+01:00[Europe/Paris]\",\"2024-05-07T18:00+08:00\"]");
    }
}
