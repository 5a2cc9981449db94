package io.rpcbench.provider.dubbo;

import org.apache.dubbo.common.utils.SerializeSecurityConfigurator;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * Lets triple's hessian2 wrapping read and write a service's classes whichever {@link FrameworkModel} is the JVM's
 * default. Call {@link #trust(Class)} for each interface a {@code tri} endpoint exports, after it is exported.
 *
 * <h2>Why this is needed</h2>
 * Triple serializes the arguments and results of a service with no IDL (a plain Java interface) inside its protobuf
 * wrapper, with Dubbo's {@code DefaultMultipleSerialization}, which asks {@code Hessian2Serialization} for a stream
 * with no URL ({@code serialize(null, out)}, Dubbo 3.3.6). Without a URL hessian2 takes the allow list of
 * {@code FrameworkModel.defaultModel()}, the JVM's first model, instead of the exporting endpoint's, and the allow
 * list is STRICT: a class that only the endpoint's own model registered (from its interface) is refused. Measured
 * with the provider app's echo endpoint started first and {@code --user-service}: {@code getUser} over
 * {@code user-tri-hessian2} answered "UNKNOWN : Internal Server Error", the provider logging "[Serialization
 * Security] Serialized class io.rpcbench.user.User is not in allow list. Current mode is `STRICT`". The same call
 * worked when the hessian2 user stack's model happened to be the first. The classes of the interface (as Dubbo itself
 * collects them: parameters, results, exceptions and their fields) are therefore also registered with the default
 * model.
 *
 * <p>A generic call's POJO arguments meet the same rule on any protocol: the provider's generic filter realizes them
 * against the default model's allow list. Measured with a model that another user of PojoUtils made first (the sampler's
 * unit tests, JsonWriteCheckTest then JdkValuesTest): {@code echoPerson} over {@code dubbo} failed "Serialized class
 * io.rpcbench.echo.Person is not in allow list". Endpoints of every protocol therefore call {@link #trust(Class)}.
 *
 * <p>A consumer with several models in one JVM meets the same rule when it reads a triple + hessian2 answer.
 * If the default model is destroyed while the endpoint runs (the provider app closes all endpoints together), the next
 * default does not know the classes.
 */
public final class TripleWrappingAllowList {

    private TripleWrappingAllowList() {}

    /** Registers {@code serviceInterface}'s classes with the serialization allow list of the JVM's default model. */
    public static void trust(Class<?> serviceInterface) {
        FrameworkModel.defaultModel().defaultApplication().getDefaultModule().getBeanFactory()
                .getOrRegisterBean(SerializeSecurityConfigurator.class).registerInterface(serviceInterface);
    }
}
