package io.rpcbench.provider;

/**
 * System properties the provider needs before Dubbo's classes load, so that {@code java -jar} alone works on
 * JDK 17 and JDK 25. Each is set only when the user has not set it ({@code -Dkey=value} wins).
 * Call {@link #apply()} first thing in {@code main}, and in tests before starting a provider.
 */
public final class JvmDefaults {

    private JvmDefaults() {}

    public static void apply() {
        // Dubbo 3.3 otherwise probes for fastjson 1 on Java 25 and fails with NoClassDefFoundError.
        setIfAbsent("dubbo.json-framework.prefer", "fastjson2");
        // Dubbo tries log4j 1 first; we log through slf4j to log4j2 (stderr, WARN for Dubbo and ZooKeeper).
        setIfAbsent("dubbo.application.logger", "slf4j");
        // Our shutdown hook stops Dubbo, then Thrift, then ZooKeeper; Dubbo's own hook would race with it.
        setIfAbsent("dubbo.shutdownHook.listenIgnore", "true");
        // IPv4 sockets, so that ss shows listeners as 127.0.0.1:port rather than [::ffff:127.0.0.1]:port.
        setIfAbsent("java.net.preferIPv4Stack", "true");
        // The embedded ZooKeeper needs no HTTP admin server (it would listen on 8080 on every interface).
        setIfAbsent("zookeeper.admin.enableServer", "false");
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
