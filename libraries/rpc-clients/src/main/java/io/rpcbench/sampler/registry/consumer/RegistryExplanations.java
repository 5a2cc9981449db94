package io.rpcbench.sampler.registry.consumer;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.ServiceCallParameters;
import io.rpcbench.sampler.registry.RegistryAccess;
import io.rpcbench.sampler.registry.RegistryLookupException;

/**
 * A registry's answer in a Dubbo sample's words ({@link #inSampleWords}, which {@link RegistryLookups} applies to every
 * read): the parameter that was wrong, or no provider running now. Why a call found no provider is
 * {@link RegistryLookups#requireProvider}, asked after the sample's timer from a client's {@code explain}.
 */
final class RegistryExplanations {

    private RegistryExplanations() {}

    /** A registry's answer in a sample's words: which parameter was wrong, or that no provider runs now. */
    static Throwable inSampleWords(Throwable failure, ConsumerTarget target) {
        if (!(failure instanceof RegistryLookupException lookup)) {
            return failure;
        }
        RegistryAccess access = target.access();
        return switch (lookup.reason()) {
            case UNKNOWN_SERVICE -> BadParameterException.of(ServiceCallParameters.INTERFACE,
                    target.service().interfaceName(), lookup.problem(), lookup.expected());
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
