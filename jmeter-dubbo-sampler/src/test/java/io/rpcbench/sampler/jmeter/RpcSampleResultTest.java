package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.sampler.call.ResponseData;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;

class RpcSampleResultTest {

    @Test
    void rpcEndpointsAreTheSampleUrlAsWritten() {
        for (String endpoint : new String[] {"dubbo://127.0.0.1:20880", "tri://127.0.0.1:50051",
            "thrift://127.0.0.1:9090", "zookeeper://127.0.0.1:2181"}) {
            RpcSampleResult result = new RpcSampleResult();
            result.setEndpoint(endpoint);
            assertThat(result.getUrlAsString()).isEqualTo(endpoint);
        }
        RpcSampleResult result = new RpcSampleResult();
        result.setEndpoint("dubbo://198.18.0.2:20880");
        assertThat(result.getURL().getHost()).isEqualTo("198.18.0.2");
        assertThat(result.getURL().getPort()).isEqualTo(20880);
    }

    /** The JTL writer asks each sample for its URL: the samples of one endpoint share one, made once. */
    @Test
    void samplesOfOneEndpointShareOneUrl() {
        RpcSampleResult first = new RpcSampleResult();
        first.setEndpoint("thrift://127.0.0.1:19090");
        RpcSampleResult second = new RpcSampleResult();
        second.setEndpoint("thrift://127.0.0.1:19090");
        RpcSampleResult other = new RpcSampleResult();
        other.setEndpoint("thrift://127.0.0.1:19091");

        assertThat(second.getURL()).isSameAs(first.getURL());
        assertThat(other.getURL().getPort()).isEqualTo(19091);
        assertThat(second.getURL().getPort()).isEqualTo(19090);
    }

    @Test
    void noEndpointIsAnEmptyUrlColumn() {
        RpcSampleResult result = new RpcSampleResult();
        result.setEndpoint(null);
        assertThat(result.getUrlAsString()).isEmpty();
        assertThat(result.getURL()).isNull();
        result.setEndpoint("zookeeper://127.0.0.1:2181,127.0.0.1:2182"); // several hosts: text only
        assertThat(result.getUrlAsString()).isEqualTo("zookeeper://127.0.0.1:2181,127.0.0.1:2182");
    }

    @Test
    void anEndpointUrlCannotBeOpened() {
        RpcSampleResult result = new RpcSampleResult();
        result.setEndpoint("thrift://127.0.0.1:9090");
        assertThatThrownBy(() -> result.getURL().openConnection()).isInstanceOf(IOException.class)
                .hasMessage("thrift://127.0.0.1:9090 names an RPC endpoint; it cannot be opened as a URL");
    }

    /** What a remote engine does with every sample: Java serialization to the controller, whose JVM has no handler. */
    @Test
    void theEndpointCrossesJavaSerializationAsARemoteEngineSendsIt() throws Exception {
        RpcSampleResult result = new RpcSampleResult();
        result.setEndpoint("dubbo://198.18.0.3:20880");
        result.setSampleLabel("dubbo-echo-1k");
        SampleResult received = (SampleResult) roundTrip(result);
        assertThat(received.getUrlAsString()).isEqualTo("dubbo://198.18.0.3:20880");
        assertThat(received.getSampleLabel()).isEqualTo("dubbo-echo-1k");
    }

    /** Why the endpoint is no java.net.URL: one with a scheme this JVM has no handler for does not come back. */
    @Test
    void aUrlWithAnRpcSchemeDoesNotCrossJavaSerialization() throws Exception {
        SampleResult result = new SampleResult();
        result.setURL(new URL(null, "dubbo://198.18.0.3:20880", new URLStreamHandler() {
            @Override
            protected URLConnection openConnection(URL url) {
                throw new UnsupportedOperationException();
            }
        }));
        assertThatThrownBy(() -> roundTrip(result)).isInstanceOf(IOException.class)
                .hasMessageContaining("unknown protocol: dubbo");
    }

