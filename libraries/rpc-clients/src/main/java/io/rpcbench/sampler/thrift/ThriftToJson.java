package io.rpcbench.sampler.thrift;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.thrift.TBase;
import org.apache.thrift.TEnum;
import org.apache.thrift.meta_data.FieldValueMetaData;
import org.apache.thrift.meta_data.ListMetaData;
import org.apache.thrift.meta_data.MapMetaData;
import org.apache.thrift.meta_data.SetMetaData;
import org.apache.thrift.protocol.TType;

/**
 * Renders Thrift values as JSON, led by the generated classes' field metadata: the mirror of {@link JsonToThrift},
 * so what it writes reads back as the same value. A struct is an object of its set fields in declaration order
 * (unset optional fields left out), i64 an exact number, an enum its name, binary base64, a list or set an array,
 * a map an object (keys as text) unless its keys are structs or containers (then an array of [key, value] pairs).
 */
public final class ThriftToJson {

    private static final JsonFactory JSON = new JsonFactory();

    private ThriftToJson() {}

    /**
     * {@code value}, described by {@code meta}, as JSON text; null as {@code null}.
     *
     * @param owner the struct holding the field, to find a struct type named by a forward reference
     */
    public static String render(FieldValueMetaData meta, Object value, Class<?> owner) {
        StringWriter text = new StringWriter();
        try (JsonGenerator out = JSON.createGenerator(text)) {
            value(out, meta, value, owner);
        } catch (IOException e) {
            throw new UncheckedIOException("a StringWriter failed", e); // does not happen
        }
        return text.toString();
    }

    /** A struct (also an exception, union, {@code _args} or {@code _result}) as a JSON object. */
    @SuppressWarnings("rawtypes")
    public static String render(TBase struct) {
        StringWriter text = new StringWriter();
        try (JsonGenerator out = JSON.createGenerator(text)) {
            struct(out, struct);
        } catch (IOException e) {
            throw new UncheckedIOException("a StringWriter failed", e);
        }
        return text.toString();
    }

    /**
     * Whether {@link #render(FieldValueMetaData, Object, Class)} can write every value of the type {@code meta}
     * describes, known from the generated classes' metadata alone, so that a value of it can be rendered when someone
     * reads it rather than on every sample. It fails on a Thrift type it does not map ({@code uuid}, Thrift 0.20's
     * type 16) and on a struct it cannot find (a forward reference whose class is not beside its owner); everything
     * else is written from the value as read: a struct read off the wire is a tree, not a graph (its nesting bounded by
     * the protocol's recursion depth), an enum value unknown to the generated class is read as null, and a binary
     * is a buffer of its own (Thrift's framed transport reads each frame into a new array, the plain socket copies).
     *
     * @param owner the struct holding the field, to find a struct type named by a forward reference
     */
    public static boolean writable(FieldValueMetaData meta, Class<?> owner) {
        return writable(meta, owner, new HashSet<>());
    }

    private static boolean writable(FieldValueMetaData meta, Class<?> owner, Set<Class<?>> seen) {
        switch (meta.type) {
            case TType.BOOL, TType.BYTE, TType.I16, TType.I32, TType.I64, TType.DOUBLE, TType.STRING, TType.ENUM:
                return true;
            case TType.LIST:
                return writable(((ListMetaData) meta).elemMetaData, owner, seen);
            case TType.SET:
                return writable(((SetMetaData) meta).elemMetaData, owner, seen);
            case TType.MAP:
                MapMetaData map = (MapMetaData) meta;
                return writable(map.keyMetaData, owner, seen) && writable(map.valueMetaData, owner, seen);
            case TType.STRUCT:
                Class<?> type;
                try {
                    type = JsonToThrift.structClass(meta, owner);
                } catch (IllegalStateException | LinkageError e) {
                    return false;
                }
                if (!seen.add(type)) {
                    return true; // a recursive type: its fields are being checked already
                }
                try {
                    for (ThriftStructShape.Field field : ThriftStructShape.of(type).fields()) {
                        if (!writable(field.metaData().valueMetaData, type, seen)) {
                            return false;
                        }
                    }
                } catch (RuntimeException e) { // not a generated struct
                    return false;
                }
                return true;
            default:
                return false;
        }
    }

