package io.rpcbench.sampler.grpc;

import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * grpc-java's channels to the servers the samplers call, one per server shared by every thread that calls it (as a
 * gRPC client shares one: its calls are HTTP/2 streams over one connection), made by the first thread and shut down
 * when the last one lets it go. Its callbacks run on the transport's own threads ({@code directExecutor}, as grpc-java's
 * benchmarks run its client): the samplers' callbacks only take a message's time and keep it, and a hand-off to a
 * thread pool for each message would be the client's cost, not the server's.
 */
final class GrpcChannels {

    private static final Map<String, Shared> SHARED = new HashMap<>();

    private GrpcChannels() {}

    private static final class Shared {
        final ManagedChannel channel;
        int users;

        Shared(ManagedChannel channel) {
            this.channel = channel;
        }
    }

    /** The channel to {@code host:port}, plaintext HTTP/2; {@link #release} once for each call. */
    static synchronized ManagedChannel acquire(String host, int port) {
        Shared shared = SHARED.computeIfAbsent(host + ":" + port, target -> new Shared(
                Grpc.newChannelBuilderForAddress(host, port, InsecureChannelCredentials.create())
                        .directExecutor().build()));
        shared.users++;
        return shared.channel;
    }

    /** Gives back one {@link #acquire}; the last shuts the channel down, its calls cancelled. */
    static void release(String host, int port) {
        ManagedChannel closing = null;
        synchronized (GrpcChannels.class) {
            Shared shared = SHARED.get(host + ":" + port);
            if (shared != null && --shared.users == 0) {
                SHARED.remove(host + ":" + port);
                closing = shared.channel;
            }
        }
        if (closing != null) {
            closing.shutdownNow();
            try {
                closing.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
