package io.rpcbench.dubbo27;

/**
 * The user and password of a registry that authenticates (Nacos), handed to Dubbo's registry configuration apart
 * from the address, which is printed. {@link #toString} masks the password.
 *
 * @param username the registry's user, empty for none
 * @param password that user's password
 */
public record RegistryCredentials(String username, String password) {

    /** No user: a registry that does not authenticate. */
    public static final RegistryCredentials NONE = new RegistryCredentials("", "");

    public boolean present() {
        return !username.isEmpty();
    }

    @Override
    public String toString() {
        return present() ? "RegistryCredentials[user " + username + ", password ****]" : "RegistryCredentials[none]";
    }
}