    @Test
    void dataGivenLaterIsRenderedOnceAndOnlyWhenRead() {
        AtomicInteger renders = new AtomicInteger();
        RpcSampleResult result = new RpcSampleResult();
        result.setResponseDataLater(ResponseData.later(() -> {
            renders.incrementAndGet();
            return "{\"name\":\"Zoë\"}";
        }));
        result.setBodySize(14L);

        assertThat(result.getBytesAsLong()).isEqualTo(14); // what the CSV results read: no rendering
        assertThat(result.getDataEncodingWithDefault()).isEqualTo("UTF-8");
        assertThat(renders).hasValue(0);
        assertThat(result.getResponseDataAsString()).isEqualTo("{\"name\":\"Zoë\"}");
        assertThat(result.getResponseData()).isEqualTo("{\"name\":\"Zoë\"}".getBytes(StandardCharsets.UTF_8));
        assertThat(result.getResponseDataAsString()).isEqualTo("{\"name\":\"Zoë\"}");
        assertThat(renders).hasValue(1);
    }

    @Test
    void concurrentReadersSeeTheSameDataRenderedOnce() throws Exception {
        int readers = 8;
        AtomicInteger renders = new AtomicInteger();
        CountDownLatch asking = new CountDownLatch(readers);
        RpcSampleResult result = new RpcSampleResult();
        result.setResponseDataLater(ResponseData.later(() -> {
            renders.incrementAndGet();
            try {
                asking.await(10, TimeUnit.SECONDS); // the first reader renders while the others ask
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "[1,2,3]";
        }));
        ExecutorService threads = Executors.newFixedThreadPool(readers);
        try {
            List<Future<String>> reads = new ArrayList<>();
            for (int i = 0; i < readers; i++) {
                boolean asText = i % 2 == 0;
                reads.add(threads.submit(() -> {
                    asking.countDown();
                    return asText ? result.getResponseDataAsString()
                            : new String(result.getResponseData(), StandardCharsets.UTF_8);
                }));
            }
            for (Future<String> read : reads) {
                assertThat(read.get(10, TimeUnit.SECONDS)).isEqualTo("[1,2,3]");
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(renders).hasValue(1);
    }

    @Test
    void dataSetAfterwardsReplacesTheDataGivenLaterUnrendered() {
        AtomicInteger renders = new AtomicInteger();
        RpcSampleResult result = new RpcSampleResult();
        result.setResponseDataLater(ResponseData.later(() -> {
            renders.incrementAndGet();
            return "rendered";
        }));

        result.setResponseData(new byte[0]); // what a remote engine's stripping sender does to a passing sample

        assertThat(result.getResponseData()).isEmpty();
        assertThat(result.getResponseDataAsString()).isEmpty();
        assertThat(renders).hasValue(0);
        result.setResponseData("set", "UTF-8");
        assertThat(result.getResponseDataAsString()).isEqualTo("set");
    }

    /** A listener reading the data gets, once, a text naming the failure instead of an exception on every read. */
    @Test
    void dataThatCannotBeRenderedBecomesATextNamingTheFailureOnce() {
        AtomicInteger renders = new AtomicInteger();
        RpcSampleResult result = new RpcSampleResult();
        result.setResponseDataLater(ResponseData.later(() -> {
            renders.incrementAndGet();
            throw new IllegalArgumentException("Timestamp is not valid");
        }));

        String text = result.getResponseDataAsString();

        assertThat(text).isEqualTo("the response could not be rendered as JSON: "
                + "java.lang.IllegalArgumentException: Timestamp is not valid")
                .startsWith(RpcSampleResult.RENDER_FAILED);
        assertThat(result.getResponseData()).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
        assertThat(result.getResponseDataAsString()).isEqualTo(text);
        assertThat(result.responseDataPending()).isFalse();
        assertThat(renders).hasValue(1);
    }

    /** A remote engine sends each sample to the controller by Java serialization: the data must go with it. */
    @Test
    void dataGivenLaterCrossesJavaSerialization() throws Exception {
        RpcSampleResult result = new RpcSampleResult();
        result.setEndpoint("tri://198.18.0.3:50051");
        result.setResponseDataLater(ResponseData.later(() -> "{\"users\":[]}"));

        SampleResult received = (SampleResult) roundTrip(result);

        assertThat(received.getResponseDataAsString()).isEqualTo("{\"users\":[]}");
        assertThat(received.getResponseData()).isEqualTo("{\"users\":[]}".getBytes(StandardCharsets.UTF_8));
        assertThat(received.getUrlAsString()).isEqualTo("tri://198.18.0.3:50051");
    }

    private static Object roundTrip(Object value) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }
}
