package io.rpcbench.sampler.dubbo;

import io.rpcbench.sampler.registry.RegistryAccess;
import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingFactory;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.json.ServiceDefinition;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;

/**
 * What a Nacos registry holds in the namespace and registry group a consumer reads ({@link RegistryAccess}), read with
 * Nacos's own client: whether the user may read it at all, a service's definition (its methods' parameter types,
 * from Dubbo's metadata report), and why a call found no provider. Dubbo names an interface-level registration
 * {@code providers:INTERFACE:VERSION:GROUP}, an application-level one by its application's name. Each read opens a
 * client and shuts it down; {@link RegistryMetadata} shares reads between the threads that ask at once.
 */
final class NacosServices {

    /** Nacos's answer to a request whose user or password it does not accept. */
    private static final int FORBIDDEN = 403;
    private static final int PAGE = 1000;
    private static final String DEFAULT_GROUP = "DEFAULT_GROUP";
    /** Dubbo's metadata report's group in Nacos when its URL names none. */
    private static final String METADATA_GROUP = "dubbo";

    private NacosServices() {}

    /**
     * Reads the namespace and group once, before Dubbo's consumer is built: a Nacos that refuses the user or password
     * (or asks for one) fails here naming it, where Dubbo would fail its bootstrap with a NullPointerException.
     *
     * @throws BadParameterException when Nacos refuses the credentials
     * @throws IOException           when Nacos cannot be read
     */
    static void requireAccess(DubboSettings settings) throws IOException {
        services(settings, where(settings));
    }

    private static String where(DubboSettings settings) {
        return "the Nacos registry " + settings.registryHostPort() + " (" + settings.access().describe() + ")";
    }

    /**
     * Throws the reason a call of {@code settings} found no provider: the interface, version and group has no
     * registration in that namespace and group ({@link BadParameterException} naming the services there, or
     * {@link NoProviderException} when there are none at all), or Nacos refused the credentials. Returns when the
     * registration is there (Dubbo's own failure then stands).
     */
    static void explainNoProvider(DubboSettings settings) throws IOException {
        String wanted = settings.interfaceName() + (settings.version().isEmpty() ? "" : " version "
                + settings.version()) + (settings.group().isEmpty() ? "" : " group " + settings.group());
        String where = where(settings);
        List<String> services = services(settings, where);
        String name = serviceName(settings);
        if (services.contains(name)) {
            return;
        }
        List<String> interfaces = services.stream().filter(service -> service.startsWith("providers:")).toList();
        List<String> applications = services.stream().filter(service -> !service.contains(":")).toList();
        String held = services.isEmpty() ? "it holds no service"
                : "it holds " + (interfaces.isEmpty() ? "no interface-level provider" : "the interface-level providers "
                + interfaces.stream().map(NacosServices::readable).toList())
                + (applications.isEmpty() ? "" : " and the applications " + applications);
        if (services.isEmpty()) {
            throw new NoProviderException("no provider of " + wanted + " in " + where + ": " + held);
        }
        throw BadParameterException.of(DubboSettings.INTERFACE, settings.interfaceName(), "has no provider in "
                + where + " (looked for " + wanted + ", Nacos service " + name + "): " + held,
                "an interface, version and group registered there, or the namespace and registry group it is in");
    }

