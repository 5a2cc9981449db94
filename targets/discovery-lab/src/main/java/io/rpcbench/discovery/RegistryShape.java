package io.rpcbench.discovery;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The shape of seed 004's registry (section 2): {@code instances} provider instances, each registering
 * {@code interfaces} interfaces over {@code protocols} protocols, so {@code instances x interfaces x protocols}
 * interface-level URLs of about {@code urlBytes} characters each (the seed: 500 x 8 x 5 = 20,000 URLs of about 1 KB).
 * The seed does not say how its 500 instances group into applications; here every {@code instancesPerApp} instances
 * are one application exporting its own interfaces, as production services are deployed.
 *
 * <p>Addresses are on 127.0.0.0/8 only and are never dialled: instance {@code n} is the host
 * {@code 127.0.(1 + n / 250).(1 + n % 250)}, and every instance of an application listens on the same port per
 * protocol ({@code 20880 + p}), as real instances on distinct hosts do, so that an application's instances share one
 * metadata revision (Dubbo's revision covers the ports).
 */
public record RegistryShape(int instances, int interfaces, int protocols, int instancesPerApp, int urlBytes) {

    /** The seed's 500 x 8 x 5 URLs of about 1 KB. */
    public static final RegistryShape SEED = new RegistryShape(500, 8, 5, 10, 1024);

    /** Protocol names in order; beyond five, a number is added (only {@code dubbo} is ever referred). */
    static final List<String> PROTOCOL_NAMES = List.of("dubbo", "tri", "rest", "grpc", "hessian");

    static final int FIRST_PORT = 20880;

    private static final int HOSTS_PER_BLOCK = 250;
    /** The loopback hosts {@link #host} names: 254 blocks of 250. */
    static final int MAX_INSTANCES = 254 * HOSTS_PER_BLOCK;

    /** @throws IllegalArgumentException when a value is outside its {@link DiscoveryParameter}'s limits */
    public RegistryShape {
        requireBetween("instances", instances, DiscoveryParameter.INSTANCES);
        requireBetween("interfaces", interfaces, DiscoveryParameter.INTERFACES);
        requireBetween("protocols", protocols, DiscoveryParameter.PROTOCOLS);
        requireBetween("instances per application", instancesPerApp, DiscoveryParameter.INSTANCES_PER_APP);
        requireBetween("URL bytes", urlBytes, DiscoveryParameter.URL_BYTES);
    }

    /** Interface-level URLs in one registry. */
    public int urls() {
        return instances * interfaces * protocols;
    }

    public int apps() {
        return (instances + instancesPerApp - 1) / instancesPerApp;
    }

    public int appOf(int instance) {
        return instance / instancesPerApp;
    }

    public String appName(int app) {
        return String.format(Locale.ROOT, "seed004-app-%03d", app);
    }

    public String interfaceName(int app, int index) {
        return String.format(Locale.ROOT, "io.rpcbench.discovery.App%03dService%d", app, index);
    }

    /** Every application's interfaces, application by application. */
    public List<String> interfaceNames() {
        List<String> names = new ArrayList<>();
        for (int app = 0; app < apps(); app++) {
            for (int i = 0; i < interfaces; i++) {
                names.add(interfaceName(app, i));
            }
        }
        return names;
    }

    public String protocol(int index) {
        String name = PROTOCOL_NAMES.get(index % PROTOCOL_NAMES.size());
        return index < PROTOCOL_NAMES.size() ? name : name + (index / PROTOCOL_NAMES.size());
    }

    public int port(int protocolIndex) {
        return FIRST_PORT + protocolIndex;
    }

    public String host(int instance) {
        return "127.0." + (1 + instance / HOSTS_PER_BLOCK) + "." + (1 + instance % HOSTS_PER_BLOCK);
    }

    private static void requireBetween(String what, int value, DiscoveryParameter limits) {
        if (value < limits.min() || value > limits.max()) {
            throw new IllegalArgumentException("the registry's " + what + " is " + value + "; expected "
                    + limits.min() + " to " + limits.max());
        }
    }
}
