package io.rpcbench.perf.doc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code docs/performance.md}, written one benchmark at a time: each benchmark owns the text between its two
 * markers ({@code <!-- begin NAME -->} and {@code <!-- end NAME -->}) and replaces it with its latest table; the
 * rest of the document, the prose around the tables, is left as it is. A benchmark whose markers are missing
 * appends them with its text at the end.
 */
public final class PerformanceDoc {

    private final Path file;

    public PerformanceDoc(Path file) {
        this.file = file;
    }

    /** Replaces the section {@code name} with {@code markdown}, creating the document or the section if missing. */
    public void write(String name, String markdown) throws IOException {
        String document = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "# rpcbench performance\n";
        Files.writeString(file, replaced(document, name, markdown), StandardCharsets.UTF_8);
    }

    static String replaced(String document, String name, String markdown) {
        String begin = "<!-- begin " + name + " -->";
        String end = "<!-- end " + name + " -->";
        String body = begin + "\n" + markdown.strip() + "\n" + end;
        int from = document.indexOf(begin);
        int to = document.indexOf(end);
        if (from < 0 && to < 0) {
            return document.stripTrailing() + "\n\n" + body + "\n";
        }
        if (from < 0 || to < from) {
            throw new IllegalStateException("docs/performance.md: the markers of section '" + name
                    + "' are broken; expected " + begin + " followed by " + end);
        }
        return document.substring(0, from) + body + document.substring(to + end.length());
    }
}