    /**
     * The definition a provider of {@code settings}'s interface, version and group published in Nacos (Dubbo's metadata
     * report, config data id {@code INTERFACE:VERSION:GROUP:provider:APPLICATION}, in the registry group when the
     * provider's metadata report shares the registry's URL, else Dubbo's default group {@code dubbo}), the application
     * named by the provider's registration.
     *
     * @throws NoProviderException   when no instance of the interface, version and group is registered now
     * @throws BadParameterException when its application published no definition there, or Nacos refuses the user
     * @throws IOException           when Nacos cannot be read
     */
    static ServiceDefinition definition(DubboSettings settings) throws IOException {
        String where = where(settings);
        RegistryAccess access = settings.access();
        String service = serviceName(settings);
        return inNacos(settings, where, (naming, properties) -> {
            List<Instance> instances = naming.getAllInstances(service, group(access));
            String application = instances.stream().map(instance -> instance.getMetadata().get("application"))
                    .filter(name -> name != null && !name.isEmpty()).findFirst().orElse(null);
            if (application == null) {
                explainNoProvider(settings); // throws: the service is not registered there
                throw new NoProviderException("no instance of " + service + " in " + where + " names its "
                        + "application now, so its metadata cannot be found");
            }
            String dataId = settings.interfaceName() + ":" + settings.version() + ":" + settings.group() + ":provider:"
                    + application;
            List<String> groups = access.group().isEmpty() || access.group().equals(METADATA_GROUP)
                    ? List.of(METADATA_GROUP) : List.of(access.group(), METADATA_GROUP);
            ConfigService config = NacosFactory.createConfigService(properties);
            try {
                for (String group : groups) {
                    String json = config.getConfig(dataId, group, Math.max(settings.timeoutMs(), 1000));
                    if (json != null && !json.isBlank()) {
                        return ServiceDefinition.parse(json);
                    }
                }
            } finally {
                config.shutDown();
            }
            throw BadParameterException.of(DubboServiceRequest.PARAMETER_TYPES, "", "is empty, and the provider "
                    + "application '" + application + "' published no metadata in " + where + " (config data id "
                    + dataId + ", group " + String.join(" or ", groups) + ")", "the parameter types, "
                    + "comma-separated (the provider's metadata report may be elsewhere)");
        });
    }

    /** Dubbo's name of an interface-level registration in Nacos. */
    private static String serviceName(DubboSettings settings) {
        return "providers:" + settings.interfaceName() + ":" + settings.version() + ":" + settings.group();
    }

    private static String group(RegistryAccess access) {
        return access.group().isEmpty() ? DEFAULT_GROUP : access.group();
    }

    /** The service names in the namespace and group, sorted. */
    private static List<String> services(DubboSettings settings, String where) throws IOException {
        String group = group(settings.access());
        return inNacos(settings, where, (naming, properties) -> {
            TreeSet<String> names = new TreeSet<>();
            int page = 1;
            while (true) {
                List<String> found = naming.getServicesOfServer(page, PAGE, group).getData();
                names.addAll(found);
                if (found.size() < PAGE) {
                    return new ArrayList<>(names);
                }
                page++;
            }
        });
    }

    /** A read of Nacos, given its naming client and the properties that made it (for a config client). */
    private interface NacosRead<T> {
        T read(NamingService naming, Properties properties) throws NacosException, IOException;
    }

    /** Runs {@code read} with a naming client of {@code settings}'s Nacos, namespace and user, then shuts it down. */
    private static <T> T inNacos(DubboSettings settings, String where, NacosRead<T> read) throws IOException {
        RegistryAccess access = settings.access();
        Properties properties = new Properties();
        properties.setProperty(PropertyKeyConst.SERVER_ADDR, settings.registryHostPort());
        if (!access.namespace().isEmpty()) {
            properties.setProperty(PropertyKeyConst.NAMESPACE, access.namespace());
        }
        if (access.authenticated()) {
            properties.setProperty(PropertyKeyConst.USERNAME, access.username());
            properties.setProperty(PropertyKeyConst.PASSWORD, access.password());
        }
        NamingService naming = null;
        try {
            naming = NamingFactory.createNamingService(properties);
            return read.read(naming, properties);
        } catch (NacosException e) {
            if (e.getErrCode() == FORBIDDEN) {
                throw BadParameterException.of(access.authenticated() ? RegistryAccess.PASSWORD
                        : RegistryAccess.USERNAME, access.authenticated() ? "****" : "", "was refused by " + where
                        + ": " + e.getErrMsg(), access.authenticated() ? "the password of user '"
                        + access.username() + "' in that Nacos" : "a user and password of that Nacos, which "
                        + "authenticates");
            }
            throw new IOException("could not read " + where + ": " + e.getErrMsg(), e);
        } finally {
            if (naming != null) {
                try {
                    naming.shutDown();
                } catch (NacosException e) {
                    // the read is done; a client that does not shut down cleanly changes nothing of it
                }
            }
        }
    }

    /** {@code providers:I:V:G} as {@code I version V group G}. */
    private static String readable(String service) {
        String[] parts = service.split(":", -1);
        if (parts.length < 4) {
            return service;
        }
        return parts[1] + (parts[2].isEmpty() ? "" : " version " + parts[2])
                + (parts[3].isEmpty() ? "" : " group " + parts[3]);
    }
}
