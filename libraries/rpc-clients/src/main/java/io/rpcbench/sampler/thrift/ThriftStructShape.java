package io.rpcbench.sampler.thrift;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.thrift.TBase;
import org.apache.thrift.TFieldIdEnum;
import org.apache.thrift.TFieldRequirementType;
import org.apache.thrift.meta_data.FieldMetaData;

/**
 * The fields of one generated Thrift struct (or union, exception, {@code _args}, {@code _result}) as its own
 * metadata ({@code metaDataMap}) declares them, in declaration order, and a way to make an empty instance. Read
 * once per class ({@link #of}) and kept, so that mapping a value per sample costs no reflection but the
 * constructor call.
 */
public final class ThriftStructShape {

    /** One field: its id enum constant (what {@code TBase.getFieldValue/setFieldValue} take) and metadata. */
    public record Field(TFieldIdEnum id, FieldMetaData metaData) {
        public String name() {
            return metaData.fieldName;
        }

        public boolean required() {
            return metaData.requirementType == TFieldRequirementType.REQUIRED;
        }
    }

    private static final ClassValue<ThriftStructShape> SHAPES = new ClassValue<>() {
        @Override
        protected ThriftStructShape computeValue(Class<?> type) {
            return new ThriftStructShape(type);
        }
    };

    private final Class<?> type;
    private final Constructor<?> constructor;
    private final List<Field> fields;
    private final Map<String, Field> byName;

    @SuppressWarnings({"unchecked", "rawtypes"})
    private ThriftStructShape(Class<?> type) {
        if (!TBase.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException(type.getName() + " is not a generated Thrift struct (not a TBase)");
        }
        this.type = type;
        try {
            this.constructor = type.getConstructor();
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(type.getName() + " has no public no-argument constructor", e);
        }
        // Loads the class, whose static initializer registers the metadata; an EnumMap: declaration order.
        Map<? extends TFieldIdEnum, FieldMetaData> metaData = FieldMetaData.getStructMetaDataMap((Class) type);
        List<Field> list = new ArrayList<>();
        Map<String, Field> names = new LinkedHashMap<>();
        metaData.forEach((id, meta) -> {
            Field field = new Field(id, meta);
            list.add(field);
            names.put(meta.fieldName, field);
        });
        this.fields = Collections.unmodifiableList(list);
        this.byName = Collections.unmodifiableMap(names);
    }

    /** The shape of {@code type}, a generated class implementing {@link TBase}. */
    public static ThriftStructShape of(Class<?> type) {
        return SHAPES.get(type);
    }

    public Class<?> type() {
        return type;
    }

    /** Every field, in declaration order. */
    public List<Field> fields() {
        return fields;
    }

    /** The field named {@code name} in the IDL, or null. */
    public Field field(String name) {
        return byName.get(name);
    }

    /** The field names in declaration order, for messages: {@code id, name, kind}. */
    public String names() {
        return String.join(", ", byName.keySet());
    }

    /** A new instance with no field set. */
    @SuppressWarnings("rawtypes")
    public TBase newInstance() {
        try {
            return (TBase) constructor.newInstance();
        } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot create a " + type.getName() + ": " + e, e);
        }
    }
}
