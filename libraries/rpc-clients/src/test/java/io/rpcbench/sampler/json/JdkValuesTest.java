package io.rpcbench.sampler.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.dubbo.ResponseText;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Currency;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.apache.dubbo.common.utils.PojoUtils;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JdkValuesTest {

    /**
     * PojoUtils made Dubbo's default FrameworkModel, whose serialization allow list knows no service: left alive, it
     * stays the JVM's default, and later tests' providers in this JVM, whose own model would otherwise be the default,
     * reject a generic call's POJO ("Person is not in allow list", measured with this class run first).
     */
    @AfterAll
    static void destroyTheDefaultModelPojoUtilsMade() {
        FrameworkModel.defaultModel().destroy();
    }

    @Test
    void argumentsBecomeTheJdkObjectsThemselves() throws Exception {
        Object[] values = new GenericArguments(ServiceDefinition.NONE).convert(json("[\"zh_CN\", \"en-US-POSIX\", "
                + "\"123e4567-e89b-12d3-a456-426614174000\", \"EUR\", \"2024-05-07T10:00:00.250Z\", 1714975200250, "
                + "\"2024-05-06T07:08:09.123456789Z\", \"2024-05-07T18:00:00.5+08:00\", "
                + "\"2024-05-07T18:00+02:00[Europe/Paris]\", \"PT1H30M0.5S\", \"\"]"), new MethodSignature("m", List.of(
                "java.util.Locale", "java.util.Locale", "java.util.UUID", "java.util.Currency", "java.util.Date",
                "java.util.Date", "java.time.Instant", "java.time.OffsetDateTime", "java.time.ZonedDateTime",
                "java.time.Duration", "java.util.Locale"), ""));

        assertThat(values).containsExactly(Locale.SIMPLIFIED_CHINESE, new Locale("en", "US", "POSIX"),
                UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), Currency.getInstance("EUR"),
                Date.from(Instant.parse("2024-05-07T10:00:00.250Z")), new Date(1714975200250L),
                Instant.parse("2024-05-06T07:08:09.123456789Z"), OffsetDateTime.parse("2024-05-07T18:00:00.500+08:00"),
                ZonedDateTime.parse("2024-05-07T18:00+02:00[Europe/Paris]"), Duration.ofSeconds(5400, 500_000_000),
                Locale.ROOT);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "java.util.Locale | '\"not a locale!\"' | is not a java.util.Locale; expected a language tag such as \"zh-CN\"",
        "java.util.Locale | '\"zh-Hant-TW\"' | since Dubbo's hessian2 drops a script or an extension",
        "java.util.Locale | '\"de-DE-u-co-phonebk\"' | since Dubbo's hessian2 drops a script or an extension",
        "java.util.UUID | '\"1-2-3-4-5\"' | is not a java.util.UUID; expected a UUID such as",
        "java.util.Currency | '\"XYZW\"' | is not a java.util.Currency; expected an ISO 4217 currency code",
        "java.util.Date | '\"2024-05-07T10:00:00.250001Z\"' | is not a java.util.Date; expected an ISO-8601 instant to the millisecond",
        "java.util.Date | '\"2024-05-07\"' | is not a java.util.Date",
        "java.time.Instant | '\"2024-05-07T10:00:00\"' | is not a java.time.Instant; expected an ISO-8601 instant",
        "java.time.OffsetDateTime | '\"2024-05-07T10:00:00\"' | is not a java.time.OffsetDateTime",
        "java.time.Duration | '\"90 minutes\"' | is not a java.time.Duration; expected an ISO-8601 duration",
        "java.time.Duration | 90 | is not a JSON string; expected an ISO-8601 duration",
    })
    void textOfAnotherShapeIsABadParameterNamingPathAndForm(String type, String value, String problem) {
        GenericArguments typing = new GenericArguments(ServiceDefinition.NONE);

        assertThatThrownBy(() -> typing.convert(json("[" + value + "]"), new MethodSignature("m", List.of(type), "")))
                .isInstanceOf(BadParameterException.class)
                .hasMessageStartingWith("arguments[0] ")
                .hasMessageContaining(problem);
    }

    @Test
    void overFastjson2TheTypesItDropsAreRefusedAndTheOthersBuilt() throws Exception {
        GenericArguments typing = new GenericArguments(ServiceDefinition.NONE, "fastjson2");

        assertThat(typing.convert(json("[\"EUR\", 1714975200250]"), new MethodSignature("m",
                List.of("java.util.Currency", "java.util.Date"), ""))).containsExactly(Currency.getInstance("EUR"),
                new Date(1714975200250L));
        assertThatThrownBy(() -> typing.convert(json("[\"PT1S\"]"), new MethodSignature("m",
                List.of("java.time.Duration"), "")))
                .isInstanceOf(BadParameterException.class)
                .hasMessageStartingWith("arguments[0] 'PT1S' is a java.time.Duration, which a generic call over "
                        + "fastjson2 cannot carry");
    }

    @Test
    void theProvidersMapsOfJdkValuesReadAsTheirText() {
        // what a provider's GenericFilter returns for a POJO holding these values (PojoUtils.generalize)
        Map<String, Object> delivery = new LinkedHashMap<>();
        delivery.put("class", "com.example.Delivery");
        delivery.put("locale", PojoUtils.generalize(Locale.forLanguageTag("en-US-POSIX")));
        delivery.put("trackingId", PojoUtils.generalize(UUID.fromString("123e4567-e89b-12d3-a456-426614174000")));
        delivery.put("currency", PojoUtils.generalize(Currency.getInstance("EUR")));
        delivery.put("requestedAt", PojoUtils.generalize(Instant.parse("2024-05-06T07:08:09.123456789Z")));
        delivery.put("window", PojoUtils.generalize(Duration.ofSeconds(5400, 500_000_000)));
        delivery.put("deliverBy", List.of(PojoUtils.generalize(OffsetDateTime.parse("2024-05-07T18:00:00.5+08:00"))));
        delivery.put("promisedOn", new Date(1714975200250L));

        Object plain = JdkValues.plain(delivery);

        assertThat(plain).isEqualTo(Map.of("class", "com.example.Delivery", "locale", "en-US-POSIX",
                "trackingId", "123e4567-e89b-12d3-a456-426614174000", "currency", "EUR",
                "requestedAt", "2024-05-06T07:08:09.123456789Z", "window", "PT1H30M0.5S",
                "deliverBy", List.of("2024-05-07T18:00:00.500+08:00"), "promisedOn", new Date(1714975200250L)));
        assertThat(ResponseText.render(plain, 4096).text()).contains("\"promisedOn\":\"2024-05-06T06:00:00.250Z\"");
    }

    @Test
    void theProvidersMapOfAZonedDateTimeReadsAsItsIsoTextWithOffsetAndZone() {
        // in the overlap of an autumn change: the offset tells the two 02:30 apart, the zone id keeps the rules
        ZonedDateTime secondHalfHour = ZonedDateTime.parse("2024-10-27T02:30:00.123456789+01:00[Europe/Paris]");
        ZonedDateTime fixedOffset = ZonedDateTime.parse("2024-05-07T18:00+08:00");
        Map<String, Object> region = new LinkedHashMap<>(generalized(fixedOffset));
        // A region zone's map as a provider whose JVM opens java.time writes it (ZoneRegion is not public, so this
        // JVM cannot generalize one), its rules left out: the sampler reads the id alone.
        region.putAll(Map.of("year", 2024, "monthValue", 10, "dayOfMonth", 27, "hour", 2, "minute", 30, "second", 0,
                "nano", 123456789, "offset", generalized(ZoneOffset.ofHours(1)),
                "zone", Map.of("class", "java.time.ZoneRegion", "id", "Europe/Paris")));

        assertThat(JdkValues.plain(List.of(generalized(fixedOffset), region)))
                .isEqualTo(List.of("2024-05-07T18:00+08:00", secondHalfHour.toString()));
        assertThat(secondHalfHour.toString()).isEqualTo("2024-10-27T02:30:00.123456789+01:00[Europe/Paris]");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> generalized(Object value) {
        return (Map<String, Object>) PojoUtils.generalize(value);
    }

    @Test
    void aResultWithoutJdkValuesIsNotCopiedAndAnIncompleteMapStaysAMap() {
        Map<String, Object> order = Map.of("class", "com.example.Order", "lines", List.of(Map.of("sku", "A-1")));
        Map<String, Object> odd = Map.of("class", "java.util.UUID", "mostSignificantBits", 1);

        assertThat(JdkValues.plain(order)).isSameAs(order);
        assertThat(JdkValues.plain(odd)).isEqualTo(odd);
    }

    @Test
    void typedCallsReadAndWriteTheSameText() throws Exception {
        assertThat(ExactJson.MAPPER.readValue("\"zh_CN\"", Locale.class)).isEqualTo(Locale.SIMPLIFIED_CHINESE);
        assertThat(ExactJson.MAPPER.writeValueAsString(List.of(Locale.SIMPLIFIED_CHINESE, new Date(1714975200250L))))
                .isEqualTo("[\"zh-CN\",\"2024-05-06T06:00:00.250Z\"]");
    }

    private static JsonNode json(String text) throws Exception {
        return ExactJson.MAPPER.readTree(text);
    }
}
