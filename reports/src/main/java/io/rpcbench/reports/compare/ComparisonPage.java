package io.rpcbench.reports.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes the comparison as one self-contained HTML file, as the dashboard is written: the page template (the
 * resource {@code compare.html} beside this class, with its style and script) and the {@link RunComparison} as
 * JSON in a {@code <script type="application/json" id="comparison-data">} element. The page's script builds the
 * table from that JSON, putting text in with {@code textContent} only, colours each verdict by its kind and
 * reports how it went in {@code #rpcbench-status}: {@code rpcbench-ok rows=N verdicts=M}, or
 * {@code rpcbench-error: ...}. Nothing is fetched from the network.
 */
final class ComparisonPage {

    private static final String TEMPLATE = "compare.html";
    private static final Pattern PLACEHOLDER = Pattern.compile("@(TITLE|DATA)@");
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ComparisonPage() {}

    static void write(RunComparison comparison, Path html) {
        String page = render(comparison);
        try {
            Path parent = html.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(html, page, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the comparison page to " + html + ": " + e.getMessage(), e);
        }
    }

    static String render(RunComparison comparison) {
        Map<String, String> values = Map.of("TITLE", escapeHtml(comparison.title()), "DATA", json(comparison));
        // One pass over the template: text put in (a run's name) is never searched for placeholders again.
        Matcher placeholder = PLACEHOLDER.matcher(template());
        StringBuilder page = new StringBuilder();
        while (placeholder.find()) {
            placeholder.appendReplacement(page, Matcher.quoteReplacement(values.get(placeholder.group(1))));
        }
        placeholder.appendTail(page);
        return page.toString();
    }

    /**
     * The page's data: pretty-printed, in the records' declaration order, and safe inside a {@code <script>}
     * element: '<', '>', '&', U+2028 and U+2029 are written as {@code \\uXXXX}, so a run named
     * {@code </script>} cannot end it.
     */
    static String json(RunComparison comparison) {
        try {
            return MAPPER.writer().with(new HtmlSafeEscapes()).writeValueAsString(comparison).replace("\r\n", "\n");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the comparison as JSON", e);
        }
    }

    static String escapeHtml(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    private static String template() {
        try (InputStream in = ComparisonPage.class.getResourceAsStream(TEMPLATE)) {
            if (in == null) {
                throw new IllegalStateException(TEMPLATE + " is missing beside " + ComparisonPage.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the comparison page template", e);
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
