package io.rpcbench.discovery;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.curator.x.discovery.ServiceInstance;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.utils.JsonUtils;
import org.apache.dubbo.metadata.MetadataInfo;
import org.apache.dubbo.registry.client.DefaultServiceInstance;
import org.apache.dubbo.registry.zookeeper.ZookeeperInstance;

/**
 * The registrations of the {@link RegistryShape}'s fake instances, made from what a real Dubbo 3.3 provider
 * registered ({@link RealRegistrations}): each URL is the real provider's interface-level URL with the fake host,
 * port, protocol, interface and application put in and its {@code methods} padded to the shape's URL length; each
 * instance is the real instance's metadata with the application's revision, its protocols' endpoints and the storage
 * type {@code remote} (so consumers read the metadata from the report, never from the fake address); each
 * application's metadata is Dubbo's own {@link MetadataInfo} of its URLs, whose revision Dubbo computes.
 */
final class FakeRegistrations {

    private static final String STORAGE_TYPE = "dubbo.metadata.storage-type";
    private static final String REVISION = "dubbo.metadata.revision";
    private static final String ENDPOINTS = "dubbo.endpoints";
    private static final String METADATA_SERVICE_PREFIX = "dubbo.metadata-service.";

    private final RegistryShape shape;
    private final URL template;
    private final byte[] templateData;
    private final Map<String, String> templateMetadata;
    private final String methods;
    private final Map<Integer, MetadataInfo> metadata = new HashMap<>();

    FakeRegistrations(RegistryShape shape, RealRegistrations real) {
        this.shape = shape;
        this.template = real.providerUrl();
        this.templateData = real.providerData();
        this.templateMetadata = real.instanceMetadata();
        this.methods = paddedMethods();
    }

    /** The instance's interface-level URLs: each interface of its application over each protocol. */
    List<URL> urls(int instance) {
        int app = shape.appOf(instance);
        List<URL> urls = new ArrayList<>();
        for (int i = 0; i < shape.interfaces(); i++) {
            for (int p = 0; p < shape.protocols(); p++) {
                urls.add(url(instance, shape.interfaceName(app, i), p, methods));
            }
        }
        return urls;
    }

    /** The data of a URL's node: the real node's, with the fake host where the real one held its host. */
    byte[] urlData(int instance) {
        String text = new String(templateData, StandardCharsets.UTF_8);
        return text.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}") ? shape.host(instance).getBytes(StandardCharsets.UTF_8)
                : templateData;
    }

    /** The application's metadata, as its instances publish it to the metadata report. */
    synchronized MetadataInfo metadata(int app) {
        return metadata.computeIfAbsent(app, a -> {
            MetadataInfo info = new MetadataInfo(shape.appName(a));
            urls(a * shape.instancesPerApp()).forEach(info::addService);
            info.calAndGetRevision();
            return info;
        });
    }

    /** The instance's node under {@code /services/<app>}. */
    ServiceInstance<ZookeeperInstance> instance(int instance) throws Exception {
        int app = shape.appOf(instance);
        String name = shape.appName(app);
        String host = shape.host(instance);
        int port = shape.port(0);
        Map<String, String> values = new TreeMap<>(templateMetadata);
        values.keySet().removeIf(key -> key.startsWith(METADATA_SERVICE_PREFIX));
        values.put(REVISION, metadata(app).getRevision());
        values.put(STORAGE_TYPE, "remote");
        List<DefaultServiceInstance.Endpoint> endpoints = new ArrayList<>();
        for (int p = 0; p < shape.protocols(); p++) {
            endpoints.add(new DefaultServiceInstance.Endpoint(shape.port(p), shape.protocol(p)));
        }
        values.put(ENDPOINTS, JsonUtils.toJson(endpoints));
        String id = host + ":" + port;
        return ServiceInstance.<ZookeeperInstance>builder().id(id).name(name).address(host).port(port)
                .payload(new ZookeeperInstance(id, name, values)).build();
    }

    private URL url(int instance, String service, int protocol, String methodList) {
        return template.setProtocol(shape.protocol(protocol)).setHost(shape.host(instance))
                .setPort(shape.port(protocol)).setPath(service)
                .addParameter("interface", service)
                .addParameter("application", shape.appName(shape.appOf(instance)))
                .addParameter("methods", methodList)
                .removeParameters("bind.ip", "bind.port");
    }

    /** Method names enough for the longest URL (the last instance's, widest host) to reach the shape's length. */
    private String paddedMethods() {
        int last = shape.instances() - 1;
        String service = shape.interfaceName(shape.appOf(last), shape.interfaces() - 1);
        StringBuilder list = new StringBuilder("operation0");
        int n = 1;
        while (url(last, service, shape.protocols() - 1, list.toString()).toFullString().length() < shape.urlBytes()) {
            list.append(",operation").append(n++);
        }
        return list.toString();
    }
}
