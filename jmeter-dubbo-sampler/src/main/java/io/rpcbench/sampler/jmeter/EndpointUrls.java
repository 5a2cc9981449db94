package io.rpcbench.sampler.jmeter;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLStreamHandler;

/**
 * Endpoints such as {@code dubbo://127.0.0.1:20880} as the {@link URL} a JMeter sample carries (its URL column in
 * the JTL, and the View Results Tree). {@code java.net.URL} knows no {@code dubbo}, {@code tri} or {@code thrift}
 * scheme, so these URLs get a handler of their own, which parses them and refuses to open them: they name an
 * endpoint, nothing to fetch.
 *
 * <p>One per sampler thread: it keeps the last URL made, since a thread's calls mostly go to the same endpoint.
 */
final class EndpointUrls {

    private static final URLStreamHandler NAMES_ONLY = new URLStreamHandler() {
        @Override
        protected URLConnection openConnection(URL url) throws IOException {
            throw new IOException(url + " names an RPC endpoint; it cannot be opened as a URL");
        }
    };

    private String lastEndpoint;
    private URL lastUrl;

    /** The URL of {@code endpoint} ({@code scheme://host:port}), or null when it is not one. */
    URL url(String endpoint) {
        if (endpoint == null) {
            return null;
        }
        if (!endpoint.equals(lastEndpoint)) {
            try {
                lastUrl = new URL(null, endpoint, NAMES_ONLY);
            } catch (MalformedURLException e) {
                lastUrl = null; // e.g. a registry address with several hosts: the sample simply has no URL
            }
            lastEndpoint = endpoint;
        }
        return lastUrl;
    }
}
