package io.rpcbench.sampler.jmeter;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.jmeter.samplers.SampleResult;

/**
 * A sample of an RPC call, carrying the endpoint that answered (e.g. {@code dubbo://198.18.0.2:20880}) as text: the
 * URL column of the JTL ({@link #getUrlAsString()}) and the View Results Tree show it.
 *
 * <p>Why not {@link SampleResult#setURL}: {@code java.net.URL} knows no {@code dubbo}, {@code tri} or {@code thrift}
 * scheme. A URL made with a handler of our own works inside one JVM, but a remote engine sends its samples to the
 * controller by Java serialization, and {@code URL.readObject} looks the scheme's handler up in the controller's JVM,
 * finds none and fails the whole batch ("java.io.IOException: unknown protocol: dubbo", measured: the controller's JTL
 * stayed empty). A string crosses; {@link #getURL()} still gives a URL, made on demand with a handler that refuses to
 * open it (it names an endpoint, nothing to fetch).
 *
 * <p>The JTL writer asks every sample for its URL: made anew each time, parsing it cost about 1% of JMeter's CPU in a
 * Dubbo echo run (JFR). A run talks to a handful of endpoints, so the URL of each is made once per JVM and shared
 * (a {@code URL} is immutable); past {@value #MAX_REMEMBERED_URLS} endpoints, further ones are made per call.
 */
public class RpcSampleResult extends SampleResult {

    private static final long serialVersionUID = 1L;

    private static final URLStreamHandler NAMES_ONLY = new URLStreamHandler() {
        @Override
        protected URLConnection openConnection(URL url) throws IOException {
            throw new IOException(url + " names an RPC endpoint; it cannot be opened as a URL");
        }
    };

    /** How many endpoints' URLs are remembered: far more providers than a run calls, and a bound on memory. */
    static final int MAX_REMEMBERED_URLS = 1024;

    /** Each endpoint's URL, or empty when it is not one URL; shared by every sample of this JVM. */
    private static final Map<String, Optional<URL>> URLS = new ConcurrentHashMap<>();

    private String endpoint = "";

    /** Sets the endpoint that answered, {@code scheme://host:port}; null or empty for none. */
    public void setEndpoint(String endpoint) {
        this.endpoint = endpoint == null ? "" : endpoint;
    }

    @Override
    public String getUrlAsString() {
        return endpoint;
    }

    /** The endpoint as a URL that cannot be opened; null when there is none or it is not one URL (several hosts). */
    @Override
    public URL getURL() {
        if (endpoint.isEmpty()) {
            return null;
        }
        Optional<URL> url = URLS.get(endpoint);
        if (url == null) {
            url = url(endpoint);
            if (URLS.size() < MAX_REMEMBERED_URLS) {
                URLS.put(endpoint, url);
            }
        }
        return url.orElse(null);
    }

    private static Optional<URL> url(String endpoint) {
        try {
            return Optional.of(new URL(null, endpoint, NAMES_ONLY));
        } catch (MalformedURLException e) {
            return Optional.empty();
        }
    }
}
