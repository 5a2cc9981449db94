package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.rpcbench.echo.EchoService;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;
import org.springframework.remoting.rmi.RmiInvocationHandler;
import org.springframework.remoting.support.RemoteInvocation;

/**
 * {@link RmiSampler} bounded by its {@code timeout_ms}: a registry, or a service, that accepts and never answers fails
 * the sample as {@code timeout} soon after the timeout instead of holding the JMeter thread; an answering service
 * still passes. The servers run in this JVM, on 127.0.0.1 and free ports.
 */
class RmiSamplerTest {

    private static final String NAME = EchoService.class.getName();
    /** Far beyond the 300 ms timeout, far below Java RMI's own one-minute handshake timeout. */
    private static final Duration DEADLINE = Duration.ofSeconds(10);

    @Test
    void sampleFailsAsTimeoutWhenTheRegistryAcceptsAndNeverAnswers() throws Exception {
        try (SilentServer registry = SilentServer.start()) {
            SampleResult result = assertTimeoutPreemptively(DEADLINE, () -> SamplerRun.runOnce(new RmiSampler(),
                    Map.of("host", "127.0.0.1", "port", Integer.toString(registry.port()), "timeout_ms", "300")));

            assertThat(result.isSuccessful()).isFalse();
            assertThat(result.getResponseCode()).as(result.getResponseMessage()).isEqualTo("timeout");
            assertThat(result.getResponseMessage()).contains("rmi://127.0.0.1:" + registry.port(), "300 ms");
        }
    }

    @Test
    void sampleFailsAsTimeoutWhenTheServiceNeverAnswers() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        try (InJvmRegistry registry = InJvmRegistry.serving(invocation -> {
            never.await(); // until the test ends: the provider stopped answering
            return null;
        })) {
            long began = System.nanoTime();
            SampleResult result = assertTimeoutPreemptively(DEADLINE, () -> SamplerRun.runOnce(new RmiSampler(),
                    Map.of("port", Integer.toString(registry.port()), "timeout_ms", "300")));
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);

            assertThat(result.isSuccessful()).isFalse();
            assertThat(result.getResponseCode()).as(result.getResponseMessage()).isEqualTo("timeout");
            assertThat(result.getResponseMessage()).contains("rmi://127.0.0.1:" + registry.port(), "300 ms");
            assertThat(result.getTime()).as("the sample's time, ms").isBetween(290L, 5_000L);
            assertThat(tookMs).as("the whole sample, lookup included, ms").isLessThan(5_000L);
        } finally {
            never.countDown();
        }
    }

    @Test
    void answeringServicePassesWithinTheTimeout() throws Exception {
        try (InJvmRegistry registry = InJvmRegistry.serving(invocation -> invocation.getArguments()[0])) {
            List<SampleResult> results = SamplerRun.run(new RmiSampler(),
                    Map.of("port", Integer.toString(registry.port()), "timeout_ms", "2000", "size_bytes", "64"), 3);

            assertThat(results).hasSize(3).allSatisfy(result -> {
                assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();
                assertThat(result.getUrlAsString()).isEqualTo("rmi://127.0.0.1:" + registry.port());
            });
        }
    }

    /** A TCP server on 127.0.0.1 that accepts every connection, reads what comes and never writes a byte. */
    private static final class SilentServer implements AutoCloseable {
        private final ServerSocket server;
        private final List<Socket> accepted = new CopyOnWriteArrayList<>();
        private final Thread acceptor;

        private SilentServer(ServerSocket server) {
            this.server = server;
            this.acceptor = new Thread(this::acceptForever, "silent-server-" + server.getLocalPort());
            acceptor.setDaemon(true);
            acceptor.start();
        }

        static SilentServer start() throws IOException {
            return new SilentServer(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
        }

        int port() {
            return server.getLocalPort();
        }

        private void acceptForever() {
            try {
                while (true) {
                    Socket socket = server.accept();
                    accepted.add(socket);
                    Thread reader = new Thread(() -> drain(socket), "silent-reader");
                    reader.setDaemon(true);
                    reader.start();
                }
            } catch (IOException closed) {
                // close() closed the server socket: stop accepting
            }
        }

        private static void drain(Socket socket) {
            try (InputStream in = socket.getInputStream()) {
                in.transferTo(java.io.OutputStream.nullOutputStream());
            } catch (IOException closed) {
                // the client or close() closed it
            }
        }

        @Override
        public void close() throws Exception {
            server.close();
            for (Socket socket : accepted) {
                socket.close();
            }
            acceptor.join(5_000);
        }
    }

    /** What the in-JVM service does with a call. */
    private interface Answer {
        Object answer(RemoteInvocation invocation) throws Exception;
    }

    /**
     * An RMI registry of this JVM on a free loopback port holding, under the echo service's name, a Spring
     * {@link RmiInvocationHandler} as Dubbo 2.7's rmi protocol binds one; both unexported on close.
     */
    private static final class InJvmRegistry implements AutoCloseable {
        private final Registry registry;
        private final Remote handler;
        private final int port;

        private InJvmRegistry(Registry registry, Remote handler, int port) {
            this.registry = registry;
            this.handler = handler;
            this.port = port;
        }

        static InJvmRegistry serving(Answer answer) throws Exception {
            LoopbackServerSockets serverSockets = new LoopbackServerSockets();
            Registry registry = LocateRegistry.createRegistry(0, new LoopbackClientSockets(), serverSockets);
            int port = serverSockets.lastPort;
            Handler handler = new Handler(answer);
            RmiInvocationHandler stub = (RmiInvocationHandler) UnicastRemoteObject.exportObject(handler, 0,
                    new LoopbackClientSockets(), serverSockets);
            registry.bind(NAME, stub);
            return new InJvmRegistry(registry, handler, port);
        }

        int port() {
            return port;
        }

        @Override
        public void close() throws Exception {
            UnicastRemoteObject.unexportObject(handler, true);
            UnicastRemoteObject.unexportObject(registry, true);
        }
    }

    private record Handler(Answer answer) implements RmiInvocationHandler {
        @Override
        public String getTargetInterfaceName() {
            return NAME;
        }

        @Override
        public Object invoke(RemoteInvocation invocation) throws java.rmi.RemoteException {
            try {
                return answer.answer(invocation);
            } catch (Exception e) {
                throw new java.rmi.RemoteException("the test's service failed", e);
            }
        }
    }

    /** Server sockets on 127.0.0.1 only; remembers the port of the last one (the registry's, made first). */
    private static final class LoopbackServerSockets implements RMIServerSocketFactory {
        volatile int lastPort;

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            ServerSocket socket = new ServerSocket();
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            lastPort = socket.getLocalPort();
            return socket;
        }
    }

    /** The exported objects' client sockets: to 127.0.0.1 whatever host the stub names. */
    private static final class LoopbackClientSockets implements RMIClientSocketFactory, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return new Socket(InetAddress.getLoopbackAddress(), port);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof LoopbackClientSockets;
        }

        @Override
        public int hashCode() {
            return LoopbackClientSockets.class.hashCode();
        }
    }
}
