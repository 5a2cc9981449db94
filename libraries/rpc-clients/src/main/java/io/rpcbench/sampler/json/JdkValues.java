package io.rpcbench.sampler.json;

import com.fasterxml.jackson.databind.JsonNode;
import io.rpcbench.sampler.call.BadParameterException;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.Collection;
import java.util.Currency;
import java.util.Date;
import java.util.IllformedLocaleException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * The JDK value types that Dubbo's generic invocation cannot make from text on the provider's side: {@link Locale},
 * {@link UUID}, {@link Currency}, {@link Date}, {@link Instant}, {@link OffsetDateTime}, {@link ZonedDateTime} and
 * {@link Duration}. The provider's {@code PojoUtils} turns a String into a {@code LocalDateTime} or a number, but a
 * {@code "zh_CN"} sent for a {@code Locale} reaches the method as a String and fails (the older plugin's #126). The
 * consumer has these classes without any API jar, so the sampler builds the objects themselves from their text and
 * hessian2 carries them.
 *
 * <p>On the way back the provider's {@code GenericFilter} writes them as maps of their getters (a Locale as
 * {@code {"class":"java.util.Locale","language":"zh","country":"CN",...}}, an Instant as its epoch second and nano);
 * {@link #plain} turns those maps into the same text the arguments use, so a response reads as the request did. A
 * ZonedDateTime's map is read from its fields, offset and zone id ({@code 2024-10-27T02:30+01:00[Europe/Paris]}). A
 * provider on JDK 17 or later can write one whose zone is a region (not a bare offset) only when its JVM opens
 * {@code java.time} ({@code --add-opens java.base/java.time=ALL-UNNAMED}): its generic filter reads the getters of
 * the zone's class, {@code ZoneRegion}, which is not public, and otherwise fails the call, a {@code remote-exception}
 * naming {@code ZoneRegion}; typed invocation has no such limit.
 *
 * <p>Text forms: a Locale as a language tag ({@code "zh-CN"}; Java's {@code "zh_CN"} is read too; a script or an
 * extension, which hessian2 drops on the way, is refused rather than lost), a UUID in its
 * 36-character form, a Currency as its ISO 4217 code, the time values in ISO-8601 ({@code Date} as an instant, to the
 * millisecond, which is all a Date holds; a JSON integer is read as epoch milliseconds).
 */
public final class JdkValues {

    /** Dubbo's default serialization, which carries every type here with its class. */
    public static final String HESSIAN2 = "hessian2";

    private static final Map<String, Kind> KINDS = kinds();

    private JdkValues() {}

    /** @return whether {@code className} is one of the types this class builds */
    public static boolean handles(String className) {
        return KINDS.containsKey(className);
    }

    /**
     * The object of type {@code className} that {@code node} writes, for a generic call in {@code serialization}.
     *
     * @throws BadParameterException naming {@code path} when the text is not of that type, or when that
     *                               serialization cannot carry the type in a generic call
     */
    public static Object fromJson(JsonNode node, String className, String path, String serialization) {
        Kind kind = KINDS.get(className);
        if (!HESSIAN2.equals(serialization) && !kind.fastjson2Carries()) {
            throw GenericArguments.bad(path, node, "is a " + className + ", which a generic call over "
                    + serialization + " cannot carry (it writes the value without its type, and the provider gets a "
                    + "String, a byte[] or another type in its place)", "serialization=hessian2, or invocation=typed "
                    + "with the service's API jar");
        }
        if (node.isIntegralNumber() && kind.type() == Date.class && node.canConvertToLong()) {
            return new Date(node.longValue());
        }
        if (!node.isTextual()) {
            throw GenericArguments.bad(path, node, "is not a JSON string", kind.expected());
        }
        try {
            return kind.parse().apply(node.textValue());
        } catch (IllegalArgumentException | DateTimeException | IllformedLocaleException e) {
            throw GenericArguments.bad(path, node, "is not a " + kind.type().getName(), kind.expected());
        }
    }

    /** The object of {@code type} that {@code text} writes. @throws IllegalArgumentException when it is not one */
    public static <T> T parse(String text, Class<T> type) {
        Kind kind = KINDS.get(type.getName());
        try {
            return type.cast(kind.parse().apply(text));
        } catch (DateTimeException | IllformedLocaleException e) {
            throw new IllegalArgumentException("'" + text + "' is not " + kind.expected(), e);
        }
    }

    /** A Locale as its language tag, e.g. {@code zh-CN}; the root locale as the empty string. */
    public static String text(Locale locale) {
        return locale.equals(Locale.ROOT) ? "" : locale.toLanguageTag();
    }

    /** A Date as its instant in ISO-8601, e.g. {@code 2024-05-06T07:08:09.123Z}. */
    public static String text(Date date) {
        return date.toInstant().toString();
    }

    /**
     * A generic call's result with the provider's maps of JDK values turned into their text: maps, lists and arrays
     * are walked; everything else is returned as it is. A map that does not hold what its class needs stays a map.
     */
    public static Object plain(Object result) {
        return holdsJdkMap(result) ? withText(result) : result; // most results hold none: no copy then
    }

    private static boolean holdsJdkMap(Object value) {
        if (value instanceof Map<?, ?> map) {
            return map.get(GenericArguments.CLASS_KEY) instanceof String name && KINDS.containsKey(name)
                    || map.values().stream().anyMatch(JdkValues::holdsJdkMap);
        }
        if (value instanceof Collection<?> items) {
            return items.stream().anyMatch(JdkValues::holdsJdkMap);
        }
        return value instanceof Object[] items && Arrays.stream(items).anyMatch(JdkValues::holdsJdkMap);
    }

    private static Object withText(Object value) {
        if (value instanceof Map<?, ?> map) {
            if (map.get(GenericArguments.CLASS_KEY) instanceof String name && KINDS.containsKey(name)) {
                String text = fromGetters(name, map);
                if (text != null) {
                    return text;
                }
            }
            Map<Object, Object> walked = new LinkedHashMap<>();
            map.forEach((key, item) -> walked.put(key, withText(item)));
            return walked;
        }
        if (value instanceof Collection<?> items) {
            return items.stream().map(JdkValues::withText).toList();
        }
        if (value instanceof Object[] items) {
            return Arrays.stream(items).map(JdkValues::withText).toList();
        }
        return value;
    }

    private static String fromGetters(String className, Map<?, ?> map) {
        try {
            switch (className) {
                case "java.util.Locale":
                    return text(new Locale.Builder().setLanguage((String) map.get("language"))
                            .setRegion((String) map.get("country")).setScript((String) map.get("script"))
                            .setVariant((String) map.get("variant")).build());
                case "java.util.UUID":
                    return new UUID(number(map, "mostSignificantBits"), number(map, "leastSignificantBits")).toString();
                case "java.util.Currency":
                    return Currency.getInstance((String) map.get("currencyCode")).getCurrencyCode();
                case "java.time.Instant":
                    return Instant.ofEpochSecond(number(map, "epochSecond"), number(map, "nano")).toString();
                case "java.time.Duration":
                    return Duration.ofSeconds(number(map, "seconds"), number(map, "nano")).toString();
                case "java.time.OffsetDateTime":
                    return OffsetDateTime.of((int) number(map, "year"), (int) number(map, "monthValue"),
                            (int) number(map, "dayOfMonth"), (int) number(map, "hour"), (int) number(map, "minute"),
                            (int) number(map, "second"), (int) number(map, "nano"),
                            ZoneOffset.ofTotalSeconds((int) number((Map<?, ?>) map.get("offset"), "totalSeconds")))
                            .toString();
                case "java.time.ZonedDateTime":
                    // strict: the offset tells apart the two same local times of an autumn change
                    return ZonedDateTime.ofStrict(LocalDateTime.of((int) number(map, "year"),
                            (int) number(map, "monthValue"), (int) number(map, "dayOfMonth"), (int) number(map, "hour"),
                            (int) number(map, "minute"), (int) number(map, "second"), (int) number(map, "nano")),
                            ZoneOffset.ofTotalSeconds((int) number((Map<?, ?>) map.get("offset"), "totalSeconds")),
                            ZoneId.of((String) ((Map<?, ?>) map.get("zone")).get("id"))).toString();
                default:
                    return null;
            }
        } catch (RuntimeException e) { // ClassCast, NullPointer, DateTime, IllformedLocale: not the expected map
            return null;
        }
    }

    private static long number(Map<?, ?> map, String key) {
        return ((Number) map.get(key)).longValue();
    }

    private static Locale locale(String text) {
        Locale locale = text.isEmpty() ? Locale.ROOT : new Locale.Builder().setLanguageTag(text.replace('_', '-')).build();
        if (!locale.getScript().isEmpty() || locale.hasExtensions()) {
            throw new IllformedLocaleException("hessian2 carries language, region and variant only");
        }
        return locale;
    }

    private static Date date(String text) {
        Instant instant = text.length() > 10 && text.charAt(10) == 'T' ? OffsetDateTime.parse(text).toInstant()
                : Instant.parse(text);
        if (instant.getNano() % 1_000_000 != 0) {
            throw new DateTimeException("finer than a millisecond");
        }
        return Date.from(instant);
    }

    private static UUID uuid(String text) {
        UUID uuid = UUID.fromString(text);
        if (!uuid.toString().equalsIgnoreCase(text)) { // fromString reads "1-2-3-4-5" too
            throw new IllegalArgumentException("not the 36-character form");
        }
        return uuid;
    }

    private static Map<String, Kind> kinds() {
        Map<String, Kind> kinds = new LinkedHashMap<>();
        add(kinds, new Kind(Locale.class, JdkValues::locale, "a language tag such as \"zh-CN\" (or Java's \"zh_CN\"): "
                + "language, region and variant only, since Dubbo's hessian2 drops a script or an extension", false));
        add(kinds, new Kind(UUID.class, JdkValues::uuid, "a UUID such as \"123e4567-e89b-12d3-a456-426614174000\"", false));
        add(kinds, new Kind(Currency.class, Currency::getInstance, "an ISO 4217 currency code such as \"EUR\"", true));
        add(kinds, new Kind(Date.class, JdkValues::date, "an ISO-8601 instant to the millisecond such as "
                + "\"2024-05-06T07:08:09.123Z\", or epoch milliseconds", true));
        add(kinds, new Kind(Instant.class, Instant::parse, "an ISO-8601 instant such as \"2024-05-06T07:08:09.123456789Z\"", true));
        add(kinds, new Kind(OffsetDateTime.class, OffsetDateTime::parse, "an ISO-8601 date-time with offset such as "
                + "\"2024-05-06T07:08:09+02:00\"", false));
        add(kinds, new Kind(ZonedDateTime.class, ZonedDateTime::parse, "an ISO-8601 date-time with zone such as "
                + "\"2024-05-06T07:08:09+02:00[Europe/Paris]\"", false));
        add(kinds, new Kind(Duration.class, Duration::parse, "an ISO-8601 duration such as \"PT1.5S\"", false));
        return Map.copyOf(kinds);
    }

    private static void add(Map<String, Kind> kinds, Kind kind) {
        kinds.put(kind.type().getName(), kind);
    }

    /**
     * @param fastjson2Carries whether a generic call over fastjson2 delivers the object as its type (measured against
     *                         Dubbo 3.3.6 over tri: an Instant, a Date and a Currency do; a Locale arrives as a
     *                         String, a UUID as a byte[], an OffsetDateTime as a ZonedDateTime, a Duration as a
     *                         String; ZonedDateTime was not measured, so it is refused too)
     */
    private record Kind(Class<?> type, Function<String, Object> parse, String expected, boolean fastjson2Carries) {}
}
