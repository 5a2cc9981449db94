package io.rpcbench.elements.check;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code arguments} of a call as the samplers read them: JSON, a JSON array for Dubbo (one value per parameter),
 * an array or an object for Thrift (by position or by the IDL's argument names). JMeter references are allowed
 * wherever JMeter will substitute them: a reference outside a JSON string stands for a value ({@code "id": ${id}}),
 * one inside a string is text ({@code "A-${__threadNum}"}). Each reference is read as a number, or inside a string
 * as plain text, of its own length, so the line and column of a problem are those of the text as written.
 */
public record JsonArgumentsCheck(String field, boolean arrayOnly) implements FieldCheck {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    @Override
    public Optional<String> problem(String value) {
        if (value.isBlank()) {
            return Optional.empty();
        }
        JsonNode node;
        try {
            node = JSON.readTree(withValuesForReferences(value));
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            return Optional.of(field + " is not valid JSON" + where + ": " + e.getOriginalMessage() + expected());
        }
        // A reference for the whole value has its shape when the sample runs.
        if (node.isArray() || (!arrayOnly && node.isObject()) || value.strip().startsWith("${")) {
            return Optional.empty();
        }
        return Optional.of(field + " is a JSON " + node.getNodeType().name().toLowerCase(Locale.ROOT)
                + expected());
    }

    private String expected() {
        return arrayOnly ? "; expected a JSON array, one value per parameter, e.g. [1, \"text\", {\"id\": 7}]"
                : "; expected a JSON array of the arguments in the IDL's order, or an object keyed by their names";
    }

    /**
     * {@code text} with each reference outside a JSON string replaced by {@code 0} and spaces (a value of the same
     * length), and each inside a string by as many {@code x}.
     */
    static String withValuesForReferences(String text) {
        StringBuilder out = new StringBuilder(text.length());
        boolean inString = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '$' && i + 1 < text.length() && text.charAt(i + 1) == '{') {
                int end = JMeterReferences.end(text, i);
                if (inString) { // its text, whatever quotes its arguments hold
                    out.append("x".repeat(end - i));
                } else {
                    out.append('0').append(" ".repeat(end - i - 1));
                }
                i = end - 1;
                continue;
            }
            if (inString && c == '\\' && i + 1 < text.length()) {
                out.append(c).append(text.charAt(++i));
                continue;
            }
            if (c == '"') {
                inString = !inString;
            }
            out.append(c);
        }
        return out.toString();
    }
}
