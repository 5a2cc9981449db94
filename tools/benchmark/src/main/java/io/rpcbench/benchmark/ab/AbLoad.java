package io.rpcbench.benchmark.ab;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One ApacheBench run: which URL, how many requests, how many at a time, and the body when it is a POST.
 * {@link #seed003(String, int, String)} is the run seed 003 published: {@code ab -c 10 -n N}, no keep-alive (its
 * reports have no "Keep-Alive requests" line, which ab prints with {@code -k}).
 *
 * @param url         {@code http://host:port/path}
 * @param concurrency requests at a time ({@code -c})
 * @param requests    requests in all ({@code -n})
 * @param body        the POST body ({@code -p} file), or null for GET
 * @param contentType the POST body's type ({@code -T}), or null for GET
 * @param keepAlive   whether connections are reused ({@code -k})
 */
public record AbLoad(String url, int concurrency, int requests, String body, String contentType, boolean keepAlive) {

    /** Seed 003: {@code ab -c 10 -n 1000000}. */
    public static final int SEED_CONCURRENCY = 10;

    public AbLoad {
        URI parsed;
        try {
            parsed = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("ab url '" + url + "' is not a URL; expected http://host:port/path", e);
        }
        if (!"http".equals(parsed.getScheme()) || parsed.getHost() == null || parsed.getPath().isEmpty()) {
            // ab itself rejects a URL without a path ("invalid URL") and speaks plain HTTP only.
            throw new IllegalArgumentException("ab url '" + url + "' is not usable; expected http://host:port/path");
        }
        if (concurrency < 1) {
            throw new IllegalArgumentException("ab concurrency " + concurrency + " is out of range; expected 1 or more");
        }
        if (requests < concurrency) {
            // ab refuses it: "Cannot use concurrency level greater than total number of requests".
            throw new IllegalArgumentException("ab requests " + requests + " is out of range; expected at least the"
                    + " concurrency, " + concurrency);
        }
        if ((body == null) != (contentType == null)) {
            throw new IllegalArgumentException("ab body and content type go together; got body "
                    + (body == null ? "none" : body.length() + " chars") + " and content type " + contentType);
        }
    }

    /**
     * Seed 003's run against the provider's echo over HTTP: 10 at a time, no keep-alive, {@code text} POSTed as
     * {@code text/plain} (the echo answers only POST; see provider-app's README).
     *
     * @param echoUrl {@code http://127.0.0.1:<port>/io.rpcbench.echo.EchoService/echo}
     */
    public static AbLoad seed003(String echoUrl, int requests, String text) {
        return new AbLoad(echoUrl, SEED_CONCURRENCY, requests, text, "text/plain", false);
    }

    /** The words after {@code ab}, with the body read from {@code bodyFile} when it is a POST. */
    List<String> arguments(Path bodyFile) {
        List<String> words = new ArrayList<>(List.of("-c", Integer.toString(concurrency),
                "-n", Integer.toString(requests)));
        if (keepAlive) {
            words.add("-k");
        }
        if (body != null) {
            words.addAll(List.of("-p", bodyFile.toString(), "-T", contentType));
        }
        words.add(url);
        return words;
    }
}
