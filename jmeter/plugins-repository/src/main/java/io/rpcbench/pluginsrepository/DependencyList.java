package io.rpcbench.pluginsrepository;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the file the Maven dependency plugin's {@code list} goal writes with
 * {@code outputAbsoluteArtifactFilename=true}: a heading, then one jar a line,
 * {@code group:artifact:type[:classifier]:version:scope:/path/to.jar}, possibly followed by {@code -- module name}.
 *
 * <pre>{@code
 * List<ExtensionJar> jars = DependencyList.read(Path.of("target/rpcbench-ext/dependencies.txt"));
 * }</pre>
 */
public final class DependencyList {

    private static final Pattern RESOLVED_JAR = Pattern.compile(
            "^\\s*([^:\\s]+):([^:]+):([^:]+):(?:([^:]+):)?([^:]+):(compile|provided|runtime|test|system):(.+?\\.jar)"
                    + "(?:\\s+--\\s.*)?$");

    private static final String HEADING = "The following files have been resolved";

    private DependencyList() {
    }

    /**
     * @throws IllegalArgumentException naming the file and the line when the file is missing, a line is not a
     *     resolved jar, a jar does not exist, or it lists no jar
     */
    public static List<ExtensionJar> read(Path list) throws IOException {
        if (!Files.isRegularFile(list)) {
            throw new IllegalArgumentException("dependency list " + list + " does not exist; expected the output of the "
                    + "dependency plugin's list goal");
        }
        List<ExtensionJar> jars = new ArrayList<>();
        for (String line : Files.readAllLines(list)) {
            if (!line.isBlank() && !line.strip().startsWith(HEADING)) {
                jars.add(parse(line, list));
            }
        }
        if (jars.isEmpty()) {
            throw new IllegalArgumentException(list + " lists no jar; expected the jars the archive adds to JMeter");
        }
        return jars;
    }

    static ExtensionJar parse(String line, Path list) {
        Matcher m = RESOLVED_JAR.matcher(line);
        if (!m.matches()) {
            throw new IllegalArgumentException("line '" + line.strip() + "' of " + list + " is not a resolved jar; "
                    + "expected group:artifact:type[:classifier]:version:scope:/path/to.jar (the list goal with "
                    + "outputAbsoluteArtifactFilename=true)");
        }
        Path file = Path.of(m.group(7));
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + " (line '" + line.strip() + "' of " + list + ") does not exist; "
                    + "expected the jar Maven resolved");
        }
        return new ExtensionJar(m.group(1), m.group(2), m.group(4) == null ? "" : m.group(4), m.group(5), file);
    }
}
