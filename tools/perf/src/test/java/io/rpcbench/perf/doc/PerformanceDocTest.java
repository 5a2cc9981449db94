package io.rpcbench.perf.doc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PerformanceDocTest {

    @Test
    void replacesOnlyTheTextBetweenItsMarkers() {
        String document = "# perf\n\nprose before\n<!-- begin overhead -->\nold table\n<!-- end overhead -->\nprose after\n";
        assertThat(PerformanceDoc.replaced(document, "overhead", "new table\n")).isEqualTo(
                "# perf\n\nprose before\n<!-- begin overhead -->\nnew table\n<!-- end overhead -->\nprose after\n");
    }

    @Test
    void appendsASectionThatIsNotThereYet(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("performance.md");
        Files.writeString(file, "# perf\n\nintro\n");
        new PerformanceDoc(file).write("agent", "| a |");
        new PerformanceDoc(file).write("agent", "| b |");
        assertThat(Files.readString(file)).isEqualTo("# perf\n\nintro\n\n<!-- begin agent -->\n| b |\n<!-- end agent -->\n");
    }

    @Test
    void refusesBrokenMarkers() {
        assertThatThrownBy(() -> PerformanceDoc.replaced("<!-- end x -->\n<!-- begin x -->", "x", "t"))
                .hasMessage("docs/performance.md: the markers of section 'x' are broken; expected <!-- begin x -->"
                        + " followed by <!-- end x -->");
    }
}
