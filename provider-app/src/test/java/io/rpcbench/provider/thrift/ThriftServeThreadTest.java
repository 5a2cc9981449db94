package io.rpcbench.provider.thrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.thrift.server.TServer;
import org.junit.jupiter.api.Test;

class ThriftServeThreadTest {

    private static final long DEADLINE_MS = 10_000;

    @Test
    void aServerServingIsReturnedItsThreadRunning() throws Exception {
        FakeServer server = new FakeServer(Ending.SERVES_UNTIL_STOPPED);

        Thread thread = ThriftServeThread.start(server, "test-serve", "the test server", DEADLINE_MS);

        assertThat(server.isServing()).isTrue();
        assertThat(thread.isAlive()).isTrue();
        assertThat(thread.getName()).isEqualTo("test-serve");
        server.stop();
        thread.join(DEADLINE_MS);
        assertThat(thread.isAlive()).as("ended by stop()").isFalse();
    }

    /** As Thrift's servers do when their socket cannot listen: they log it and return from serve(). */
    @Test
    void aServeThatReturnsBeforeServingIsSaidSoAtOnce() {
        FakeServer server = new FakeServer(Ending.RETURNS);
        long start = System.nanoTime();

        Throwable failure = catchThrowable(() -> ThriftServeThread.start(server, "test-serve", "the test server",
                DEADLINE_MS));

        assertThat(failure).isInstanceOf(IllegalStateException.class).hasNoCause().hasMessage("the test server stopped "
                + "before serving: its serve() returned, as when its socket cannot listen (Thrift logs why)");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("not the whole deadline")
                .isLessThan(Duration.ofMillis(DEADLINE_MS / 2));
        assertThat(server.stopped).as("stopped").isTrue();
    }

    @Test
    void aServeThatThrowsBeforeServingIsSaidSoWithWhatItThrew() {
        FakeServer server = new FakeServer(Ending.THROWS);

        Throwable failure = catchThrowable(() -> ThriftServeThread.start(server, "test-serve", "the test server",
                DEADLINE_MS));

        assertThat(failure).isInstanceOf(IllegalStateException.class).hasMessage("the test server stopped before "
                + "serving: its serve() threw java.lang.IllegalStateException: no socket to listen on")
                .cause().isSameAs(server.thrown);
        assertThat(server.stopped).as("stopped").isTrue();
    }

    private enum Ending { SERVES_UNTIL_STOPPED, RETURNS, THROWS }

    /** A server whose serve() ends as told, without a socket. */
    private static final class FakeServer extends TServer {
        final Ending ending;
        final IllegalStateException thrown = new IllegalStateException("no socket to listen on");
        final CountDownLatch stop = new CountDownLatch(1);
        volatile boolean stopped;

        FakeServer(Ending ending) {
            super(new TServer.Args(null));
            this.ending = ending;
        }

        @Override
        public void serve() {
            switch (ending) {
                case RETURNS -> { }
                case THROWS -> throw thrown;
                case SERVES_UNTIL_STOPPED -> {
                    setServing(true);
                    try {
                        stop.await(DEADLINE_MS, TimeUnit.MILLISECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    setServing(false);
                }
            }
        }

        @Override
        public void stop() {
            stopped = true;
            stop.countDown();
        }
    }
}
