package io.rpcbench.sampler.registry;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingFactory;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import io.rpcbench.sampler.json.ServiceDefinition;
import io.rpcbench.sampler.registry.RegistryLookupException.Reason;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;

/**
 * A Nacos registry as Dubbo writes it, in the namespace and registry group of a {@link RegistryAccess}, read with
 * Nacos's own naming and config clients, kept until {@link #close}.
 *
 * <p>Where: Dubbo names an interface-level registration {@code providers:INTERFACE:VERSION:GROUP}, and an
 * application-level one ({@code register-mode=instance}) by its application's name; both in the registry group. Its
 * interface-to-application mapping is the config entry {@code INTERFACE} of group {@code mapping}; a service's
 * definition (the metadata report) the config entry {@code INTERFACE:VERSION:GROUP:provider:APPLICATION}, in the
 * registry group when the provider's metadata report shares the registry's URL, else Dubbo's default group
 * {@code dubbo}.
 */
final class NacosRegistry implements ServiceRegistry {

    /** Nacos's answer to a request whose user or password it does not accept. */
    private static final int FORBIDDEN = 403;
    private static final int PAGE = 1000;
    private static final String DEFAULT_GROUP = "DEFAULT_GROUP";
    /** Dubbo's metadata report's group in Nacos when its URL names none. */
    private static final String METADATA_GROUP = "dubbo";
    /** Dubbo's group of its interface-to-application mapping. */
    private static final String MAPPING_GROUP = "mapping";
    private static final String INTERFACE_LEVEL = "providers:";

    private final String hostPort;
    private final RegistryAccess access;
    private final int timeoutMs;
    private final Properties properties;
    private final NamingService naming;
    private ConfigService config;

    /**
     * A client of the Nacos at {@code hostPort}, in {@code access}'s namespace and with its user.
     *
     * @throws IOException when Nacos's client cannot be made
     */
    static NacosRegistry open(String hostPort, RegistryAccess access, int timeoutMs) throws IOException {
        Properties properties = new Properties();
        properties.setProperty(PropertyKeyConst.SERVER_ADDR, hostPort);
        if (!access.namespace().isEmpty()) {
            properties.setProperty(PropertyKeyConst.NAMESPACE, access.namespace());
        }
        if (access.authenticated()) {
            properties.setProperty(PropertyKeyConst.USERNAME, access.username());
            properties.setProperty(PropertyKeyConst.PASSWORD, access.password());
        }
        try {
            return new NacosRegistry(hostPort, access, timeoutMs, properties,
                    NamingFactory.createNamingService(properties));
        } catch (NacosException e) {
            throw new IOException("could not make a client of the Nacos registry " + hostPort + ": " + e.getErrMsg(),
                    e);
        }
    }

    private NacosRegistry(String hostPort, RegistryAccess access, int timeoutMs, Properties properties,
            NamingService naming) {
        this.hostPort = hostPort;
        this.access = access;
        this.timeoutMs = timeoutMs;
        this.properties = properties;
        this.naming = naming;
    }

    @Override
    public String describe() {
        return "the Nacos registry " + hostPort + " (" + access.describe() + ")";
    }

    @Override
    public void requireAccess() throws IOException {
        serviceNames();
    }

    @Override
    public void requireProvider(ServiceKey key) throws IOException {
        List<String> services = serviceNames();
        if (services.contains(serviceName(key)) || !runningApplications(key, services).isEmpty()) {
            return;
        }
        throw noProvider(key, services);
    }

    @Override
    public List<String> providedBy(ServiceKey key) throws IOException {
        return read(() -> naming.getAllInstances(serviceName(key), registryGroup()).isEmpty()
                ? mappedApplications(key.interfaceName()) : List.of());
    }

    @Override
    public ServiceDefinition definition(ServiceKey key) throws IOException {
        String application = read(() -> {
            for (Instance instance : naming.getAllInstances(serviceName(key), registryGroup())) {
                String name = instance.getMetadata().get("application");
                if (name != null && !name.isEmpty()) {
                    return name;
                }
            }
            return null;
        });
        if (application == null) {
            List<String> services = serviceNames();
            List<String> running = runningApplications(key, services);
            if (running.isEmpty()) {
                throw noProvider(key, services);
            }
            application = running.get(0);
        }
        ServiceDefinition definition = publishedDefinition(key, application);
        if (definition == ServiceDefinition.NONE) {
            throw new RegistryLookupException(Reason.NO_DEFINITION, "the provider application '" + application
                    + "' published no metadata in " + describe() + " (config data id " + dataId(key, application)
                    + ", group " + String.join(" or ", metadataGroups()) + ")", "");
        }
        return definition;
    }

