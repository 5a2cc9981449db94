package io.rpcbench.sampler.json;

import java.util.ArrayList;
import java.util.List;

/**
 * A Java type as Dubbo's metadata and users write it: {@code long}, {@code java.math.BigDecimal},
 * {@code java.util.Map<java.lang.String,com.example.OrderLine>}, {@code java.lang.String[]}. Parsed without
 * loading any class, so a generic caller needs no API jar.
 *
 * @param raw       the erased name ({@code java.util.Map}, {@code java.lang.String[]}): what generic invocation sends
 * @param arguments the type arguments, empty when none were written
 */
public record TypeName(String raw, List<TypeName> arguments) {

    public static final TypeName OBJECT = new TypeName("java.lang.Object", List.of());

    /** @throws IllegalArgumentException when the text is not a type name */
    public static TypeName parse(String text) {
        Parser parser = new Parser(text.replace(" ", ""));
        TypeName type = parser.type();
        if (parser.position != parser.text.length()) {
            throw new IllegalArgumentException("unexpected '" + parser.text.charAt(parser.position) + "' at "
                    + parser.position);
        }
        return type;
    }

    /**
     * Splits a comma-separated list of type names at the commas outside angle brackets:
     * {@code long,java.util.Map<java.lang.String,Foo>} is two names.
     */
    public static List<String> splitList(String text) {
        List<String> names = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '<') {
                depth++;
            } else if (c == '>') {
                depth--;
            } else if (c == ',' && depth == 0) {
                names.add(text.substring(start, i).trim());
                start = i + 1;
            }
        }
        names.add(text.substring(start).trim());
        return names;
    }

    public boolean isArray() {
        return raw.endsWith("[]");
    }

    /** The element type of an array, or the given argument ({@link #OBJECT} when not written). */
    public TypeName element() {
        if (isArray()) {
            return new TypeName(raw.substring(0, raw.length() - 2), arguments);
        }
        return argument(0);
    }

    public TypeName argument(int index) {
        return index < arguments.size() ? arguments.get(index) : OBJECT;
    }

    /** As written in Dubbo's metadata: no spaces, arguments in angle brackets. */
    @Override
    public String toString() {
        if (arguments.isEmpty()) {
            return raw;
        }
        StringBuilder text = new StringBuilder();
        String base = isArray() ? raw.substring(0, raw.length() - 2) : raw;
        text.append(base).append('<');
        for (int i = 0; i < arguments.size(); i++) {
            text.append(i == 0 ? "" : ",").append(arguments.get(i));
        }
        text.append('>');
        if (isArray()) {
            text.append("[]");
        }
        return text.toString();
    }

    private static final class Parser {
        final String text;
        int position;

        Parser(String text) {
            this.text = text;
        }

        TypeName type() {
            int start = position;
            while (position < text.length() && (Character.isJavaIdentifierPart(text.charAt(position))
                    || text.charAt(position) == '.' || text.charAt(position) == '?')) {
                position++;
            }
            String name = text.substring(start, position);
            if (name.isEmpty() || !(JavaNames.isClassName(name) || name.equals("?"))) {
                throw new IllegalArgumentException("no type name at " + start);
            }
            List<TypeName> arguments = new ArrayList<>();
            if (peek('<')) {
                position++;
                arguments.add(type());
                while (peek(',')) {
                    position++;
                    arguments.add(type());
                }
                expect('>');
            }
            StringBuilder raw = new StringBuilder(name.equals("?") ? "java.lang.Object" : name);
            while (peek('[')) {
                position++;
                expect(']');
                raw.append("[]");
            }
            return new TypeName(raw.toString(), List.copyOf(arguments));
        }

        boolean peek(char c) {
            return position < text.length() && text.charAt(position) == c;
        }

        void expect(char c) {
            if (!peek(c)) {
                throw new IllegalArgumentException("expected '" + c + "' at " + position);
            }
            position++;
        }
    }
}
