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
     * The library's key in the descriptor, {@code artifactId>=version}, for a jar with a classifier
     * {@code artifactId>=version-classifier}. The Plugins Manager reads a key as a library name, up to {@code >=}, and
     * a version of digits, dots and letters (its parser stops at a {@code -}): it finds the installed library by that
     * name followed by {@code -<digit>} in a jar's file name, and replaces one older than the version when it upgrades
     * a plugin. So Netty's native jars, one per platform, have keys that differ yet name the one library
     * ({@code netty-transport-native-epoll}) that their files show, and an installed one is seen as installed.
     */
    public String libraryKey() {
        return artifactId + ">=" + version + (classifier.isEmpty() ? "" : "-" + classifier);
    }
}
