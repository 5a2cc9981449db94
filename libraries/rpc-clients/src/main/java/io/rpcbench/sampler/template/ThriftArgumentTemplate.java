package io.rpcbench.sampler.template;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rpcbench.sampler.thrift.ThriftStructShape;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.thrift.TUnion;
import org.apache.thrift.meta_data.EnumMetaData;
import org.apache.thrift.meta_data.FieldValueMetaData;
import org.apache.thrift.meta_data.ListMetaData;
import org.apache.thrift.meta_data.MapMetaData;
import org.apache.thrift.meta_data.SetMetaData;
import org.apache.thrift.meta_data.StructMetaData;
import org.apache.thrift.protocol.TType;

/**
 * The {@code arguments} of a Thrift method as a template to fill in, read from the generated {@code <method>_args}
 * struct's own metadata ({@code metaDataMap}): a JSON array of the arguments in the IDL's order, each in the shape the
 * {@code ThriftServiceSampler} reads ({@code JsonToThrift}), e.g. {@code [{"id": 0, "name": "", "kind": "PART"}]}.
 *
 * <p>Values: {@code bool} {@code false}; integers and {@code double} {@code 0}; {@code string} and {@code binary}
 * (base64) {@code ""}; an enum its first constant; {@code list} and {@code set} one element; a {@code map} one entry,
 * keyed by the key's template as text ({@code {"": 0}}), or as one {@code [key, value]} pair when the key is a struct or
 * container; a struct or exception every field (optional ones too: remove what should stay unset), a union its first
 * field only, a struct met again inside itself {@code null}.
 */
public final class ThriftArgumentTemplate {

    /** The structs being written, outermost first: one met again is cut off. */
    private final Set<Class<?>> open = new HashSet<>();

    private ThriftArgumentTemplate() {}

    /** @param args the method's {@code <method>_args} struct */
    public static String of(ThriftStructShape args) {
        ThriftArgumentTemplate template = new ThriftArgumentTemplate();
        ArrayNode arguments = TemplateJson.array();
        args.fields().forEach(field -> arguments.add(template.value(field.metaData().valueMetaData)));
        return TemplateJson.text(arguments);
    }

    private JsonNode value(FieldValueMetaData meta) {
        switch (meta.type) {
            case TType.BOOL:
                return TemplateJson.NODES.booleanNode(false);
            case TType.BYTE: case TType.I16: case TType.I32: case TType.I64: case TType.DOUBLE:
                return TemplateJson.NODES.numberNode(0);
            case TType.STRING:
                return TemplateJson.NODES.textNode("");
            case TType.ENUM:
                return TemplateJson.NODES.textNode(firstConstant((EnumMetaData) meta));
            case TType.LIST:
                return TemplateJson.array().add(value(((ListMetaData) meta).elemMetaData));
            case TType.SET:
                return TemplateJson.array().add(value(((SetMetaData) meta).elemMetaData));
            case TType.MAP:
                return map((MapMetaData) meta);
            case TType.STRUCT:
                return struct(((StructMetaData) meta).structClass);
            default:
                return TemplateJson.NODES.nullNode();
        }
    }

    private JsonNode map(MapMetaData meta) {
        JsonNode key = value(meta.keyMetaData);
        JsonNode value = value(meta.valueMetaData);
        if (key.isContainerNode() || key.isNull()) {
            return TemplateJson.array().add(TemplateJson.array().add(key).add(value)); // [[key, value]]
        }
        ObjectNode map = TemplateJson.object();
        map.set(key.asText(), value);
        return map;
    }

    private JsonNode struct(Class<?> type) {
        if (!open.add(type)) {
            return TemplateJson.NODES.nullNode(); // a struct inside itself (a tree's children): cut off
        }
        ObjectNode struct = TemplateJson.object();
        List<ThriftStructShape.Field> fields = ThriftStructShape.of(type).fields();
        boolean union = TUnion.class.isAssignableFrom(type);
        for (ThriftStructShape.Field field : union ? fields.subList(0, Math.min(1, fields.size())) : fields) {
            struct.set(field.name(), value(field.metaData().valueMetaData));
        }
        open.remove(type);
        return struct;
    }

    private static String firstConstant(EnumMetaData meta) {
        Object[] constants = meta.enumClass.getEnumConstants();
        return constants == null || constants.length == 0 ? "" : ((Enum<?>) constants[0]).name();
    }
}
