package io.rpcbench.sampler.dubbo;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.ServiceCallParameters;
import io.rpcbench.sampler.registry.RegistryAccess;
import io.rpcbench.sampler.registry.RegistryLookupException;
import java.io.IOException;
import org.apache.dubbo.rpc.RpcException;

/**
 * Why a Dubbo sample failed, in its words, when the registry knows: a look-up's failure as the parameter that was
 * wrong or as no provider running now ({@link #inSampleWords}, which {@link RegistryLookups} applies to every read),
 * and why a call found no provider ({@link #explainIfNoProvider}, read after the sample's timer, from a client's
 * {@code explain}). Holds no state: the reads and what they keep are the {@link RegistryLookups}' the caller passes.
 */
final class RegistryExplanations {

    private RegistryExplanations() {}

    /**
     * For a client's {@code explain} of a failed call: when the call went through the registry and Dubbo found no
     * provider ("No provider available", {@link DubboFailureRules#noProvider}), says why, in the words of
     * {@link RegistryLookups#definition}: throws when the registry holds no provider of that interface, version and
     * group now, and returns when it holds one (then the caller's own failure stands).
     */
    static void explainIfNoProvider(RegistryLookups registry, DubboSettings settings, RpcException failure)
            throws IOException, InterruptedException {
        if (settings.direct() || !DubboFailureRules.noProvider(failure)) {
            return;
        }
        registry.requireProvider(settings);
    }

    /** A registry's answer in a sample's words: which parameter was wrong, or that no provider runs now. */
    static Throwable inSampleWords(Throwable failure, DubboSettings settings) {
        if (!(failure instanceof RegistryLookupException lookup)) {
            return failure;
        }
        RegistryAccess access = settings.access();
        return switch (lookup.reason()) {
            case UNKNOWN_SERVICE -> BadParameterException.of(DubboSettings.INTERFACE, settings.interfaceName(),
                    lookup.problem(), lookup.expected());
            case NO_PROVIDER -> new NoProviderException(lookup.problem());
            case NO_DEFINITION -> BadParameterException.of(ServiceCallParameters.PARAMETER_TYPES, "", "is empty, and "
                    + lookup.problem(), "the parameter types, comma-separated (the provider's metadata center may be "
                    + "elsewhere)");
            case REFUSED -> access.authenticated()
                    ? BadParameterException.of(RegistryAccess.PASSWORD, "****", lookup.problem(), lookup.expected())
                    : BadParameterException.of(RegistryAccess.USERNAME, "", lookup.problem(), lookup.expected());
        };
    }
}
