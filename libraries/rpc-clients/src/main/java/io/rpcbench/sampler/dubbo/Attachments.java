package io.rpcbench.sampler.dubbo;

import io.rpcbench.sampler.call.BadParameterException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The attachments of a call (Dubbo's invisible parameters, e.g. a trace id or a tenant), written as
 * {@code key=value} pairs separated by semicolons: {@code traceId=${id};tenant=blue}. Spaces around keys and
 * values are trimmed; a value may contain {@code =} but not {@code ;}; an empty text means none.
 */
public final class Attachments {

    private Attachments() {}

    /** @throws BadParameterException naming the pair that is not {@code key=value} */
    public static Map<String, String> parse(String text) {
        Map<String, String> attachments = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return attachments;
        }
        for (String pair : text.split(";")) {
            if (pair.isBlank()) {
                continue; // a trailing or doubled semicolon
            }
            int eq = pair.indexOf('=');
            String key = eq < 0 ? "" : pair.substring(0, eq).trim();
            if (key.isEmpty() || key.chars().anyMatch(Character::isWhitespace)) {
                throw BadParameterException.of(DubboServiceRequest.ATTACHMENTS, text, "has '" + pair.trim()
                        + "', which is not key=value", "key=value pairs separated by ';', e.g. traceId=42;tenant=blue");
            }
            attachments.put(key, pair.substring(eq + 1).trim());
        }
        return attachments;
    }
}
