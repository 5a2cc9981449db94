package io.rpcbench.discovery;

import picocli.CommandLine.Option;

/**
 * The {@link RegistryShape} as command-line options, shared by the registry farm and the discovery consumer so that
 * both name the same interfaces.
 */
public final class RegistryShapeOptions {

    @Option(names = "--instances", defaultValue = "50", description = "Provider instances (default: ${DEFAULT-VALUE};"
            + " the seed: 500).")
    int instances;

    @Option(names = "--interfaces", defaultValue = "8", description = "Interfaces per instance (default: "
            + "${DEFAULT-VALUE}, as the seed).")
    int interfaces;

    @Option(names = "--protocols", defaultValue = "5", description = "Protocols per interface (default: "
            + "${DEFAULT-VALUE}, as the seed).")
    int protocols;

    @Option(names = "--instances-per-app", defaultValue = "10", description = "Instances of one application "
            + "(default: ${DEFAULT-VALUE}).")
    int instancesPerApp;

    @Option(names = "--url-bytes", defaultValue = "1024", description = "Characters of an interface-level URL "
            + "(default: ${DEFAULT-VALUE}, the seed's \"about 1k\").")
    int urlBytes;

    /** @throws IllegalArgumentException naming the option out of range */
    public RegistryShape shape() {
        return new RegistryShape(instances, interfaces, protocols, instancesPerApp, urlBytes);
    }
}
