package io.rpcbench.sampler.json;

import java.math.BigDecimal;
import java.math.BigInteger;
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
import java.util.Collection;
import java.util.Date;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Whether {@link ExactJson#MAPPER} can write a call's result, known without writing it, so that the result can be
 * written when someone reads the sample's data rather than on every sample (the same idea as
 * {@code protobuf.JsonPrintCheck}). Jackson fails on a value graph with a cycle (its "Infinite recursion"), on one
 * nested deeper than its writer allows (jackson-core 2.16, JMeter's, refuses 1,000 levels), on a type whose serializer
 * it cannot build (e.g. two getters claiming one property), and on a getter that throws.
 *
 * <p>The check walks the result's maps, collections and arrays, as a generic call returns them (Dubbo's maps of a
 * POJO's properties), and accepts:
 * <ul>
 * <li>scalars it knows Jackson writes: text, numbers, booleans, enums, byte arrays and other primitive arrays, and the
 * dates, java.time values and locales {@link ExactJson} maps;</li>
 * <li>maps whose keys are text, numbers, booleans or enums, collections and object arrays, each not inside itself
 * (a cycle) and no deeper than {@value #MAX_DEPTH} levels;</li>
 * <li>any other object (a typed call's POJO) whose class Jackson can build a serializer for, looked up once per class;
 * its properties are not walked: a getter that throws, or a cycle through a POJO's properties, is found only when the
 * data is written (the sampler's README says what a listener then sees).</li>
 * </ul>
 * Anything else is written at once, as before, so a failure fails the sample. For a page of 15 users as maps, the walk
 * visits some 400 values: a few µs, against tens of µs to write them (docs/performance.md section 7).
 *
 * <pre>{@code
 * if (JsonWriteCheck.writable(result)) { ... write it when read ... } else { ExactJson.MAPPER.writeValueAsBytes(result); }
 * }</pre>
 */
public final class JsonWriteCheck {

    /** The deepest nesting left for later: far below Jackson's write limit, far above a service's answer. */
    static final int MAX_DEPTH = 100;

    private static final Set<Class<?>> SCALARS = Set.of(String.class, Boolean.class, Character.class, Integer.class,
            Long.class, Short.class, Byte.class, Double.class, Float.class, BigDecimal.class, BigInteger.class,
            LocalDateTime.class, LocalDate.class, LocalTime.class, Instant.class, OffsetDateTime.class,
            ZonedDateTime.class, Duration.class, OffsetTime.class, Year.class, YearMonth.class, MonthDay.class,
            Period.class, Locale.class, byte[].class, char[].class, int[].class, long[].class, short[].class,
            double[].class, float[].class, boolean[].class);

    /** Whether Jackson builds a serializer for a class: asked once per class. */
    private static final ClassValue<Boolean> SERIALIZABLE = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            try {
                return ExactJson.MAPPER.canSerialize(type);
            } catch (RuntimeException | LinkageError e) {
                return false;
            }
        }
    };

    private JsonWriteCheck() {}

    /** True when writing {@code value} with {@link ExactJson#MAPPER} cannot fail, as far as the walk can tell. */
    public static boolean writable(Object value) {
        return writable(value, new Object[MAX_DEPTH], 0);
    }

    /** {@code path} holds the containers {@code value} is inside, {@code depth} of them. */
    private static boolean writable(Object value, Object[] path, int depth) {
        if (value == null || value instanceof String || value instanceof Integer || value instanceof Long) {
            return true; // the most frequent leaves first: no set look-up
        }
        Class<?> type = value.getClass();
        if (SCALARS.contains(type) || value instanceof Enum<?> || value instanceof Date || value instanceof ZoneId) {
            return true;
        }
        boolean container = value instanceof Map<?, ?> || value instanceof Collection<?> || value instanceof Object[];
        if (!container) {
            return SERIALIZABLE.get(type);
        }
        if (depth == path.length) {
            return false;
        }
        for (int i = 0; i < depth; i++) {
            if (path[i] == value) {
                return false; // inside itself: Jackson would recurse until the stack overflows
            }
        }
        path[depth] = value;
        try {
            if (value instanceof Map<?, ?> map) {
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    if (!plainKey(entry.getKey()) || !writable(entry.getValue(), path, depth + 1)) {
                        return false;
                    }
                }
            } else if (value instanceof Collection<?> items) {
                for (Object item : items) {
                    if (!writable(item, path, depth + 1)) {
                        return false;
                    }
                }
            } else {
                for (Object item : (Object[]) value) {
                    if (!writable(item, path, depth + 1)) {
                        return false;
                    }
                }
            }
            return true;
        } finally {
            path[depth] = null;
        }
    }

    /** Keys Jackson writes as field names by their text; a null key it refuses. */
    private static boolean plainKey(Object key) {
        return key instanceof String || key instanceof Number || key instanceof Boolean || key instanceof Enum<?>
                || key instanceof Character;
    }
}
