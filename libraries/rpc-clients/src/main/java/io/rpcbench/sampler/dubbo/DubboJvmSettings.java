package io.rpcbench.sampler.dubbo;

/**
 * System properties Dubbo reads once when its classes initialise. Set here, before the first reference
 * is built, and only when absent so that {@code -D} options on the JMeter command line still win.
 */
final class DubboJvmSettings {

    private DubboJvmSettings() {}

    static void applyDefaults() {
        // On Java 25 Dubbo 3.3 otherwise picks fastjson 1, which is not on the class path.
        setIfAbsent("dubbo.json-framework.prefer", "fastjson2");
        // Log through slf4j, which JMeter routes to its own log4j2 configuration (jmeter.log).
        setIfAbsent("dubbo.application.logger", "slf4j");
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
