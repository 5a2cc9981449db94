package io.rpcbench.sampler.protobuf;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor.JavaType;
import com.google.protobuf.MessageOrBuilder;
import com.google.protobuf.util.Durations;
import com.google.protobuf.util.Timestamps;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether {@link ProtobufJson#print} can fail on a message, known without printing it, so that an answer can be
 * printed when someone reads it rather than on every sample. Protobuf's JSON printer (protobuf-java-util 3.25.8's
 * {@code JsonFormat}, read in its classes) refuses three things and prints everything else:
 * <ul>
 * <li>a {@code google.protobuf.Any} that is not empty: it looks the packed type up in its type registry, which is
 * empty here ({@code Cannot find type for url});</li>
 * <li>a {@code google.protobuf.Timestamp} or {@code Duration} out of its range ({@code Timestamps.toString} and
 * {@code Durations.toString} check it: years 1 to 9999, ±10,000 years, nanos below a second);</li>
 * <li>a {@code google.protobuf.Value} holding a NaN or infinite number.</li>
 * </ul>
 *
 * <p>Per message type (its {@link Descriptor}; what is found is kept per type) it finds which of these the type can
 * hold anywhere: in its fields' types, recursively, repeated fields and map values included. A type that can hold
 * none always prints. One that can hold an {@code Any} may not print: {@link #printable} says no, and the answer is
 * printed at once, as before. One that can hold only the others prints when their values are in range, which is
 * checked along the fields that can lead to them (for a page of 15 users with three timestamps each, a few
 * microseconds against some 200 to print it).
 *
 * <pre>{@code
 * if (JsonPrintCheck.printable(answer)) { ... print it when read ... } else { ProtobufJson.print(answer); // now }
 * }</pre>
 */
public final class JsonPrintCheck {

    /** How many message types' shapes are remembered: far more than a run's services use, and a bound on memory. */
    static final int MAX_REMEMBERED_TYPES = 4096;

    /** The well-known types the printer may refuse. */
    private enum Refusable {
        ANY("google.protobuf.Any"),
        TIMESTAMP("google.protobuf.Timestamp"),
        DURATION("google.protobuf.Duration"),
        VALUE("google.protobuf.Value");

        private final String fullName;

        Refusable(String fullName) {
            this.fullName = fullName;
        }

        /** The refusable type {@code type} is, or null. */
        static Refusable of(Descriptor type) {
            for (Refusable refusable : values()) {
                if (refusable.fullName.equals(type.getFullName())) {
                    return refusable;
                }
            }
            return null;
        }
    }

    /**
     * What a message type means to the printer.
     *
     * @param self     the refusable type it is, or null
     * @param holdsAny whether it is or can hold an {@code Any} anywhere
     * @param toCheck  its fields whose values can hold a Timestamp, Duration or Value
     */
    private record Shape(Refusable self, boolean holdsAny, List<FieldDescriptor> toCheck) {}

    private static final Map<Descriptor, Shape> SHAPES = new ConcurrentHashMap<>();

    private JsonPrintCheck() {}

    /** True when {@link ProtobufJson#print} cannot fail on {@code message}. */
    public static boolean printable(MessageOrBuilder message) {
        return !shape(message.getDescriptorForType()).holdsAny() && inRange(message);
    }

    private static boolean inRange(MessageOrBuilder message) {
        Shape shape = shape(message.getDescriptorForType());
        if (shape.self() != null && !ownValueInRange(shape.self(), message)) {
            return false;
        }
        for (FieldDescriptor field : shape.toCheck()) {
            if (field.isRepeated()) { // a map field too: its entries, whose value field is checked
                int count = message.getRepeatedFieldCount(field);
                for (int i = 0; i < count; i++) {
                    if (!inRange((MessageOrBuilder) message.getRepeatedField(field, i))) {
                        return false;
                    }
                }
            } else if (message.hasField(field) && !inRange((MessageOrBuilder) message.getField(field))) {
                return false;
            }
        }
        return true;
    }

    private static boolean ownValueInRange(Refusable type, MessageOrBuilder message) {
        if (type == Refusable.VALUE) {
            return finiteNumber(message);
        }
        if (type == Refusable.ANY) {
            return false;
        }
        Long seconds = number(message, "seconds");
        Long nanos = number(message, "nanos");
        if (seconds == null || nanos == null) { // not the well-known type's fields: left to the printer, now
            return false;
        }
        return type == Refusable.TIMESTAMP ? Timestamps.isValid(seconds, nanos.intValue())
                : Durations.isValid(seconds, nanos.intValue());
    }

    /** A Timestamp's or Duration's field, as a generated class or a descriptor set has it; null when it has none. */
    private static Long number(MessageOrBuilder message, String name) {
        FieldDescriptor field = message.getDescriptorForType().findFieldByName(name);
        return field != null && message.getField(field) instanceof Number number ? number.longValue() : null;
    }

    private static boolean finiteNumber(MessageOrBuilder value) {
        FieldDescriptor number = value.getDescriptorForType().findFieldByName("number_value");
        return number == null || !value.hasField(number)
                || value.getField(number) instanceof Double d && Double.isFinite(d);
    }

    private static Shape shape(Descriptor type) {
        Shape shape = SHAPES.get(type);
        if (shape == null) {
            shape = shapeOf(type);
            if (SHAPES.size() < MAX_REMEMBERED_TYPES) {
                SHAPES.put(type, shape);
            }
        }
        return shape;
    }

    private static Shape shapeOf(Descriptor type) {
        List<FieldDescriptor> toCheck = new ArrayList<>();
        for (FieldDescriptor field : type.getFields()) {
            if (field.getJavaType() == JavaType.MESSAGE) {
                Set<Refusable> reached = reachable(field.getMessageType());
                reached.remove(Refusable.ANY);
                if (!reached.isEmpty()) {
                    toCheck.add(field);
                }
            }
        }
        return new Shape(Refusable.of(type), reachable(type).contains(Refusable.ANY), List.copyOf(toCheck));
    }

    /** The refusable types a message of {@code root} can hold anywhere, itself included; cycles are followed once. */
    private static Set<Refusable> reachable(Descriptor root) {
        Set<Refusable> reached = EnumSet.noneOf(Refusable.class);
        Set<Descriptor> seen = new HashSet<>();
        Deque<Descriptor> toVisit = new ArrayDeque<>();
        toVisit.push(root);
        while (!toVisit.isEmpty()) {
            Descriptor type = toVisit.pop();
            if (!seen.add(type)) {
                continue;
            }
            Refusable refusable = Refusable.of(type);
            if (refusable != null) {
                reached.add(refusable);
            }
            for (FieldDescriptor field : type.getFields()) {
                if (field.getJavaType() == JavaType.MESSAGE) {
                    toVisit.push(field.getMessageType());
                }
            }
        }
        return reached;
    }
}
