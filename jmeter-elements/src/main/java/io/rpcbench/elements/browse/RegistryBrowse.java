package io.rpcbench.elements.browse;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.dubbo.DubboSettings;
import io.rpcbench.sampler.json.MethodSignature;
import io.rpcbench.sampler.registry.RegisteredService;
import io.rpcbench.sampler.registry.RegistryAccess;
import io.rpcbench.sampler.registry.RegistryLookupException;
import io.rpcbench.sampler.registry.ServiceRegistries;
import io.rpcbench.sampler.registry.ServiceRegistry;
import io.rpcbench.sampler.template.ArgumentTemplate;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * What the Dubbo Request's Browse lists and fills in, without Swing: the services of the registry a request calls
 * through (its address and Nacos access, the request's own or its Dubbo Defaults'), each with its methods as the
 * provider's metadata gives them, and for a chosen method the fields to fill: interface, method, parameter types,
 * the service's version and group, and the arguments as a typed template ({@link ArgumentTemplate}).
 *
 * <p>Every failure is a {@link Listing} with a problem in words (no registry address, a direct URL, a registry that does
 * not answer, no services), never an exception.
 *
 * <pre>{@code
 * Listing listing = RegistryBrowse.live().list(field);    // field: the request's value of each field, by name
 * Choice choice = RegistryBrowse.choice(service, method); // fills interface, method, parameter_types, arguments
 * }</pre>
 */
public final class RegistryBrowse {

    /** How long a registry that does not answer is waited for. */
    public static final int TIMEOUT_MS = 5000;

    /** Opens the registry at an address: {@link ServiceRegistries#open}, or a fake in tests. */
    @FunctionalInterface
    public interface Opener {
        ServiceRegistry open(String address, RegistryAccess access, int timeoutMs)
                throws IOException, InterruptedException;
    }

    /** The registry's services, or why there are none to show. */
    public record Listing(String registry, List<RegisteredService> services, String problem) {

        public Listing {
            services = List.copyOf(services);
        }

        static Listing problem(String registry, String problem) {
            return new Listing(registry, List.of(), problem);
        }

        public boolean ok() {
            return problem.isEmpty();
        }
    }

    /** The fields a chosen method fills in a Dubbo Request, by their names. */
    public record Choice(String interfaceName, String version, String group, String method, String parameterTypes,
            String arguments) {}

    private final Opener opener;

    public RegistryBrowse(Opener opener) {
        this.opener = opener;
    }

    /** Reads the live registries. */
    public static RegistryBrowse live() {
        return new RegistryBrowse(ServiceRegistries::open);
    }

    /**
     * Lists the services of the registry that {@code fields} name: {@code address}, and for Nacos {@code namespace},
     * {@code registry_group}, {@code username}, {@code password}.
     *
     * @param fields the value of each field by its name, empty when none
     */
    public Listing list(UnaryOperator<String> fields) {
        String address = fields.apply(DubboSettings.ADDRESS).strip();
        String expected = "zookeeper://host:port or nacos://host:port";
        if (address.isEmpty()) {
            return Listing.problem("", "There is no registry to browse: the request's Registry or URL is empty and no "
                    + "Dubbo Defaults in its scope gives one. Expected " + expected + ".");
        }
        URI uri;
        try {
            uri = new URI(address);
        } catch (URISyntaxException e) {
            return Listing.problem(address, "The Registry or URL '" + address + "' is not a URL (" + e.getReason()
                    + "). Expected " + expected + ".");
        }
        String scheme = String.valueOf(uri.getScheme());
        if (scheme.equals("dubbo") || scheme.equals("tri")) {
            return Listing.problem(address, "'" + address + "' is one provider's direct URL, not a registry: Browse "
                    + "reads the services a registry lists. Give a registry, " + expected
                    + ", or type the interface, method and parameter types yourself.");
        }
        if (!scheme.equals("zookeeper") && !scheme.equals("nacos") || uri.getHost() == null || uri.getPort() < 0) {
            return Listing.problem(address, "The Registry or URL '" + address + "' is not a registry address. "
                    + "Expected " + expected + ".");
        }
        RegistryAccess access;
        try {
            access = RegistryAccess.of(new SamplerParameters(fields), uri, scheme.equals("nacos"));
        } catch (BadParameterException e) {
            return Listing.problem(address, "Browse cannot read the registry with these fields: " + e.getMessage());
        }
        return read(address, access);
    }

    private Listing read(String address, RegistryAccess access) {
        try (ServiceRegistry registry = opener.open(address, access, TIMEOUT_MS)) {
            List<RegisteredService> services = registry.services();
            if (services.isEmpty()) {
                return Listing.problem(registry.describe(), capitalized(registry.describe()) + " holds no service with a "
                        + "provider running now. Start the providers, or check the address"
                        + (address.startsWith("nacos:") ? ", namespace and registry group." : "."));
            }
            return new Listing(registry.describe(), services, "");
        } catch (ConnectException e) {
            return Listing.problem(address, "The registry " + address + " did not answer within " + TIMEOUT_MS / 1000
                    + " s. Is it running, and is the address right?");
        } catch (RegistryLookupException e) {
            return Listing.problem(address, e.getMessage());
        } catch (IOException | RuntimeException e) {
            return Listing.problem(address, "The registry " + address + " could not be read: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Listing.problem(address, "Reading the registry " + address + " was cancelled.");
        }
    }

    private static String capitalized(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    /** The fields that calling {@code method} of {@code service} takes. */
    public static Choice choice(RegisteredService service, MethodSignature method) {
        return new Choice(service.key().interfaceName(), service.key().version(), service.key().group(),
                method.name(), String.join(",", method.parameterTypes()),
                ArgumentTemplate.of(service.definition(), method));
    }
}