    @Override
    public List<RegisteredService> services() throws IOException {
        List<String> names = serviceNames();
        List<RegisteredService> services = new ArrayList<>();
        for (String name : names) {
            if (!name.startsWith(INTERFACE_LEVEL)) {
                continue;
            }
            String[] parts = name.split(":", -1);
            if (parts.length < 4) {
                continue;
            }
            ServiceKey key = new ServiceKey(parts[1], parts[2], parts[3]);
            List<String> applications = read(() -> {
                List<String> found = new ArrayList<>();
                for (Instance instance : naming.getAllInstances(name, registryGroup())) {
                    String application = instance.getMetadata().getOrDefault("application", "");
                    if (!application.isEmpty() && !found.contains(application)) {
                        found.add(application);
                    }
                }
                return found;
            });
            if (!applications.isEmpty()) {
                services.add(new RegisteredService(key, applications, false, publishedDefinition(key,
                        applications.get(0))));
            }
        }
        services.addAll(applicationLevelServices(names, services));
        services.sort((a, b) -> ServiceRegistries.ORDER.compare(a.key(), b.key()));
        return services;
    }

    /**
     * The services of the applications registered at application level in the registry group, with a running
     * instance: the interfaces Dubbo's mapping gives each, in the versions and groups its definitions name (an
     * instance's record names none), minus those registered per interface too ({@code register-mode=all}). Nacos's
     * client cannot list config entries: they are read through its open API ({@link NacosConfigListing}).
     */
    private List<RegisteredService> applicationLevelServices(List<String> names, List<RegisteredService> listed)
            throws IOException {
        List<String> running = new ArrayList<>();
        for (String name : names) {
            if (!name.contains(":") && !read(() -> naming.getAllInstances(name, registryGroup())).isEmpty()) {
                running.add(name);
            }
        }
        if (running.isEmpty()) {
            return List.of();
        }
        NacosConfigListing configs = new NacosConfigListing(hostPort, access, timeoutMs);
        Map<String, String> mapping;
        Map<String, String> definitions = new LinkedHashMap<>();
        try {
            mapping = configs.entries(MAPPING_GROUP);
            for (String group : metadataGroups()) {
                configs.entries(group).forEach(definitions::putIfAbsent);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while listing " + describe(), e);
        }
        List<ServiceKey> keys = listed.stream().map(RegisteredService::key).toList();
        List<RegisteredService> services = new ArrayList<>();
        for (String application : running) {
            for (Map.Entry<String, String> mapped : mapping.entrySet()) {
                if (!List.of(mapped.getValue().split(",")).contains(application)) {
                    continue;
                }
                String interfaceName = mapped.getKey();
                Map<ServiceKey, String> published = new LinkedHashMap<>();
                definitions.forEach((dataId, json) -> {
                    String[] parts = dataId.split(":", -1);
                    if (parts.length == 5 && parts[0].equals(interfaceName) && parts[3].equals("provider")
                            && parts[4].equals(application)) {
                        published.put(new ServiceKey(interfaceName, parts[1], parts[2]), json);
                    }
                });
                if (published.isEmpty()) {
                    published.put(new ServiceKey(interfaceName, "", ""), "");
                }
                for (Map.Entry<ServiceKey, String> service : published.entrySet()) {
                    if (!keys.contains(service.getKey())) {
                        services.add(new RegisteredService(service.getKey(), List.of(application), true,
                                service.getValue().isBlank() ? ServiceDefinition.NONE
                                        : ServiceDefinition.parse(service.getValue())));
                    }
                }
            }
        }
        return services;
    }

    /**
     * The applications registered at application level in the registry group, with a running instance, that Dubbo's
     * mapping gives {@code key}'s interface.
     */
    private List<String> runningApplications(ServiceKey key, List<String> services) throws IOException {
        List<String> running = new ArrayList<>();
        for (String application : mappedApplications(key.interfaceName())) {
            if (services.contains(application)
                    && !read(() -> naming.getAllInstances(application, registryGroup())).isEmpty()) {
                running.add(application);
            }
        }
        return running;
    }

    /** The applications Dubbo's mapping names for {@code interfaceName}, in its order; none without a mapping. */
    private List<String> mappedApplications(String interfaceName) throws IOException {
        String mapping = read(() -> config().getConfig(interfaceName, MAPPING_GROUP, timeoutMs));
        List<String> applications = new ArrayList<>();
        if (mapping != null) {
            for (String name : mapping.split(",")) {
                if (!name.isBlank() && !applications.contains(name.strip())) {
                    applications.add(name.strip());
                }
            }
        }
        return applications;
    }

    /** The definition {@code application} published for {@code key}, or {@link ServiceDefinition#NONE}. */
    private ServiceDefinition publishedDefinition(ServiceKey key, String application) throws IOException {
        for (String group : metadataGroups()) {
            String json = read(() -> config().getConfig(dataId(key, application), group, timeoutMs));
            if (json != null && !json.isBlank()) {
                return ServiceDefinition.parse(json);
            }
        }
        return ServiceDefinition.NONE;
    }

    private List<String> metadataGroups() {
        return access.group().isEmpty() || access.group().equals(METADATA_GROUP) ? List.of(METADATA_GROUP)
                : List.of(access.group(), METADATA_GROUP);
    }

    private static String dataId(ServiceKey key, String application) {
        return key.interfaceName() + ":" + key.version() + ":" + key.group() + ":provider:" + application;
    }

    /**
     * Why {@code key} has no provider here: {@code NO_PROVIDER} when the namespace and group hold no service at all
     * (a registry emptied, or the wrong namespace), else {@code UNKNOWN_SERVICE} naming the services held.
     */
    private RegistryLookupException noProvider(ServiceKey key, List<String> services) throws IOException {
        List<String> interfaces = services.stream().filter(service -> service.startsWith(INTERFACE_LEVEL)).toList();
        List<String> applications = services.stream().filter(service -> !service.contains(":")).toList();
        List<String> mapped = mappedApplications(key.interfaceName());
        String held = services.isEmpty() ? "it holds no service"
                : "it holds " + (interfaces.isEmpty() ? "no interface-level provider" : "the interface-level providers "
                + interfaces.stream().map(NacosRegistry::readable).toList())
                + (applications.isEmpty() ? "" : " and the applications " + applications);
        String lookedFor = "Nacos service " + serviceName(key) + (mapped.isEmpty() ? ""
                : ", or an instance of the applications " + mapped + " that Dubbo's mapping names");
        if (services.isEmpty()) {
            return new RegistryLookupException(Reason.NO_PROVIDER, "no provider of " + key.describe() + " in "
                    + describe() + ": " + held, "");
        }
        return new RegistryLookupException(Reason.UNKNOWN_SERVICE, "has no provider in " + describe()
                + " (looked for " + key.describe() + ", " + lookedFor + "): " + held,
                "an interface, version and group registered there, or the namespace and registry group it is in");
    }

    /** The service names in the namespace and registry group, sorted. */
    private List<String> serviceNames() throws IOException {
        return read(() -> {
            TreeSet<String> names = new TreeSet<>();
            int page = 1;
            while (true) {
                List<String> found = naming.getServicesOfServer(page, PAGE, registryGroup()).getData();
                names.addAll(found);
                if (found.size() < PAGE) {
                    return new ArrayList<>(names);
                }
                page++;
            }
        });
    }

    private synchronized ConfigService config() throws NacosException {
        if (config == null) {
            config = NacosFactory.createConfigService(properties);
        }
        return config;
    }

    private String registryGroup() {
        return access.group().isEmpty() ? DEFAULT_GROUP : access.group();
    }

    /** Dubbo's name of an interface-level registration in Nacos. */
    private static String serviceName(ServiceKey key) {
        return INTERFACE_LEVEL + key.interfaceName() + ":" + key.version() + ":" + key.group();
    }

    /** A read of Nacos. */
    private interface Read<T> {
        T read() throws NacosException, IOException;
    }

    /** Runs {@code read}; Nacos refusing the user or password is {@code REFUSED}. */
    private <T> T read(Read<T> read) throws IOException {
        try {
            return read.read();
        } catch (NacosException e) {
            if (e.getErrCode() == FORBIDDEN) {
                throw new RegistryLookupException(Reason.REFUSED, "was refused by " + describe() + ": "
                        + e.getErrMsg(), access.authenticated() ? "the password of user '" + access.username()
                        + "' in that Nacos" : "a user and password of that Nacos, which authenticates");
            }
            throw new IOException("could not read " + describe() + ": " + e.getErrMsg(), e);
        }
    }

    @Override
    public void close() {
        shutDown(naming::shutDown);
        synchronized (this) {
            if (config != null) {
                shutDown(config::shutDown);
            }
        }
    }

    private interface ShutDown {
        void run() throws NacosException;
    }

    private static void shutDown(ShutDown client) {
        try {
            client.run();
        } catch (NacosException e) {
            // the reads are done; a client that does not shut down cleanly changes nothing of them
        }
    }

    /** {@code providers:I:V:G} as {@code I version V group G}. */
    private static String readable(String service) {
        String[] parts = service.split(":", -1);
        return parts.length < 4 ? service : new ServiceKey(parts[1], parts[2], parts[3]).describe();
    }

}
