package io.rpcbench.elements.browse;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.dubbo.DubboSettings;
import io.rpcbench.sampler.dubbo.triple.ServerReflection;
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
 * the service's version and group, and the arguments as a typed template ({@link ArgumentTemplate}). A direct
 * {@code tri://host:port} address is one server, not a registry: Browse asks its gRPC reflection
 * ({@link ServerReflection#describe}) for its services, and a chosen method fills interface (the {@code .proto}'s
 * service name), method, invocation {@code proto-descriptor} and its request message at its defaults.
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

    /** Asks a server's gRPC reflection: {@link ServerReflection#describe}, or a fake in tests. */
    @FunctionalInterface
    public interface Reflector {
        ServerReflection.Described describe(String address, int timeoutMs);
    }

    /**
     * A service Browse lists: as the list shows it, with its methods, or (none) why there are none to show.
     */
    public record Offer(String shown, List<OfferedMethod> methods, String noMethods) {

        public Offer {
            methods = List.copyOf(methods);
        }

        @Override
        public String toString() {
            return shown;
        }
    }

    /** A method as the list shows it, with the fields it fills when chosen. */
    public record OfferedMethod(String shown, Choice choice) {

        @Override
        public String toString() {
            return shown;
        }
    }

    /** The registry's (or the server's) services, or why there are none to show. */
    public record Listing(String registry, List<Offer> services, String problem) {

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

    /**
     * The fields a chosen method fills in a Dubbo Request, by their names; an empty invocation leaves the request's
     * as it is.
     */
    public record Choice(String interfaceName, String version, String group, String method, String parameterTypes,
            String arguments, String invocation) {

        /** A choice of a registry's service, whose invocation is the request's own. */
        public Choice(String interfaceName, String version, String group, String method, String parameterTypes,
                String arguments) {
            this(interfaceName, version, group, method, parameterTypes, arguments, "");
        }
    }

    private final Opener opener;
    private final Reflector reflector;

    public RegistryBrowse(Opener opener) {
        this(opener, ServerReflection::describe);
    }

    public RegistryBrowse(Opener opener, Reflector reflector) {
        this.opener = opener;
        this.reflector = reflector;
    }

    /** Reads the live registries and servers. */
    public static RegistryBrowse live() {
        return new RegistryBrowse(ServiceRegistries::open, ServerReflection::describe);
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
        if (scheme.equals("tri") && uri.getHost() != null && uri.getPort() > 0) {
            return reflect("tri://" + uri.getHost() + ":" + uri.getPort());
        }
        if (scheme.equals("dubbo") || scheme.equals("tri")) {
            return Listing.problem(address, "'" + address + "' is one provider's direct URL, not a registry: Browse "
                    + "reads the services a registry lists, or a tri://host:port server's gRPC reflection. Give a "
                    + "registry, " + expected + ", or type the interface, method and parameter types yourself.");
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
            return new Listing(registry.describe(), services.stream().map(RegistryBrowse::offer).toList(), "");
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

    private static Offer offer(RegisteredService service) {
        return new Offer(service.key().describe() + " (" + String.join(", ", service.applications()) + ")",
                service.definition().methods().stream()
                        .map(method -> new OfferedMethod(method.toString(), choice(service, method))).toList(),
                service.key().describe() + " has no methods to show: its provider published no definition in the "
                        + "registry's metadata. Type the interface, method and parameter types yourself.");
    }

    /** The services the server at {@code address} describes through its gRPC reflection, or why it does not. */
    private Listing reflect(String address) {
        String server = "the server " + address + " (gRPC reflection)";
        ServerReflection.Described described;
        try {
            described = reflector.describe(address, TIMEOUT_MS);
        } catch (ServerReflection.ReflectionFailure | BadParameterException e) {
            return Listing.problem(address, "Browse asked " + address + "'s gRPC reflection for its services, and "
                    + e.getMessage() + ". Turn reflection on in the server (Dubbo: dubbo.tri.builtin.service.init=true;"
                    + " grpc-java: ProtoReflectionServiceV1), give a registry address instead, or type the interface "
                    + "and method yourself with invocation proto-descriptor and a descriptor set.");
        } catch (RuntimeException e) {
            return Listing.problem(address, "The server " + address + " could not be asked: " + e.getMessage());
        }
        if (described.services().isEmpty()) {
            return Listing.problem(server, capitalized(server) + " describes no service but reflection itself.");
        }
        List<Offer> offers = described.services().stream().map(service -> new Offer(service.name(),
                service.methods().stream().map(method -> new OfferedMethod(method.described(),
                        new Choice(service.name(), "", "", method.name(), "", method.arguments(),
                                DubboSettings.PROTO_DESCRIPTOR))).toList(),
                service.name() + " was not described: " + service.problem())).toList();
        return new Listing(server, offers, "");
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
