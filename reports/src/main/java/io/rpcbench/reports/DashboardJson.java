package io.rpcbench.reports;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The dashboard's figures as JSON: pretty-printed, in the records' declaration order, and safe to embed in an
 * HTML {@code <script>} element: '<', '>', '&', U+2028 and U+2029 are written as {@code \\uXXXX} escapes, so
 * a label such as {@code </script>} cannot end the element (labels and messages come from users).
 */
public final class DashboardJson {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT);

    private DashboardJson() {}

    static String toJson(DashboardData data) {
        try {
            return MAPPER.writer().with(new HtmlSafeEscapes()).writeValueAsString(data).replace("\r\n", "\n");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the dashboard's figures as JSON", e);
        }
    }

    /** Writes the figures alone, e.g. for other tools or for a golden test. */
    public static void write(DashboardData data, Path json) {
        try {
            Files.writeString(json, toJson(data) + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + json + ": " + e.getMessage(), e);
        }
    }

    private static final class HtmlSafeEscapes extends CharacterEscapes {
        private static final long serialVersionUID = 1L;
        private final int[] ascii = standardAsciiEscapesForJSON();

        HtmlSafeEscapes() {
            ascii['<'] = ESCAPE_STANDARD;
            ascii['>'] = ESCAPE_STANDARD;
            ascii['&'] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            if (ch == 0x2028 || ch == 0x2029) {
                return new SerializedString(String.format("\\u%04x", ch));
            }
            return null;
        }
    }
}
