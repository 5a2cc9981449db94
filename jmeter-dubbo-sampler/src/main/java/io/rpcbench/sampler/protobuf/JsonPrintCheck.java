package io.rpcbench.sampler.protobuf;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor.JavaType;
import com.google.protobuf.Duration;
import com.google.protobuf.MessageOrBuilder;
import com.google.protobuf.Timestamp;
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
     * @param first    a Timestamp's or Duration's {@code seconds}, a Value's {@code number_value}; else null
     * @param second   a Timestamp's or Duration's {@code nanos}; else null
     */
    private record Shape(Refusable self, boolean holdsAny, List<FieldDescriptor> toCheck, FieldDescriptor first,
                         FieldDescriptor second) {}

    private static final Map<Descriptor, Shape> SHAPES = new ConcurrentHashMap<>();

    private JsonPrintCheck() {}

    /** True when {@link ProtobufJson#print} cannot fail on {@code message}. */
    public static boolean printable(MessageOrBuilder message) {
        return !shape(message.getDescriptorForType()).holdsAny() && inRange(message);
    }

    private static boolean inRange(MessageOrBuilder message) {
        if (message instanceof Timestamp timestamp) { // the generated classes: no reflection needed
            return Timestamps.isValid(timestamp);
        }
        if (message instanceof Duration duration) {
            return Durations.isValid(duration);
        }
        Shape shape = shape(message.getDescriptorForType());
        if (shape.self() != null && !ownValueInRange(shape, message)) {
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
            } else if (!inRange((MessageOrBuilder) message.getField(field))) { // unset: the default, in range
                return false;
            }
        }
        return true;
    }

    /** A Timestamp's, Duration's or Value's own value, of a type from a descriptor set (or Value's generated one). */
    private static boolean ownValueInRange(Shape shape, MessageOrBuilder message) {
        if (shape.self() == Refusable.ANY || shape.first() == null) { // not the well-known type's fields: print now
            return false;
        }
        Object first = message.getField(shape.first());
        if (shape.self() == Refusable.VALUE) {
            return !(first instanceof Double number) || Double.isFinite(number);
        }
        if (shape.second() == null || !(first instanceof Long seconds)
                || !(message.getField(shape.second()) instanceof Integer nanos)) {
            return false;
        }
        return shape.self() == Refusable.TIMESTAMP ? Timestamps.isValid(seconds, nanos)
                : Durations.isValid(seconds, nanos);
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
        Refusable self = Refusable.of(type);
        FieldDescriptor first = self == null ? null
                : type.findFieldByName(self == Refusable.VALUE ? "number_value" : "seconds");
        FieldDescriptor second = self == Refusable.TIMESTAMP || self == Refusable.DURATION
                ? type.findFieldByName("nanos") : null;
        return new Shape(self, reachable(type).contains(Refusable.ANY), List.copyOf(toCheck), first, second);
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
