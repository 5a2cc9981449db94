package io.rpcbench.sampler.thrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.echo.EchoService;
import io.rpcbench.echo.PayloadKind;
import io.rpcbench.echo.Person;
import io.rpcbench.provider.DelayedEcho;
import io.rpcbench.provider.thrift.ThriftEndpoint;
import io.rpcbench.sampler.LoopbackProviders;
import io.rpcbench.sampler.call.RunScope;
import io.rpcbench.sampler.call.echo.EchoRequest;
import java.io.DataOutputStream;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.transport.TTransportException;
import org.junit.jupiter.api.Test;

class ThriftEchoClientTest {

    private static final EchoRequest PING = EchoRequest.of(PayloadKind.NONE, 0, 0);

    private static ThriftSettings settings(int port) {
        return new ThriftSettings("127.0.0.1", port, "buffered", "binary", 2000);
    }

    /**
     * Under an open model each arrival is a thread with a client of its own: within a run, a closed client's socket
     * waits for the next one, which calls on it without connecting; the run's end closes it. Outside a run, closing
     * closes the socket.
     */
    @Test
    void aSocketClosedDuringARunServesTheNextClientAndTheRunsEndClosesIt() throws Exception {
        AtomicLong run = new AtomicLong(42);
        LongSupplier before = RunScope.runs();
        RunScope.use(run::get);
        try (ThriftEndpoint server = LoopbackProviders.thrift("buffered", "binary", new DelayedEcho(0))) {
            ThriftSettings settings = settings(server.port());
            try (ThriftEchoClient first = new ThriftEchoClient(settings, PING)) {
                assertThat(first.call()).isNull();
            }
            assertThat(IdleSockets.idle(settings)).as("idle after the first client").isOne();

            try (ThriftEchoClient second = new ThriftEchoClient(settings, PING)) {
                assertThat(IdleSockets.idle(settings)).as("taken by the second client").isZero();
                assertThat(second.connected()).isTrue();
                assertThat(second.call()).isNull();
            }
            assertThat(IdleSockets.idle(settings)).isOne();

            run.set(0); // the run ended
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (IdleSockets.idle(settings) > 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertThat(IdleSockets.idle(settings)).as("idle 5 s after the run's end").isZero();

            try (ThriftEchoClient outside = new ThriftEchoClient(settings, PING)) {
                assertThat(outside.call()).isNull();
            }
            assertThat(IdleSockets.idle(settings)).as("closed at once outside a run").isZero();
        } finally {
            RunScope.use(before);
        }
    }

    @Test
    void theCallNeverConnectsOnlyPrepareDoes() throws Exception {
        int port = LoopbackProviders.freePort();
        try (ThriftEchoClient client = new ThriftEchoClient(settings(port), PING)) {
            assertThatThrownBy(client::prepare).isInstanceOf(TTransportException.class);
            try (ThriftEndpoint server = LoopbackProviders.thrift("buffered", "binary", new DelayedEcho(0), port)) {
                // The provider is up, yet the timed call does not connect: that is prepare's job, outside the timer.
                assertThatThrownBy(client::call).isInstanceOf(TTransportException.class)
                        .hasMessageContaining("not connected");

                client.prepare();
                assertThat(client.call()).isNull();
                assertThat(client.sentBytes()).isPositive();
            }
        }
    }

    @Test
    void anExceptionSentByTheProviderKeepsTheConnection() throws Exception {
        AtomicInteger pings = new AtomicInteger();
        EchoService failsFirstPing = new FirstPingFails(pings);
        try (ThriftEndpoint server = LoopbackProviders.thrift("buffered", "binary", failsFirstPing);
                ThriftEchoClient client = new ThriftEchoClient(settings(server.port()), PING)) {
            assertThatThrownBy(client::call).isInstanceOf(TApplicationException.class);
            assertThat(client.connected()).isTrue();

            assertThat(client.call()).isNull(); // same stream, still in step
            assertThat(pings).hasValue(2);
        }
    }

    @Test
    void aReplyReadOnlyInPartDropsTheConnection() throws Exception {
        // A provider answering with the wrong sequence id: the client throws after reading only the message
        // header, so the rest of the reply is still in the stream and must never be read as the next answer.
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread provider = new Thread(() -> answerWithWrongSequenceId(listener), "wrong-seqid-provider");
            provider.setDaemon(true);
            provider.start();
            try (ThriftEchoClient client = new ThriftEchoClient(settings(listener.getLocalPort()), PING)) {
                assertThatThrownBy(client::call).isInstanceOf(TApplicationException.class)
                        .satisfies(e -> assertThat(((TApplicationException) e).getType())
                                .isEqualTo(TApplicationException.BAD_SEQUENCE_ID));
                assertThat(client.connected()).isFalse();
            }
            provider.join(5000);
        }
    }

    private static void answerWithWrongSequenceId(ServerSocket listener) {
        try (Socket socket = listener.accept()) {
            InputStream in = socket.getInputStream();
            in.read(new byte[1024]); // the ping request; its content does not matter
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            byte[] name = "ping".getBytes(StandardCharsets.UTF_8);
            out.writeInt(0x80010002); // strict binary protocol, message type REPLY
            out.writeInt(name.length);
            out.write(name);
            out.writeInt(99); // the client's first sequence id is 1
            out.writeByte(0); // the result struct's field stop, left unread by the client
            out.flush();
            in.read(); // hold the connection until the client closes it
        } catch (java.io.IOException e) {
            // the test fails on the client's side if this provider could not answer
        }
    }

    /** Echo whose first ping throws, which the Thrift server sends back as a TApplicationException. */
    private static final class FirstPingFails implements EchoService {
        private final EchoService echo = new DelayedEcho(0);
        private final AtomicInteger pings;

        FirstPingFails(AtomicInteger pings) {
            this.pings = pings;
        }

        @Override
        public void ping() {
            if (pings.incrementAndGet() == 1) {
                throw new IllegalStateException("first ping fails");
            }
        }

        @Override
        public String echo(String text) {
            return echo.echo(text);
        }

        @Override
        public Person echoPerson(Person person) {
            return echo.echoPerson(person);
        }

        @Override
        public Map<String, Person> echoPersons(Map<String, Person> persons) {
            return echo.echoPersons(persons);
        }

        @Override
        public List<Person> listPersons(int count, int sizeBytes) {
            return echo.listPersons(count, sizeBytes);
        }
    }
}
