package io.rpcbench.dubbo27;

/** The port a protocol was to listen on is taken. Its message is the one line the command prints. */
public final class PortInUseException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public PortInUseException(String protocol, String bind, int port, Throwable cause) {
        super("port " + port + " (" + protocol + ") on " + bind + " is already in use", cause);
    }
}
