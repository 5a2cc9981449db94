package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The documents hold together: the README starts with the two commands and stays short, {@code docs/README.md} links
 * every document of {@code docs/} once, and every relative link of every Markdown file of the checkout leads to a file
 * or folder that exists.
 */
class DocumentsTest {

    private static final Path PROJECT = Path.of(System.getProperty("rpcbench.project.dir", "../..")).toAbsolutePath()
            .normalize();
    /** A Markdown link's target: {@code [text](target)} or {@code ![alt](target)}. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    /** Folders of output, not of the checkout. */
    private static final Set<String> SKIPPED = Set.of("target", "results", ".git", ".mvn", "node_modules");

    @Test
    void theReadmeStartsWithTheTwoCommandsAndFitsInOneHundredFiftyLines() throws IOException {
        List<String> lines = Files.readAllLines(PROJECT.resolve("README.md"));

        assertThat(lines).as("README.md lines").hasSizeLessThanOrEqualTo(150);
        int fence = lines.indexOf("```bash");
        assertThat(fence).as("the first code block's line; the title before it").isEqualTo(2);
        assertThat(lines.get(fence + 1)).startsWith("./run-benchmark ");
        assertThat(lines.get(fence + 2)).startsWith("./run-tests ");
    }

    @Test
    void theDocumentsIndexLinksEveryDocumentOnce() throws IOException {
        String index = Files.readString(PROJECT.resolve("docs/README.md"));
        List<String> targets = links(index);
        try (Stream<Path> docs = Files.list(PROJECT.resolve("docs"))) {
            for (Path doc : docs.filter(p -> p.toString().endsWith(".md")).toList()) {
                String name = doc.getFileName().toString();
                if (name.equals("README.md")) {
                    continue;
                }
                assertThat(targets).as("links of docs/README.md to %s", name).filteredOn(name::equals).hasSize(1);
            }
        }
    }

    @Test
    void everyRelativeLinkOfEveryDocumentLeadsSomewhere() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path document : markdownFiles()) {
            for (String target : links(Files.readString(document))) {
                if (target.matches("[a-z]+:.*") || target.startsWith("#")) {
                    continue; // another site, a mail address, a place in the same document
                }
                String path = target.replaceFirst("#.*", "");
                if (!Files.exists(document.getParent().resolve(path))) {
                    broken.add(PROJECT.relativize(document) + ": " + target);
                }
            }
        }
        assertThat(broken).as("links to nothing").isEmpty();
    }

    private static List<String> links(String markdown) {
        List<String> targets = new ArrayList<>();
        Matcher matcher = LINK.matcher(markdown);
        while (matcher.find()) {
            targets.add(matcher.group(1));
        }
        return targets;
    }

    private static List<Path> markdownFiles() throws IOException {
        List<Path> found = new ArrayList<>();
        Files.walkFileTree(PROJECT, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                return SKIPPED.contains(dir.getFileName().toString()) ? FileVisitResult.SKIP_SUBTREE
                        : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (file.getFileName().toString().endsWith(".md")) {
                    found.add(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        return found;
    }
}
