package io.rpcbench.sampler.registry;

import io.rpcbench.sampler.json.ServiceDefinition;
import java.util.List;

/**
 * One service a registry holds now: the applications whose running instances serve it (named by their registration
 * or Dubbo's interface-to-application mapping), how it is registered, and the definition its provider published in
 * the metadata report ({@link ServiceDefinition#NONE} when none could be found).
 *
 * @param applications     the provider applications, at least one
 * @param applicationLevel whether it is found only through the applications' instances (Dubbo 3
 *                         {@code register-mode=instance}), not by an interface-level registration
 */
public record RegisteredService(ServiceKey key, List<String> applications, boolean applicationLevel,
        ServiceDefinition definition) {

    public RegisteredService {
        applications = List.copyOf(applications);
    }
}
