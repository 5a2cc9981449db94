package io.rpcbench.sampler.jmeter;

import io.rpcbench.sampler.call.ResponseData;
import java.io.IOException;
import java.io.Serial;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.nio.charset.StandardCharsets;
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
 *
 * <p>Its response data may be given {@linkplain #setResponseDataLater later}: rendered, once, when something first
 * reads it ({@link #getResponseData()}, {@link #getResponseDataAsString()}: a listener, an assertion, an extractor), so
 * a sample nobody reads (JMeter's CSV results leave the data out) never renders its answer. JMeter's own getters read
 * its private field, so both are overridden; a reader on another thread (a Backend Listener's) sees the same data; a
 * later {@code setResponseData} replaces it unrendered (a remote engine's stripping sender does); Java serialization
 * (a remote engine sends its samples so) renders it first, in {@code writeReplace}, since {@code SampleResult}'s fields
 * are written before a subclass's {@code writeObject} could run.
 *
 * <p>Until it is read, a sample with pending data holds the whole answer, not the text cut at
 * {@code response_max_bytes}: a listener that keeps samples unread keeps their answers. JMeter's copy constructor
 * {@code SampleResult(SampleResult)} copies the private field only: a copy made before the data is read has none. A
 * render that fails (what the clients' checks at call time cannot see: a typed result's getter that throws, a cycle
 * through a typed result's objects) does not throw at each read, on a listener's thread where JMeter would only log
 * it: the data becomes, once, the text {@value #RENDER_FAILED} followed by the failure; the sample stays as it was.
 *
 * <p>A sample measured from when its call was due ({@link io.rpcbench.sampler.arrival.DueTime}) is given its start and
 * end ({@link #startAt}, {@link #endAt}) instead of JMeter's {@code sampleStart}/{@code sampleEnd}, which read the
 * clock now: its start is the due time, its elapsed {@code end - start} as JMeter computes it (no idle time, latency
 * left 0 as for every rpcbench sample), and its time stamp whichever of the two {@code sampleresult.timestamp.start}
 * picks.
 *
 * <p>In XML results ({@code jmeter.save.saveservice.output_format=xml}) it is written as a plain {@code <sample>},
 * without its URL ({@link RpcSampleXml} says why and how); the data is rendered then if the XML keeps it.
 */
public class RpcSampleResult extends SampleResult {

    private static final long serialVersionUID = 1L;

    private static final URLStreamHandler NAMES_ONLY = new URLStreamHandler() {
        @Override
        protected URLConnection openConnection(URL url) throws IOException {
            throw new IOException(url + " names an RPC endpoint; it cannot be opened as a URL");
        }
    };

    /** The start of the data of a sample whose pending data could not be rendered, followed by the failure. */
    public static final String RENDER_FAILED = "the response could not be rendered as JSON: ";

    /** How many endpoints' URLs are remembered: far more providers than a run calls, and a bound on memory. */
    static final int MAX_REMEMBERED_URLS = 1024;

    /** Each endpoint's URL, or empty when it is not one URL; shared by every sample of this JVM. */
    private static final Map<String, Optional<URL>> URLS = new ConcurrentHashMap<>();

    private String endpoint = "";
    /** The response data still to be rendered, or null. Not serialized: rendered before (see writeReplace). */
    private transient volatile ResponseData later;

    /** A sample with no endpoint; makes sure XML results can hold it (see {@link RpcSampleXml}). */
    public RpcSampleResult() {
        RpcSampleXml.register();
    }

    /**
     * Starts this sample at {@code startMillis} (wall-clock ms) rather than now: when its call was due. Instead of
     * {@code sampleStart()}, once, followed by {@link #endAt}.
     */
    void startAt(long startMillis) {
        setStartTime(startMillis);
    }

    /** Ends this sample at {@code endMillis} (wall-clock ms): its elapsed is then {@code endMillis} - its start. */
    void endAt(long endMillis) {
        setEndTime(endMillis);
    }

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

    /**
     * Sets the response data to the UTF-8 bytes of {@code text}, rendered when first read, and the data encoding to
     * UTF-8.
     */
    public void setResponseDataLater(ResponseData text) {
        synchronized (this) {
            super.setResponseData((byte[]) null); // JMeter's empty data until it is rendered
            setDataEncoding(StandardCharsets.UTF_8.name());
            later = text;
        }
    }

    /** Whether the response data is still to be rendered: given {@linkplain #setResponseDataLater later}, not read. */
    boolean responseDataPending() {
        return later != null;
    }

    @Override
    public byte[] getResponseData() {
        renderPending();
        return super.getResponseData();
    }

    @Override
    public String getResponseDataAsString() {
        renderPending();
        return super.getResponseDataAsString();
    }

    @Override
    public void setResponseData(byte[] response) {
        synchronized (this) {
            super.setResponseData(response);
            later = null; // after the new data, as in renderPending
        }
    }

    @Override
    public void setResponseData(String response, String encoding) {
        synchronized (this) {
            super.setResponseData(response, encoding);
            later = null; // after the new data, as in renderPending
        }
    }

    @Deprecated
    @Override
    public void setResponseData(String response) {
        synchronized (this) {
            super.setResponseData(response);
            later = null; // after the new data, as in renderPending
        }
    }

    /**
     * Renders the pending data, outside the lock (the text renders once however many threads ask), and keeps its bytes
     * unless the data was set anew meanwhile; a failure to render is kept as the text {@value #RENDER_FAILED} and the
     * failure. {@code later} is cleared after the bytes are set, so a reader that sees it null sees them too.
     */
    private void renderPending() {
        ResponseData pending = later;
        if (pending == null) {
            return;
        }
        String text;
        try {
            text = pending.text();
        } catch (RuntimeException e) {
            text = RENDER_FAILED + e;
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        synchronized (this) {
            if (later == pending) {
                super.setResponseData(bytes);
                later = null;
            }
        }
    }

    /** Java serialization writes SampleResult's fields, the data among them, before any method of ours could run. */
    @Serial
    private Object writeReplace() {
        renderPending();
        return this;
    }

    /** A sample a remote engine sent (made without the constructor): XML results on this side can hold it too. */
    @Serial
    private Object readResolve() {
        RpcSampleXml.register();
        return this;
    }

    private static Optional<URL> url(String endpoint) {
        try {
            return Optional.of(new URL(null, endpoint, NAMES_ONLY));
        } catch (MalformedURLException e) {
            return Optional.empty();
        }
    }
}
