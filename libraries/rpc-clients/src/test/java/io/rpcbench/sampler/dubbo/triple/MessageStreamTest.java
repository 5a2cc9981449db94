package io.rpcbench.sampler.dubbo.triple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.user.proto.User;
import java.util.concurrent.TimeoutException;
import org.apache.dubbo.rpc.CancellationContext;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.Test;

class MessageStreamTest {

    @Test
    void aCompletedStreamHasItsMessagesTheirBytesAndTheirJson() throws Exception {
        MessageStream stream = new MessageStream();
        User first = User.newBuilder().setId(30).setName("User 30").build();
        User second = User.newBuilder().setId(31).setName("User 31").build();
        Thread dubbo = new Thread(() -> { // Dubbo's callback thread
            stream.onNext(first);
            stream.onNext(second);
            stream.onCompleted();
        });
        dubbo.start();

        assertThat(stream.await(5000, "tri://127.0.0.1:1")).isSameAs(stream);
        assertThat(stream.count()).isEqualTo(2);
        assertThat(stream.bytes()).isEqualTo(first.getSerializedSize() + second.getSerializedSize());
        assertThat(stream.json()).isEqualTo("[{\"id\":\"30\",\"name\":\"User 30\"},{\"id\":\"31\",\"name\":\"User 31\"}]");
    }

    @Test
    void anEmptyStreamIsAnEmptyArray() throws Exception {
        MessageStream stream = new MessageStream();
        stream.onCompleted();

        assertThat(stream.await(1000, "tri://127.0.0.1:1").json()).isEqualTo("[]");
        assertThat(stream.count()).isZero();
    }

    @Test
    void aStreamThatErrorsThrowsItsError() {
        MessageStream stream = new MessageStream();
        stream.onNext(User.getDefaultInstance());
        RpcException error = new RpcException("UNAVAILABLE : upstream gone");
        stream.onError(error);

        assertThatThrownBy(() -> stream.await(1000, "tri://127.0.0.1:1")).isSameAs(error);
    }

    @Test
    void aStreamThatDoesNotEndInTimeIsATimeoutSayingHowFarItCame() {
        MessageStream stream = new MessageStream();
        stream.onNext(User.getDefaultInstance());

        assertThatThrownBy(() -> stream.await(50, "tri://127.0.0.1:1")).isInstanceOf(TimeoutException.class)
                .hasMessage("the stream from tri://127.0.0.1:1 did not end within 50 ms (timeout_ms); 1 message had come");
    }

    /** A stream that outlives its time is cancelled through the call's cancellation, with the reason. */
    @Test
    void aStreamThatDoesNotEndInTimeIsCancelled() {
        MessageStream stream = new MessageStream();
        CancellationContext cancellation = new CancellationContext();
        stream.setCancellationContext(cancellation);

        assertThatThrownBy(() -> stream.await(20, "tri://127.0.0.1:1")).isInstanceOf(TimeoutException.class);

        assertThat(cancellation.isCancelled()).isTrue();
        assertThat(cancellation.getCancellationCause()).hasMessage("rpcbench cancelled the stream: it did not end "
                + "within timeout_ms");
    }

    /** A stream that has ended is not cancelled afterwards. */
    @Test
    void anEndedStreamIsNotCancelled() throws Exception {
        MessageStream stream = new MessageStream();
        CancellationContext cancellation = new CancellationContext();
        stream.setCancellationContext(cancellation);
        stream.onCompleted();

        stream.await(20, "tri://127.0.0.1:1");
        stream.cancelCall("late");

        assertThat(cancellation.isCancelled()).isFalse();
    }

    /**
     * A stop from another thread (JMeter's) only wakes the waiting sampler thread, which then cancels the call itself
     * and fails as stopped: nothing of Dubbo's is touched from the stopping thread.
     */
    @Test
    void aStopWakesTheWaitAndTheWaitingThreadCancelsTheCall() throws Exception {
        MessageStream stream = new MessageStream();
        CancellationContext cancellation = new CancellationContext();
        stream.setCancellationContext(cancellation);
        Thread stopper = new Thread(() -> stream.stop("JMeter stopped the thread"));

        stopper.start();
        stopper.join();
        assertThat(cancellation.isCancelled()).as("not by the stopping thread").isFalse();

        assertThatThrownBy(() -> stream.await(60_000, "tri://127.0.0.1:1"))
                .isInstanceOf(MessageStream.StoppedStream.class)
                .hasMessage("the stream was stopped: JMeter stopped the thread");
        assertThat(cancellation.isCancelled()).as("by the sampler thread").isTrue();
    }

    /** A stream the provider ended is not cancelled, even when stopped afterwards. */
    @Test
    void aStreamTheProviderEndedIsNotCancelled() throws Exception {
        MessageStream stream = new MessageStream();
        CancellationContext cancellation = new CancellationContext();
        stream.setCancellationContext(cancellation);
        stream.onError(new IllegalStateException("provider's error"));
        stream.stop("late");

        assertThatThrownBy(() -> stream.await(20, "tri://127.0.0.1:1")).hasMessage("provider's error");
        assertThat(cancellation.isCancelled()).isFalse();
    }
}
