package io.rpcbench.sampler.template;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;

/**
 * The text of an argument template: JSON on one line with a space after each colon and comma, e.g.
 * {@code [{"id": 0, "lines": [{"sku": "", "quantity": 0}]}]}, as a user writes it into a sampler's {@code arguments}
 * (one line reads in the GUI's table cell, and the spaces let the eye find the values to change). Numbers are written
 * as their exact text (a {@code BigDecimal} keeps its scale).
 */
final class TemplateJson {

    static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

    private TemplateJson() {}

    static ObjectNode object() {
        return NODES.objectNode();
    }

    static ArrayNode array() {
        return NODES.arrayNode();
    }

    static String text(JsonNode node) {
        StringBuilder out = new StringBuilder();
        write(node, out);
        return out.toString();
    }

    private static void write(JsonNode node, StringBuilder out) {
        if (node.isObject()) {
            out.append('{');
            String separator = "";
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                out.append(separator).append(NODES.textNode(field.getKey())).append(": ");
                write(field.getValue(), out);
                separator = ", ";
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (int i = 0; i < node.size(); i++) {
                out.append(i == 0 ? "" : ", ");
                write(node.get(i), out);
            }
            out.append(']');
        } else {
            out.append(node); // a scalar's JSON text: quoted and escaped strings, exact numbers
        }
    }
}
