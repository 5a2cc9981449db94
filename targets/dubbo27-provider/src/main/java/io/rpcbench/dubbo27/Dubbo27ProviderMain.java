package io.rpcbench.dubbo27;

import picocli.CommandLine;

/**
 * {@code java -jar rpcbench-dubbo27-provider.jar [options]}: sets the JVM defaults Dubbo 2.7 needs before any of
 * its classes load, then runs {@link Dubbo27ProviderCommand}.
 *
 * <p>The jar's manifest opens {@code java.base/java.lang} (javassist defines Dubbo's proxy classes through
 * {@code ClassLoader.defineClass}) and {@code java.base/java.math} (hessian-lite writes {@code BigDecimal} by its
 * fields) to the class path, so {@code java -jar} needs no {@code --add-opens} on JDK 17 and later. Run from a
 * plain class path, pass {@code --add-opens java.base/java.lang=ALL-UNNAMED --add-opens
 * java.base/java.math=ALL-UNNAMED}.
 */
public final class Dubbo27ProviderMain {

    private Dubbo27ProviderMain() {}

    public static void main(String[] args) {
        applyJvmDefaults();
        System.exit(new CommandLine(new Dubbo27ProviderCommand()).execute(args));
    }

    /** Each default is set only when the user has not set it ({@code -Dkey=value} wins). */
    private static void applyJvmDefaults() {
        // Dubbo 2.7 tries log4j first. Dubbo, Curator and ZooKeeper all log to java.util.logging here, on stderr,
        // warnings only: Dubbo reads logging.properties from the class path (this jar's).
        setIfAbsent("dubbo.application.logger", "jdk");
        // IPv4 sockets, so that ss shows the listener as 127.0.0.1:port rather than [::ffff:127.0.0.1]:port.
        setIfAbsent("java.net.preferIPv4Stack", "true");
        // In-flight calls get this long to finish on stop (Dubbo's default is 10 s, spent on every stop).
        setIfAbsent("dubbo.service.shutdown.wait", "1000");
        // Dubbo's Jetty server (protocols hessian and http) logs through Jetty's StdErrLog, at INFO by default: a dozen
        // lines on every start. Warnings only, as the rest of the provider.
        setIfAbsent("org.eclipse.jetty.LEVEL", "WARN");
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
