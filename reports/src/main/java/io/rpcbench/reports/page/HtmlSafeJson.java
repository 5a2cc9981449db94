package io.rpcbench.reports.page;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * A page's data as JSON: pretty-printed with {@code \n} line ends, in the records' declaration order, and safe to
 * embed in an HTML {@code <script>} element: '<', '>', '&', U+2028 and U+2029 are written as {@code \\uXXXX}
 * escapes, so a label or a run's name such as {@code </script>} cannot end the element (they come from users).
 * The same bytes are the dashboard's {@code dashboard.json}.
 */
public final class HtmlSafeJson {

    private static final ObjectWriter WRITER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .writer()
            .with(new HtmlSafeEscapes());

    private HtmlSafeJson() {}

    /**
     * @param data records (or lists and maps of them) to write
     * @param what what the data is in the error message, e.g. {@code the comparison}
     */
    public static String toJson(Object data, String what) {
        try {
            return WRITER.writeValueAsString(data).replace("\r\n", "\n");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + what + " as JSON", e);
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
