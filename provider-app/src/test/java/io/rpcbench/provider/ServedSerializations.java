package io.rpcbench.provider;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.dubbo.common.constants.CommonConstants;
import org.apache.dubbo.common.extension.Activate;
import org.apache.dubbo.rpc.Constants;
import org.apache.dubbo.rpc.Filter;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcException;

/**
 * A provider filter of the tests' class path (META-INF/dubbo/org.apache.dubbo.rpc.Filter) that records, per service
 * group, the serialization id of the last request the dubbo protocol decoded: the proof of what went over the wire
 * (2 is hessian2, 22 Dubbo's protobuf), where a consumer could silently have fallen back to another serialization.
 */
@Activate(group = CommonConstants.PROVIDER)
public final class ServedSerializations implements Filter {

    private static final Map<String, Byte> BY_GROUP = new ConcurrentHashMap<>();

    @Override
    public Result invoke(Invoker<?> invoker, Invocation invocation) throws RpcException {
        if (invocation.get(Constants.SERIALIZATION_ID_KEY) instanceof Byte id && invoker.getUrl().getGroup() != null) {
            BY_GROUP.put(invoker.getUrl().getGroup(), id);
        }
        return invoker.invoke(invocation);
    }

    /** The serialization id of the last request to a service of {@code group}, or null when none was recorded. */
    static Byte lastOf(String group) {
        return BY_GROUP.get(group);
    }
}
