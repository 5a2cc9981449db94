package io.rpcbench.sampler.protobuf;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor.JavaType;
import com.google.protobuf.Descriptors.FieldDescriptor;
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
 * <p>Per message type it finds which of these the type can hold anywhere: in its fields' types, recursively, repeated
 * fields and map values included. A type that can hold none always prints. One that can hold an {@code Any} may not
 * print: {@link #printable} says no, and the answer is printed at once, as before. One that can hold only the others
 * prints when their values are in range, which is checked along the fields that can lead to them (for a page of 15
 * users with three timestamps each, a few microseconds against some 200 to print it).
 *
 * <p>What is found is remembered per type by its full name and the content of the .proto file that declares it, not
 * by its {@link Descriptor}: {@code proto-descriptor} reads its descriptor set anew for every JMeter thread, so each
 * thread's types are other objects with the same content, and they share one entry (kept per Descriptor, they filled
 * the memory, held every thread's descriptors, and past the bound every sample walked the types again). A type of the
 * same name from another version of its file (another descriptor set, or the generated class of another version) has
 * an entry of its own; only the files it imports are not told apart (two versions of an imported file in one run
 * share the entry of the first type read). {@link #forget} drops them all: the samplers call it when their last Dubbo
 * consumer is released, so a rerun in the GUI starts afresh.
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
     * What a message type means to the printer. Fields are named by their index in the type's fields, so that the
     * shape holds no descriptor and serves every Descriptor object of the same type.
     *
     * @param self     the refusable type it is, or null
     * @param holdsAny whether it is or can hold an {@code Any} anywhere
     * @param toCheck  its fields whose values can hold a Timestamp, Duration or Value
     * @param first    a Timestamp's or Duration's {@code seconds}, a Value's {@code number_value}; else {@link #NONE}
     * @param second   a Timestamp's or Duration's {@code nanos}; else {@link #NONE}
     */
    private record Shape(Refusable self, boolean holdsAny, int[] toCheck, int first, int second) {}

    /** No such field. */
    private static final int NONE = -1;

    /**
     * A message type by its full name and the content of its .proto file ({@code FileDescriptorProto}'s hash, computed
     * once per file object and then kept by it).
     */
    private record TypeKey(String fullName, int fileContent) {
        static TypeKey of(Descriptor type) {
            return new TypeKey(type.getFullName(), type.getFile().toProto().hashCode());
        }
    }

    private static final Map<TypeKey, Shape> SHAPES = new ConcurrentHashMap<>();

    private JsonPrintCheck() {}

    /** True when {@link ProtobufJson#print} cannot fail on {@code message}. */
    public static boolean printable(MessageOrBuilder message) {
        return !shape(message.getDescriptorForType()).holdsAny() && inRange(message);
    }

    /**
     * Forgets every type's shape: they are found again when next asked. For the release of the samplers' last consumer,
     * so that a rerun in the GUI, whose descriptor sets may be other versions, keeps nothing of the run before.
     */
    public static void forget() {
        SHAPES.clear();
    }

    /** How many types' shapes are remembered: for tests. */
    static int rememberedTypes() {
        return SHAPES.size();
    }

    private static boolean inRange(MessageOrBuilder message) {
        if (message instanceof Timestamp timestamp) { // the generated classes: no reflection needed
            return Timestamps.isValid(timestamp);
        }
        if (message instanceof Duration duration) {
            return Durations.isValid(duration);
        }
        Descriptor type = message.getDescriptorForType();
        Shape shape = shape(type);
        if (shape.self() != null && !ownValueInRange(shape, type, message)) {
            return false;
        }
        List<FieldDescriptor> fields = type.getFields();
        for (int index : shape.toCheck()) {
            FieldDescriptor field = field(fields, index);
            if (field == null || field.getJavaType() != JavaType.MESSAGE) { // another file of the same hash
                return false;
            }
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
    private static boolean ownValueInRange(Shape shape, Descriptor type, MessageOrBuilder message) {
        if (shape.self() == Refusable.ANY || shape.first() == NONE) { // not the well-known type's fields: print now
            return false;
        }
        List<FieldDescriptor> fields = type.getFields();
        FieldDescriptor firstField = field(fields, shape.first());
        FieldDescriptor secondField = field(fields, shape.second());
        if (firstField == null) { // another file of the same hash
            return false;
        }
        Object first = message.getField(firstField);
        if (shape.self() == Refusable.VALUE) {
            return !(first instanceof Double number) || Double.isFinite(number);
        }
        if (secondField == null || !(first instanceof Long seconds)
                || !(message.getField(secondField) instanceof Integer nanos)) {
            return false;
        }
        return shape.self() == Refusable.TIMESTAMP ? Timestamps.isValid(seconds, nanos)
                : Durations.isValid(seconds, nanos);
    }

    private static Shape shape(Descriptor type) {
        TypeKey key = TypeKey.of(type);
        Shape shape = SHAPES.get(key);
        if (shape == null) {
            shape = shapeOf(type);
            if (SHAPES.size() < MAX_REMEMBERED_TYPES) {
                SHAPES.put(key, shape);
            }
        }
        return shape;
    }

    private static Shape shapeOf(Descriptor type) {
        List<Integer> toCheck = new ArrayList<>();
        for (FieldDescriptor field : type.getFields()) {
            if (field.getJavaType() == JavaType.MESSAGE) {
                Set<Refusable> reached = reachable(field.getMessageType());
                reached.remove(Refusable.ANY);
                if (!reached.isEmpty()) {
                    toCheck.add(field.getIndex());
                }
            }
        }
        Refusable self = Refusable.of(type);
        int first = self == null ? NONE : index(type, self == Refusable.VALUE ? "number_value" : "seconds");
        int second = self == Refusable.TIMESTAMP || self == Refusable.DURATION ? index(type, "nanos") : NONE;
        return new Shape(self, reachable(type).contains(Refusable.ANY),
                toCheck.stream().mapToInt(Integer::intValue).toArray(), first, second);
    }

    /**
     * The field at {@code index}, or null when there is none: a shape found for another file whose content has the
     * same hash (the type's name is the same too) may name fields this type lacks; the message is then printed at once.
     */
    private static FieldDescriptor field(List<FieldDescriptor> fields, int index) {
        return index >= 0 && index < fields.size() ? fields.get(index) : null;
    }

    private static int index(Descriptor type, String fieldName) {
        FieldDescriptor field = type.findFieldByName(fieldName);
        return field == null ? NONE : field.getIndex();
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
