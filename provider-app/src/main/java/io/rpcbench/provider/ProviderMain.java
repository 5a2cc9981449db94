package io.rpcbench.provider;

import picocli.CommandLine;

/**
 * {@code java -jar rpcbench-provider-app.jar [options]}: sets the JVM defaults Dubbo needs before any Dubbo
 * class loads, then runs {@link ProviderCommand}.
 */
public final class ProviderMain {

    private ProviderMain() {}

    public static void main(String[] args) {
        JvmDefaults.apply();
        System.exit(new CommandLine(new ProviderCommand()).execute(args));
    }
}
