package io.rpcbench.sampler.dubbo;

import com.google.protobuf.MessageLite;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.dubbo.common.serialize.protobuf.support.ProtobufUtils;

/**
 * The messages a typed call over the dubbo protocol with {@code serialization=protobuf} sends and reads, registered
 * with dubbo-serialization-protobuf, whose reader parses only message classes registered beforehand ("Protobuf
 * classes should be registered in advance before do serialization"). Dubbo's triple stubs do not register them
 * (only its older {@code dubbo} stub generator did), so the consumer does, once per method chosen; the provider must
 * register its own.
 */
final class ProtobufMarshallers {

    private ProtobufMarshallers() {}

    /** Registers the message types among the parameters and the result of {@code method}. */
    static void register(Method method) {
        List<Class<?>> types = new ArrayList<>(Arrays.asList(method.getParameterTypes()));
        types.add(method.getReturnType());
        for (Class<?> type : types) {
            if (MessageLite.class.isAssignableFrom(type)) {
                ProtobufUtils.marshaller(defaultInstance(type));
            }
        }
    }

    private static MessageLite defaultInstance(Class<?> type) {
        try {
            return (MessageLite) type.getMethod("getDefaultInstance").invoke(null);
        } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalArgumentException(type.getName() + " is not a generated protobuf message class", e);
        }
    }
}
