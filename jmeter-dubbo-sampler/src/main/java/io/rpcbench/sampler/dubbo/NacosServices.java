package io.rpcbench.sampler.dubbo;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingFactory;
import com.alibaba.nacos.api.naming.NamingService;
import io.rpcbench.sampler.call.BadParameterException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;

/**
 * What a Nacos registry holds in the namespace and registry group a consumer reads ({@link RegistryAccess}), read with
 * Nacos's own client, to say why a call found no provider: Dubbo names an interface-level registration
 * {@code providers:INTERFACE:VERSION:GROUP}, an application-level one by its application's name.
 */
final class NacosServices {

    /** Nacos's answer to a request whose user or password it does not accept. */
    private static final int FORBIDDEN = 403;
    private static final int PAGE = 1000;

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
        String name = "providers:" + settings.interfaceName() + ":" + settings.version() + ":" + settings.group();
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

    /** The service names in the namespace and group, sorted. */
    private static List<String> services(DubboSettings settings, String where) throws IOException {
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
        String group = access.group().isEmpty() ? "DEFAULT_GROUP" : access.group();
        NamingService naming = null;
        try {
            naming = NamingFactory.createNamingService(properties);
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
