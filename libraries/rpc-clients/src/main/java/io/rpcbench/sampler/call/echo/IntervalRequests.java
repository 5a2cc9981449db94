package io.rpcbench.sampler.call.echo;

import io.rpcbench.echo.PayloadKind;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The echo request of the interval in progress for one {@link SizeChange}, shared by every thread that samples with
 * the same change, payload kind and list count: a request is built once per interval and JVM (a 200 KiB string takes
 * about as long to build as to send, so it is never built per sample or per thread), and the previous interval's is
 * dropped when the next one is built, so a 50-hour run holds one payload, not three hundred.
 *
 * <pre>{@code
 * IntervalRequests requests = IntervalRequests.shared(change, PayloadKind.STRING, 0);
 * EchoRequest request = requests.at(System.currentTimeMillis());
 * }</pre>
 */
public final class IntervalRequests {

    private record Key(SizeChange change, PayloadKind kind, int listCount) {}

    /** One per configuration in this JVM; a run has a handful, so they are kept. */
    private static final Map<Key, IntervalRequests> SHARED = new ConcurrentHashMap<>();

    private final SizeChange change;
    private final PayloadKind kind;
    private final int listCount;
    private volatile Current current;

    private record Current(long interval, EchoRequest request) {}

    IntervalRequests(SizeChange change, PayloadKind kind, int listCount) {
        this.change = change;
        this.kind = kind;
        this.listCount = listCount;
    }

    /** The requests every sampler of this JVM with this configuration shares. */
    public static IntervalRequests shared(SizeChange change, PayloadKind kind, int listCount) {
        return SHARED.computeIfAbsent(new Key(change, kind, listCount),
                key -> new IntervalRequests(key.change(), key.kind(), key.listCount()));
    }

    public SizeChange change() {
        return change;
    }

    /** The request of the interval holding {@code epochMillis}; built by the first thread that asks for it. */
    public EchoRequest at(long epochMillis) {
        long interval = change.intervalAt(epochMillis);
        Current seen = current;
        if (seen != null && seen.interval() == interval) {
            return seen.request(); // the hot path: one volatile read and a compare
        }
        synchronized (this) {
            seen = current;
            if (seen == null || seen.interval() != interval) {
                int size = change.sizeOf(interval);
                EchoRequest request = seen != null && seen.request().sizeBytes() == size ? seen.request()
                        : EchoRequest.of(kind, size, listCount);
                seen = new Current(interval, request);
                current = seen;
            }
            return seen.request();
        }
    }
}
