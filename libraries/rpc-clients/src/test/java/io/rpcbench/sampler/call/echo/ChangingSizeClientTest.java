package io.rpcbench.sampler.call.echo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.echo.PayloadKind;
import io.rpcbench.sampler.call.RpcClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ChangingSizeClientTest {

    private static final SizeChange EVERY_10_S = new SizeChange(20, 204_800, 10, 1);
    private static final long START = 1_767_225_600_000L; // the start of an interval

    private final AtomicLong clock = new AtomicLong(START);
    private final List<FakeClient> opened = new ArrayList<>();

    @Test
    void sendsTheSizeOfTheIntervalAndSwitchesAtItsBoundary() throws Exception {
        IntervalRequests requests = new IntervalRequests(EVERY_10_S, PayloadKind.STRING, 0);
        ChangingSizeClient client = new ChangingSizeClient(requests, clock::get, this::open);

        sample(client);
        clock.set(START + 9_999);
        sample(client);
        clock.set(START + 10_000);
        sample(client);

        int first = EVERY_10_S.sizeAt(START);
        int second = EVERY_10_S.sizeAt(START + 10_000);
        assertThat(first).isNotEqualTo(second);
        assertThat(opened).extracting(c -> c.request.sizeBytes()).containsExactly(first, second);
        assertThat(opened.get(0).calls).isEqualTo(2);
        assertThat(opened.get(0).closed).as("the first interval's client, closed once the next was open").isTrue();
        assertThat(opened.get(1).calls).isEqualTo(1);
        assertThat(client.summary()).isEqualTo("echo string " + second + " bytes");
        assertThat(client.sentBytes()).isEqualTo(second);
        assertThat(((String) client.request().argument())).hasSize(second);
    }

    @Test
    void threadsShareOneRequestPerInterval() {
        IntervalRequests requests = new IntervalRequests(EVERY_10_S, PayloadKind.STRING, 0);

        EchoRequest a = requests.at(START + 1);
        EchoRequest b = requests.at(START + 9_000);
        EchoRequest next = requests.at(START + 10_000);

        assertThat(b).isSameAs(a);
        assertThat(next).isNotSameAs(a);
        assertThat(next.sizeBytes()).isEqualTo(EVERY_10_S.sizeAt(START + 10_000));
        assertThat(IntervalRequests.shared(EVERY_10_S, PayloadKind.STRING, 0))
                .isSameAs(IntervalRequests.shared(new SizeChange(20, 204_800, 10, 1), PayloadKind.STRING, 0));
    }

    @Test
    void aClientThatCannotBeOpenedFailsTheSampleAndIsTriedAgain() throws Exception {
        IntervalRequests requests = new IntervalRequests(EVERY_10_S, PayloadKind.STRING, 0);
        ChangingSizeClient client = new ChangingSizeClient(requests, clock::get, this::open);
        clock.set(START + 10_000);
        failNextOpen = true;

        client.bind(null);
        assertThatThrownBy(client::prepare).hasMessage("no consumer");
        client.bind(null);
        client.prepare();

        assertThat(opened).hasSize(2);
        assertThat(opened.get(0).closed).isTrue();
    }

    @Test
    void closeClosesTheClientInUse() {
        ChangingSizeClient client = new ChangingSizeClient(new IntervalRequests(EVERY_10_S, PayloadKind.PERSON, 0),
                clock::get, this::open);
        client.close();
        assertThat(opened).singleElement().satisfies(c -> assertThat(c.closed).isTrue());
    }

    @Test
    void theClientInUseExplainsAFailedCall() {
        ChangingSizeClient client = new ChangingSizeClient(new IntervalRequests(EVERY_10_S, PayloadKind.STRING, 0),
                clock::get, this::open);
        IllegalStateException failure = new IllegalStateException("No provider available");

        assertThatThrownBy(() -> client.explain(failure)).hasMessage("why: No provider available");
    }

    private boolean failNextOpen;

    private RpcClient open(EchoRequest request) {
        if (failNextOpen) {
            failNextOpen = false;
            throw new IllegalStateException("no consumer");
        }
        FakeClient client = new FakeClient(request);
        opened.add(client);
        return client;
    }

    private static void sample(ChangingSizeClient client) throws Exception {
        client.bind(null);
        client.prepare();
        assertThat(client.mismatch(client.call())).isNull();
    }

    /** Echoes its request's argument and counts its calls. */
    private static final class FakeClient implements RpcClient {
        final EchoRequest request;
        int calls;
        boolean closed;

        FakeClient(EchoRequest request) {
            this.request = request;
        }

        @Override
        public Object call() {
            calls++;
            return request.argument();
        }

        /** Says why, as a Dubbo client's registry does. */
        @Override
        public void explain(Throwable failure) {
            throw new IllegalStateException("why: " + failure.getMessage());
        }

        @Override
        public String mismatch(Object response) {
            return request.mismatch(response);
        }

        @Override
        public long sentBytes() {
            return request.payloadBytes();
        }

        @Override
        public long receivedBytes(Object response) {
            return request.responseBytes();
        }

        @Override
        public String answeredBy() {
            return "fake://127.0.0.1:1";
        }

        @Override
        public String target() {
            return "fake";
        }

        @Override
        public boolean interrupt() {
            return false;
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
