package io.rpcbench.sampler.rmi;

import io.rpcbench.echo.EchoService;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import org.springframework.remoting.rmi.RmiInvocationHandler;
import org.springframework.remoting.support.RemoteInvocation;

/**
 * {@link EchoService} over a Spring RMI stub: what Dubbo 2.7's rmi protocol (Spring's {@code RmiServiceExporter})
 * binds in its registry for an interface that does not extend {@code java.rmi.Remote} is an
 * {@link RmiInvocationHandler}, which takes each call as a {@link RemoteInvocation} (method name, parameter types,
 * arguments) and answers with the method's result, or throws {@link InvocationTargetException} carrying the
 * service's exception. This is what Spring's own {@code RmiProxyFactoryBean} does, without the rest of Spring.
 *
 * <pre>{@code
 * EchoService echo = SpringRmiEcho.over((RmiInvocationHandler) registry.lookup("io.rpcbench.echo.EchoService"));
 * echo.echo("text");
 * }</pre>
 */
final class SpringRmiEcho {

    private SpringRmiEcho() {}

    /** An echo service whose every call is one {@code stub.invoke}; the service's exceptions are thrown as they are. */
    static EchoService over(RmiInvocationHandler stub) {
        return (EchoService) Proxy.newProxyInstance(SpringRmiEcho.class.getClassLoader(),
                new Class<?>[] {EchoService.class}, (proxy, method, args) -> invoke(stub, proxy, method, args));
    }

    private static Object invoke(RmiInvocationHandler stub, Object proxy, Method method, Object[] args)
            throws Throwable {
        if (method.getDeclaringClass() == Object.class) { // equals, hashCode, toString: answered here, not remotely
            return switch (method.getName()) {
                case "equals" -> proxy == args[0];
                case "hashCode" -> System.identityHashCode(proxy);
                default -> "EchoService over " + stub;
            };
        }
        try {
            return stub.invoke(new RemoteInvocation(method.getName(), method.getParameterTypes(),
                    args == null ? new Object[0] : args));
        } catch (InvocationTargetException e) {
            throw e.getTargetException();
        }
    }
}