    /**
     * {@code text} unchanged when its UTF-8 form fits {@code maxBytes}; else its longest prefix that fits (never
     * splitting a character) followed by a note saying how much was kept.
     */
    public static String cap(String text, int maxBytes) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= maxBytes) {
            return text;
        }
        int end = maxBytes;
        while (end > 0 && (bytes[end] & 0xC0) == 0x80) { // a continuation byte: back up to the character's start
            end--;
        }
        return new String(bytes, 0, end, StandardCharsets.UTF_8)
                + " ... [response cut: first " + end + " of " + bytes.length + " bytes]";
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void struct(JsonGenerator out, TBase struct) throws IOException {
        ThriftStructShape shape = ThriftStructShape.of(struct.getClass());
        out.writeStartObject();
        for (ThriftStructShape.Field field : shape.fields()) {
            if (struct.isSet(field.id())) {
                out.writeFieldName(field.name());
                value(out, field.metaData().valueMetaData, struct.getFieldValue(field.id()), shape.type());
            }
        }
        out.writeEndObject();
    }

    @SuppressWarnings("rawtypes")
    private static void value(JsonGenerator out, FieldValueMetaData meta, Object value, Class<?> owner)
            throws IOException {
        if (value == null) {
            out.writeNull();
            return;
        }
        switch (meta.type) {
            case TType.BOOL:
                out.writeBoolean((Boolean) value);
                break;
            case TType.BYTE:
            case TType.I16:
            case TType.I32:
                out.writeNumber(((Number) value).intValue());
                break;
            case TType.I64:
                out.writeNumber(((Number) value).longValue()); // exact: never through a double
                break;
            case TType.DOUBLE:
                out.writeNumber((Double) value);
                break;
            case TType.STRING:
                out.writeString(meta.isBinary() ? base64(value) : (String) value);
                break;
            case TType.ENUM:
                out.writeString(((Enum<?>) (TEnum) value).name());
                break;
            case TType.STRUCT:
                struct(out, (TBase) value);
                break;
            case TType.LIST:
                elements(out, ((ListMetaData) meta).elemMetaData, (Collection<?>) value, owner);
                break;
            case TType.SET:
                elements(out, ((SetMetaData) meta).elemMetaData, sorted((Collection<?>) value), owner);
                break;
            case TType.MAP:
                map(out, (MapMetaData) meta, (Map<?, ?>) value, owner);
                break;
            default:
                throw new IllegalStateException("Thrift type " + meta.type + " is not supported");
        }
    }

    private static void elements(JsonGenerator out, FieldValueMetaData element, Collection<?> values, Class<?> owner)
            throws IOException {
        out.writeStartArray();
        for (Object value : values) {
            value(out, element, value, owner);
        }
        out.writeEndArray();
    }

    /**
     * A set's or a map's keys in their natural order: the generated code reads them into a HashSet or HashMap,
     * whose order would differ from run to run and defeat a JSON assertion on the response. Values that do not
     * compare (none of Thrift's types: numbers, strings, binaries, enums and structs all do) keep their order.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static List<?> sorted(Collection<?> values) {
        List list = new ArrayList<>(values);
        try {
            list.sort(null);
        } catch (ClassCastException | NullPointerException e) {
            return new ArrayList<>(values);
        }
        return list;
    }

    private static void map(JsonGenerator out, MapMetaData meta, Map<?, ?> unordered, Class<?> owner) throws IOException {
        Map<Object, Object> map = new LinkedHashMap<>();
        for (Object key : sorted(unordered.keySet())) {
            map.put(key, unordered.get(key));
        }
        if (JsonToThrift.textKeys(meta.keyMetaData)) {
            out.writeStartObject();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                out.writeFieldName(keyText(meta.keyMetaData, entry.getKey()));
                value(out, meta.valueMetaData, entry.getValue(), owner);
            }
            out.writeEndObject();
            return;
        }
        out.writeStartArray();
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            out.writeStartArray();
            value(out, meta.keyMetaData, entry.getKey(), owner);
            value(out, meta.valueMetaData, entry.getValue(), owner);
            out.writeEndArray();
        }
        out.writeEndArray();
    }

    private static String keyText(FieldValueMetaData key, Object value) {
        if (key.type == TType.ENUM) {
            return ((Enum<?>) value).name();
        }
        if (key.isBinary()) {
            return base64(value);
        }
        return String.valueOf(value); // strings, integers, doubles and bools read back from this text
    }

    private static String base64(Object value) {
        if (value instanceof byte[]) {
            return Base64.getEncoder().encodeToString((byte[]) value);
        }
        ByteBuffer buffer = ((ByteBuffer) value).duplicate(); // leave the struct's buffer where it was
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }
}
