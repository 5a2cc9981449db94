package io.rpcbench.discovery;

import picocli.CommandLine.Option;

/**
 * The {@link RegistryShape} as command-line options, shared by the registry farm and the discovery consumer so that
 * both name the same interfaces; each option is a {@link DiscoveryParameter} of {@link DiscoveryParameter#SHAPE}, its
 * default that parameter's.
 */
public final class RegistryShapeOptions {

    @Option(names = "--instances", description = "Provider instances (default: ${DEFAULT-VALUE};"
            + " the seed: 500).")
    int instances = DiscoveryParameter.INSTANCES.defaultValue();

    @Option(names = "--interfaces", description = "Interfaces per instance (default: "
            + "${DEFAULT-VALUE}, as the seed).")
    int interfaces = DiscoveryParameter.INTERFACES.defaultValue();

    @Option(names = "--protocols", description = "Protocols per interface (default: "
            + "${DEFAULT-VALUE}, as the seed).")
    int protocols = DiscoveryParameter.PROTOCOLS.defaultValue();

    @Option(names = "--instances-per-app", description = "Instances of one application "
            + "(default: ${DEFAULT-VALUE}).")
    int instancesPerApp = DiscoveryParameter.INSTANCES_PER_APP.defaultValue();

    @Option(names = "--url-bytes", description = "Characters of an interface-level URL "
            + "(default: ${DEFAULT-VALUE}, the seed's \"about 1k\").")
    int urlBytes = DiscoveryParameter.URL_BYTES.defaultValue();

    /** @throws IllegalArgumentException naming the option out of range */
    public RegistryShape shape() {
        return new RegistryShape(instances, interfaces, protocols, instancesPerApp, urlBytes);
    }
}
