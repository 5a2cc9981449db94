package io.rpcbench.sampler.dubbo;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.constants.CommonConstants;
import org.apache.dubbo.common.extension.Activate;
import org.apache.dubbo.rpc.Filter;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcException;

/**
 * Which provider a Dubbo call went to: a consumer filter (Dubbo's SPI, {@code META-INF/dubbo}) that runs once per
 * provider tried, after the cluster has chosen it, on the calling thread, and notes the provider's URL there. After
 * a call, {@link #take()} gives the provider that answered, or for a failed call the last one tried (failover
 * retries try several). Dubbo itself keeps no trace of it once the call returns: its service context is restored.
 *
 * <p>Cost: one thread-local read and write per call; the text is made only when the provider changes.
 */
@Activate(group = CommonConstants.CONSUMER)
public final class AnsweringProvider implements Filter {

    /** One sampler thread's last provider tried, and the text of the last one taken. */
    private static final class Slot {
        URL tried;
        URL shown;
        String text;
    }

    private static final ThreadLocal<Slot> SLOT = ThreadLocal.withInitial(Slot::new);

    @Override
    public Result invoke(Invoker<?> invoker, Invocation invocation) throws RpcException {
        SLOT.get().tried = invoker.getUrl();
        return invoker.invoke(invocation);
    }

    /**
     * The provider the last call on this thread went to, as {@code protocol://host:port}, and forgets it; null
     * when no provider was tried since the last take (e.g. none was available).
     */
    public static String take() {
        Slot slot = SLOT.get();
        URL tried = slot.tried;
        if (tried == null) {
            return null;
        }
        slot.tried = null;
        if (tried != slot.shown) {
            slot.text = tried.getProtocol() + "://" + host(tried.getHost()) + ":" + tried.getPort();
            slot.shown = tried;
        }
        return slot.text;
    }

    /**
     * Dubbo 3 may hold an IPv4 provider as its IPv4-mapped IPv6 address ({@code [::ffff:127.0.0.1]}): shown as
     * IPv4, as the provider registered it; other IPv6 addresses in brackets. Parses literals only (no lookup).
     */
    static String host(String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (!bare.contains(":")) {
            return bare;
        }
        try {
            String address = InetAddress.getByName(bare).getHostAddress(); // a literal: never a DNS query
            return address.contains(":") ? "[" + address + "]" : address;
        } catch (UnknownHostException e) {
            return host;
        }
    }
}
