package io.rpcbench.sampler.call;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.echo.PayloadKind;
import io.rpcbench.sampler.call.echo.EchoRequest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimedCallTest {

    private static final long CALL_MS = 20;
    private static final long SLOW_MS = 300;

    private final List<String> events = new ArrayList<>();
    private final TimedCall.Stopwatch stopwatch = new TimedCall.Stopwatch() {
        @Override
        public void start() {
            events.add("start");
        }

        @Override
        public void stop() {
            events.add("stop");
        }
    };

    @Test
    void timerCoversTheCallOnlyAndTheCheckComesAfter() {
        EchoRequest request = EchoRequest.of(PayloadKind.STRING, 10, 0);
        CallOutcome outcome = TimedCall.run(new FakeClient(request, () -> request.expected()), "s", stopwatch);

        assertThat(events).containsExactly("prepare", "start", "call", "stop", "mismatch", "bytes");
        assertThat(outcome.successful()).isTrue();
        assertThat(outcome.responseCode()).isEqualTo("OK");
        assertThat(outcome.receivedBytes()).isEqualTo(10);
    }

    @Test
    void anErrorThrownByTheCallIsAFailedOutcome() {
        EchoRequest request = EchoRequest.of(PayloadKind.NONE, 0, 0);
        CallOutcome outcome = TimedCall.run(new FakeClient(request, () -> {
            throw new OutOfMemoryError("simulated");
        }), "s", stopwatch);

        assertThat(events).containsExactly("prepare", "start", "call", "stop", "explain");
        assertThat(outcome.successful()).isFalse();
        assertThat(outcome.responseCode()).isEqualTo("remote-exception");
        assertThat(outcome.message()).contains("simulated").contains("fake://target");
    }

    @Test
    void aFailedCallIsExplainedAfterTheTimerAndTheSampleReportsTheExplanation() {
        EchoRequest request = EchoRequest.of(PayloadKind.NONE, 0, 0);
        FakeClient client = new FakeClient(request, () -> {
            Thread.sleep(CALL_MS);
            throw new IllegalStateException("No provider available");
        });
        client.explanation = new java.net.ConnectException("no provider of the echo in the registry now");
        client.slowMs = SLOW_MS; // the explanation's read, outside the call

        CallOutcome outcome = TimedCall.run(client, "s", stopwatch);

        assertThat(events).containsExactly("prepare", "start", "call", "stop", "explain");
        assertThat(outcome.responseCode()).isEqualTo("connection");
        assertThat(outcome.message()).contains("no provider of the echo in the registry now");
        assertThat(outcome.elapsedMicros()).isGreaterThanOrEqualTo(CALL_MS * 1000)
                .isLessThan((CALL_MS + SLOW_MS) * 1000);
    }

    @Test
    void aFailedPrepareIsAnEmptyFailedSampleWithoutACall() {
        EchoRequest request = EchoRequest.of(PayloadKind.NONE, 0, 0);
        FakeClient client = new FakeClient(request, () -> "never");
        client.prepareFailure = new java.net.ConnectException("Connection refused");

        CallOutcome outcome = TimedCall.run(client, "s", stopwatch);

        assertThat(events).containsExactly("prepare", "start", "stop");
        assertThat(outcome.successful()).isFalse();
        assertThat(outcome.responseCode()).isEqualTo("connection");
        assertThat(outcome.message()).contains("Connection refused").contains("fake://target");
    }

    @Test
    void interruptedCallIsStoppedNotTheProvidersFailureAndRestoresTheInterruptFlag() {
        EchoRequest request = EchoRequest.of(PayloadKind.NONE, 0, 0);
        try {
            CallOutcome outcome = TimedCall.run(new FakeClient(request, () -> {
                throw new InterruptedException();
            }), "s", stopwatch);

            assertThat(Thread.currentThread().isInterrupted()).isTrue();
            assertThat(outcome.responseCode()).isEqualTo("stopped");
            assertThat(outcome.message()).contains("JMeter stopped this thread").contains("InterruptedException");
        } finally {
            Thread.interrupted(); // clear it for the next test
        }
    }

    @Test
    void wrongResponseNamesBothSizes() {
        EchoRequest request = EchoRequest.of(PayloadKind.STRING, 10, 0);
        CallOutcome outcome = TimedCall.run(new FakeClient(request, () -> "short"), "s", stopwatch);

        assertThat(outcome.responseCode()).isEqualTo("wrong-response");
        assertThat(outcome.message()).contains("expected a string of 10 bytes but the response was a string of 5 bytes");
    }

    @Test
    void aResponseThatCannotBeWrittenAsDataIsAFailedSampleWithItsTime() {
        EchoRequest request = EchoRequest.of(PayloadKind.STRING, 10, 0);
        FakeClient client = new FakeClient(request, () -> request.expected());
        client.renderFailure = new IllegalStateException("the result is not writable as JSON: no serializer");

        CallOutcome outcome = TimedCall.run(client, "s", stopwatch);

        assertThat(events).containsExactly("prepare", "start", "call", "stop", "mismatch");
        assertThat(outcome.successful()).isFalse();
        assertThat(outcome.responseCode()).isEqualTo("serialization");
        assertThat(outcome.message()).isEqualTo("serialization calling fake://target: the response could not be written"
                + " as the sample's response data: the result is not writable as JSON: no serializer");
    }

    @Test
    void theElapsedMicrosCoverTheCallAloneNotItsPreparationOrCheck() {
        EchoRequest request = EchoRequest.of(PayloadKind.STRING, 10, 0);
        FakeClient client = new FakeClient(request, () -> {
            Thread.sleep(CALL_MS); // the call's known minimum time
            return request.expected();
        });
        client.slowMs = SLOW_MS; // prepare, the check and the rendering each take this long, outside the call

        CallOutcome outcome = TimedCall.run(client, "s", stopwatch);

        assertThat(outcome.successful()).isTrue();
        assertThat(outcome.elapsedMicros()).isGreaterThanOrEqualTo(CALL_MS * 1000)
                .isLessThan((CALL_MS + SLOW_MS) * 1000);
    }

    @Test
    void aFailedCallHasItsTimeAndNoCallHasNone() {
        EchoRequest request = EchoRequest.of(PayloadKind.NONE, 0, 0);
        CallOutcome failedCall = TimedCall.run(new FakeClient(request, () -> {
            Thread.sleep(CALL_MS);
            throw new java.net.SocketException("Connection reset");
        }), "s", stopwatch);
        FakeClient down = new FakeClient(request, () -> "never");
        down.prepareFailure = new java.net.ConnectException("Connection refused");

        assertThat(failedCall.responseCode()).isEqualTo("connection");
        assertThat(failedCall.elapsedMicros()).isGreaterThanOrEqualTo(CALL_MS * 1000);
        assertThat(TimedCall.run(down, "s", stopwatch).elapsedMicros()).isZero();
        assertThat(TimedCall.refused(BadParameterException.of("size_bytes", "x", "is not a number", "an integer"),
                stopwatch).elapsedMicros()).isZero();
    }

    @Test
    void aCallFasterThanAMicrosecondStillCountsOne() {
        assertThat(TimedCall.micros(999)).isEqualTo(1);
        assertThat(TimedCall.micros(0)).isEqualTo(1);
        assertThat(TimedCall.micros(1_999)).isEqualTo(1);
        assertThat(TimedCall.micros(2_000)).isEqualTo(2);
    }

    private interface Response {
        Object get() throws Exception;
    }

    private final class FakeClient implements RpcClient {
        private final EchoRequest request;
        private final Response response;
        Exception prepareFailure;
        Exception explanation;
        RuntimeException renderFailure;
        long slowMs;

        FakeClient(EchoRequest request, Response response) {
            this.request = request;
            this.response = response;
        }

        @Override
        public void prepare() throws Exception {
            events.add("prepare");
            pause();
            if (prepareFailure != null) {
                throw prepareFailure;
            }
        }

        @Override
        public boolean interrupt() {
            return false;
        }

        @Override
        public Object call() throws Exception {
            events.add("call");
            return response.get();
        }

        @Override
        public void explain(Throwable failure) throws Exception {
            events.add("explain");
            pause();
            if (explanation != null) {
                throw explanation;
            }
        }

        @Override
        public String mismatch(Object actual) {
            events.add("mismatch");
            pause();
            return request.mismatch(actual);
        }

        @Override
        public ResponseData responseText(Object actual) {
            pause();
            if (renderFailure != null) {
                throw renderFailure;
            }
            return ResponseData.of(String.valueOf(actual));
        }

        @Override
        public long sentBytes() {
            return request.payloadBytes();
        }

        @Override
        public long receivedBytes(Object actual) {
            events.add("bytes");
            return request.responseBytes();
        }

        @Override
        public String answeredBy() {
            return "fake://127.0.0.1:1";
        }

        @Override
        public String target() {
            return "fake://target";
        }

        @Override
        public void close() {
            events.add("close");
        }

        private void pause() {
            if (slowMs > 0) {
                try {
                    Thread.sleep(slowMs); // stands for work that must stay outside the call's time
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
        }
    }
}
