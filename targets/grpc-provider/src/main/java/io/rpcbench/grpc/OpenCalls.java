package io.rpcbench.grpc;

import io.grpc.Attributes;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerTransportFilter;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The server's open calls and connections (HTTP/2 transports), counted as they open and close, each change printed as
 * {@code open calls=N connections=M cancelled=K}: what a test reads to see that a client left nothing open, a stream
 * it cancelled counted as cancelled (the call's {@code onCancel}, an RST_STREAM from the client).
 */
final class OpenCalls implements ServerInterceptor {

    private final PrintStream out;
    private int calls;
    private int connections;
    private int cancelled;

    OpenCalls(PrintStream out) {
        this.out = out;
    }

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
            ServerCallHandler<Q, A> next) {
        ServerCall.Listener<Q> started = next.startCall(call, headers); // counted once started
        change(1, 0, 0);
        AtomicBoolean closed = new AtomicBoolean();
        return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(started) {
            @Override
            public void onComplete() {
                try {
                    super.onComplete();
                } finally {
                    if (closed.compareAndSet(false, true)) {
                        change(-1, 0, 0);
                    }
                }
            }

            @Override
            public void onCancel() {
                try {
                    super.onCancel();
                } finally {
                    if (closed.compareAndSet(false, true)) {
                        change(-1, 0, 1);
                    }
                }
            }
        };
    }

    /** The filter that counts connections. */
    ServerTransportFilter connections() {
        return new ServerTransportFilter() {
            @Override
            public Attributes transportReady(Attributes attributes) {
                change(0, 1, 0);
                return attributes;
            }

            @Override
            public void transportTerminated(Attributes attributes) {
                change(0, -1, 0);
            }
        };
    }

    private synchronized void change(int callsBy, int connectionsBy, int cancelledBy) {
        calls += callsBy;
        connections += connectionsBy;
        cancelled += cancelledBy;
        out.println("open calls=" + calls + " connections=" + connections + " cancelled=" + cancelled);
        out.flush();
    }
}
