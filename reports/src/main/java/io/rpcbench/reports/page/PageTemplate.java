package io.rpcbench.reports.page;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The template of a self-contained HTML page, a resource beside the class that writes the page: {@link #write}
 * fills its {@code @NAME@} placeholders and writes the page to a file. Text goes in through {@link #escapeHtml},
 * data as {@link HtmlSafeJson} in a {@code <script type="application/json">} element, so the page needs nothing
 * but itself. The dashboard ({@link DashboardWriter}) and the compare page are written this way:
 *
 * <pre>{@code
 * PageTemplate template = new PageTemplate(ComparisonPage.class, "compare.html", "comparison page");
 * template.write(Map.of("TITLE", PageTemplate.escapeHtml(title), "DATA", HtmlSafeJson.toJson(data, "the comparison")),
 *         html);
 * }</pre>
 */
public final class PageTemplate {

    private static final String PAGE_CSS = "PAGE_CSS";
    private static final String SHARED_CSS = resource(PageTemplate.class, "page.css", "shared stylesheet").strip();
    private static final String PAGE_JS = "PAGE_JS";
    /** The script every page starts with ({@code page.js}): its error status and its element builder. */
    private static final String SHARED_JS = resource(PageTemplate.class, "page.js", "shared script").stripTrailing();

    private final Class<?> owner;
    private final String resource;
    private final String page;

    /**
     * @param owner    the class the template resource lies beside
     * @param resource the template's file name, e.g. {@code dashboard.html}
     * @param page     what the page is called in error messages, e.g. {@code dashboard}
     */
    public PageTemplate(Class<?> owner, String resource, String page) {
        this.owner = owner;
        this.resource = resource;
        this.page = page;
    }

    /**
     * Fills the template, each {@code @NAME@} with its value as given (escape text first), and writes the page to
     * {@code html} in UTF-8, creating its folder. A placeholder with no value is left as it stands.
     */
    public void write(Map<String, String> values, Path html) {
        String filled = fill(values);
        try {
            Path parent = html.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(html, filled, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the " + page + " to " + html + ": " + e.getMessage(), e);
        }
    }

    /** Text made safe as an HTML element's content or an attribute's value: {@code < > & " '} as entities. */
    public static String escapeHtml(String text) {
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

    /**
     * The template filled as {@link #write} fills it, for a page served rather than written (the live page). Besides
     * {@code values}, {@code @PAGE_CSS@} is always the rules every page shares ({@code page.css}) and {@code @PAGE_JS@}
     * the script every page starts with ({@code page.js}).
     */
    public String fill(Map<String, String> values) {
        Map<String, String> all = new HashMap<>(values);
        all.putIfAbsent(PAGE_CSS, SHARED_CSS);
        all.putIfAbsent(PAGE_JS, SHARED_JS);
        Pattern placeholder = Pattern.compile(
                all.keySet().stream().map(Pattern::quote).collect(Collectors.joining("|", "@(", ")@")));
        // One pass over the template: text put in (a title, a label, a run's name) is never searched for
        // placeholders again.
        Matcher matcher = placeholder.matcher(template());
        StringBuilder filled = new StringBuilder();
        while (matcher.find()) {
            matcher.appendReplacement(filled, Matcher.quoteReplacement(all.get(matcher.group(1))));
        }
        matcher.appendTail(filled);
        return filled.toString();
    }

    private String template() {
        return resource(owner, resource, page);
    }

    private static String resource(Class<?> owner, String resource, String page) {
        try (InputStream in = owner.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing beside " + owner.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the " + page + " template", e);
        }
    }
}
