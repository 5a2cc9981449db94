package io.rpcbench.dubbo27;

/** The dubbo port the provider was to listen on is taken. Its message is the one line the command prints. */
public final class PortInUseException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public PortInUseException(String bind, int port, Throwable cause) {
        super("port " + port + " (dubbo) on " + bind + " is already in use", cause);
    }
}
