package io.rpcbench.echo;

import java.util.regex.Pattern;

/**
 * How every rpcbench command and sampler keeps a registry's password out of what it prints: the password comes from
 * the environment variable {@value #PASSWORD_VARIABLE} (a command line shows in {@code ps}), and an address that
 * carries a user or password in its query ({@code ?username=..&password=..}, as Dubbo would read them) is refused,
 * shown masked, since addresses are printed in messages, logs and results.
 */
public final class CredentialsInAddress {

    /** Where the commands read a registry's password. */
    public static final String PASSWORD_VARIABLE = "RPCBENCH_REGISTRY_PASSWORD";

    private static final Pattern IN_QUERY = Pattern.compile("[?&](username|password)=");
    private static final Pattern VALUE = Pattern.compile("(?<=[?&](username|password)=)[^&]*");

    private CredentialsInAddress() {}

    /** Whether {@code address}'s query names a user or a password. */
    public static boolean inQuery(String address) {
        return IN_QUERY.matcher(address).find();
    }

    /** {@code address} with the value of every user and password in its query replaced by {@code ****}. */
    public static String masked(String address) {
        return VALUE.matcher(address).replaceAll("****");
    }
}
