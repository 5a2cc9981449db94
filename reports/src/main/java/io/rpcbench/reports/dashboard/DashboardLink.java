package io.rpcbench.reports.dashboard;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Turns where a run's JMeter dashboard is into the href the page uses: http(s) URLs stay as they are; a path
 * becomes a URL relative to the dashboard's folder (so both can be moved together), with '/' separators and
 * percent-escapes. Anything else with a scheme (javascript:, data:, ...) is refused: links come from users.
 */
final class DashboardLink {

    private DashboardLink() {}

    static String resolve(String link, Path htmlFolder, String run) {
        String trimmed = link.trim();
        String lower = trimmed.toLowerCase(Locale.ROOT);
        if (lower.startsWith("http://") || lower.startsWith("https://")) {
            try {
                return URI.create(trimmed).toASCIIString();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("run '" + run + "': the JMeter dashboard link '" + link
                        + "' is not a valid URL: " + e.getMessage(), e);
            }
        }
        if (lower.matches("^[a-z][a-z0-9+.-]+:.*") && !lower.matches("^[a-z]:[\\\\/].*")) {
            throw new IllegalArgumentException("run '" + run + "': the JMeter dashboard link '" + link
                    + "' has a scheme other than http or https; expected an http(s) URL or a file path");
        }
        Path path;
        try {
            path = Path.of(trimmed);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("run '" + run + "': the JMeter dashboard link '" + link
                    + "' is neither an http(s) URL nor a file path: " + e.getMessage(), e);
        }
        if (path.isAbsolute() && htmlFolder != null) {
            path = htmlFolder.toAbsolutePath().normalize().relativize(path.normalize());
        }
        if (path.isAbsolute()) {
            return path.toUri().toASCIIString();
        }
        StringBuilder href = new StringBuilder();
        for (Path part : path) {
            if (href.length() > 0) {
                href.append('/');
            }
            href.append(escape(part.toString()));
        }
        return href.toString();
    }

    /** Percent-escapes a path segment's characters that are not URL-safe (spaces, '#', '?', quotes, ...). */
    private static String escape(String segment) {
        try {
            return new URI(null, null, segment, null).getRawPath();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("cannot turn '" + segment + "' into a URL path", e);
        }
    }
}
