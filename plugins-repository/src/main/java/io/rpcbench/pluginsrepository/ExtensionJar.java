package io.rpcbench.pluginsrepository;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One jar the rpcbench archive adds to a stock JMeter: its Maven coordinates and the file Maven resolved.
 *
 * @param classifier empty for most jars; e.g. {@code linux-x86_64} for a Netty native transport
 */
public record ExtensionJar(String groupId, String artifactId, String classifier, String version, Path file) {

    public ExtensionJar {
        Objects.requireNonNull(groupId, "groupId");
        Objects.requireNonNull(artifactId, "artifactId");
        Objects.requireNonNull(classifier, "classifier");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(file, "file");
    }

    /** {@code groupId:artifactId}, how {@code plugins.json} names a jar. */
    public String groupAndArtifact() {
        return groupId + ":" + artifactId;
    }

    public String coordinates() {
        return groupAndArtifact() + (classifier.isEmpty() ? "" : ":" + classifier) + ":" + version;
    }

    /** The file name, which is also its address in the repository: the jars lie beside the descriptor. */
    public String fileName() {
        return file.getFileName().toString();
    }

    /**
     * The library's key in the descriptor, {@code artifactId>=version}. The Plugins Manager finds an installed
     * library by this name followed by {@code -<digit>} in a jar's file name, and replaces one older than the version
     * after {@code >=} when it upgrades a plugin. A jar with a classifier is keyed {@code artifactId-classifier}, since
     * the keys of one plugin's libraries must differ (Netty ships one native jar per platform).
     */
    public String libraryKey() {
        return artifactId + (classifier.isEmpty() ? "" : "-" + classifier) + ">=" + version;
    }
}
