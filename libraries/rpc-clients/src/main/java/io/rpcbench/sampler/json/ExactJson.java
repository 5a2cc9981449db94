package io.rpcbench.sampler.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import java.io.IOException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The one Jackson configuration for call arguments and results, chosen so that no value changes on the way:
 * decimals are read as {@link java.math.BigDecimal} with their scale ({@code 12.30} stays {@code 12.30}, not the
 * double 12.3), integers keep every digit (a long beyond 2^53 stays exact), decimals are written plain (no
 * {@code 1E+3}), and the java.time values travel as ISO-8601 text, the form Dubbo's generic invocation uses, and a {@link Locale}
 * and a {@link Date} as the text {@link JdkValues} reads (a language tag, an ISO-8601 instant).
 *
 * <p>The JDBC subclasses of {@link Date} in results (Dubbo's generic invocation passes them through as they are) are
 * written as what they stand for, since {@code toInstant()} of the first two throws: a {@link java.sql.Date} as its ISO
 * local date ({@code 2024-05-06}) and a {@link Time} as its ISO local time ({@code 07:08:09}, milliseconds when it has
 * any), both in this JVM's time zone as JDBC reads them; a {@link Timestamp} as its instant with every digit it holds
 * ({@code 2024-05-06T07:08:09.123456789Z}: the Date serializer, through Timestamp's own toInstant()). A {@link java.time.ZonedDateTime} keeps offset and zone:
 * {@code 2024-10-27T02:30+01:00[Europe/Paris]}.
 *
 * <p>Only Jackson APIs of 2.15 and older are used: JMeter 5.6.3 puts its own jackson-databind 2.16.1 on the class
 * path, and the java.time module is not among its jars, hence the small mapping of java.time here.
 */
public final class ExactJson {

    /** Thread-safe once configured. */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false)
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .addModule(javaTime())
            .build();

    private ExactJson() {}

    /**
     * What was wrong with text that is not JSON, in the parser's words but without the "(start marker at [Source:
     * REDACTED ...; line: 1, column: 1])" Jackson adds for an unclosed array or object: the caller's message says
     * where the text went wrong, and the source part is noise to a JMeter user.
     */
    public static String problem(JsonProcessingException e) {
        return e.getOriginalMessage().replaceAll("\\s*\\(start marker at \\[Source: .*?; line: \\d+, column: \\d+\\]\\)", "");
    }

    private static SimpleModule javaTime() {
        SimpleModule module = new SimpleModule("rpcbench-java-time");
        text(module, LocalDateTime.class, LocalDateTime::parse);
        text(module, LocalDate.class, LocalDate::parse);
        text(module, LocalTime.class, LocalTime::parse);
        text(module, Instant.class, Instant::parse);
        text(module, OffsetDateTime.class, OffsetDateTime::parse);
        text(module, ZonedDateTime.class, ZonedDateTime::parse);
        text(module, Duration.class, Duration::parse);
        module.addSerializer(Locale.class, new TextSerializer<>(Locale.class, JdkValues::text));
        module.addDeserializer(Locale.class, new IsoTextDeserializer<>(Locale.class, t -> JdkValues.parse(t, Locale.class)));
        module.addSerializer(Date.class, new TextSerializer<>(Date.class, JdkValues::text));
        module.addSerializer(java.sql.Date.class, new TextSerializer<>(java.sql.Date.class, ExactJson::localDate));
        module.addSerializer(Time.class, new TextSerializer<>(Time.class, ExactJson::localTime));
        for (Class<?> type : List.of(OffsetTime.class, Year.class, YearMonth.class, MonthDay.class, Period.class,
                ZoneId.class)) {
            module.addSerializer(type, ToStringSerializer.instance);
        }
        module.addSerializer(Optional.class, new OptionalSerializer());
        return module;
    }

    private static String localDate(java.sql.Date date) {
        return date.toLocalDate().toString();
    }

    /** {@link Time#toLocalTime()} drops the milliseconds a Time may hold: they are added back. */
    private static String localTime(Time time) {
        return time.toLocalTime().withNano((int) Math.floorMod(time.getTime(), 1000L) * 1_000_000).toString();
    }

    private static <T> void text(SimpleModule module, Class<T> type, Function<String, T> parse) {
        module.addSerializer(type, ToStringSerializer.instance);
        module.addDeserializer(type, new IsoTextDeserializer<>(type, parse));
    }

    /** An {@link Optional} as its value, or null when empty (a typed result may be one). */
    @SuppressWarnings("rawtypes")
    private static final class OptionalSerializer extends StdSerializer<Optional> {
        private static final long serialVersionUID = 1L;

        OptionalSerializer() {
            super(Optional.class);
        }

        @Override
        public void serialize(Optional value, JsonGenerator generator, SerializerProvider provider) throws IOException {
            if (value.isPresent()) {
                provider.defaultSerializeValue(value.get(), generator);
            } else {
                generator.writeNull();
            }
        }
    }

    /** A value written as the text {@link JdkValues} reads. */
    private static final class TextSerializer<T> extends StdSerializer<T> {
        private static final long serialVersionUID = 1L;
        private final transient Function<T, String> text;

        TextSerializer(Class<T> type, Function<T, String> text) {
            super(type);
            this.text = text;
        }

        @Override
        public void serialize(T value, JsonGenerator generator, SerializerProvider provider) throws IOException {
            generator.writeString(text.apply(value));
        }
    }

    /** A value from its text: a java.time value from ISO-8601, e.g. {@code "2024-05-06T07:08:09.123456789"}. */
    private static final class IsoTextDeserializer<T> extends StdScalarDeserializer<T> {
        private static final long serialVersionUID = 1L;
        private final transient Function<String, T> parse;

        IsoTextDeserializer(Class<T> type, Function<String, T> parse) {
            super(type);
            this.parse = parse;
        }

        @Override
        public T deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            if (parser.currentToken() != JsonToken.VALUE_STRING) {
                return castToType(context.handleUnexpectedToken(handledType(), parser));
            }
            String text = parser.getText();
            try {
                return parse.apply(text);
            } catch (DateTimeParseException | IllegalArgumentException e) {
                return castToType(context.handleWeirdStringValue(handledType(), text, "%s",
                        e.getMessage()));
            }
        }

        @SuppressWarnings("unchecked")
        private T castToType(Object value) {
            return (T) value;
        }
    }
}
