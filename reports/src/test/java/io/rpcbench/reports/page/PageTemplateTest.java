package io.rpcbench.reports.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A page template filled in one pass: values go in as they are and are never searched for placeholders again. */
class PageTemplateTest {

    @TempDir
    Path dir;

    @Test
    void fillsEachPlaceholderWithItsValueAsItIs() throws Exception {
        PageTemplate template = new PageTemplate(PageTemplateTest.class, "test-template.html", "test page");
        Path html = dir.resolve("out/page.html");

        template.write(Map.of("TITLE", "a $1 \\\\ b", "DATA", "{\"x\":\"@TITLE@\"}"), html);

        assertThat(Files.readString(html)).isEqualTo(
                "<title>a $1 \\\\ b</title> mail@example.org {\"x\":\"@TITLE@\"} @NONE@ a $1 \\\\ b\n");
    }
}
