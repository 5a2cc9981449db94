package io.rpcbench.agent;

/** The dangerous features of the original agent, each off unless its flag turns it on. */
final class Permissions {
    final boolean exec;
    final boolean tail;
    final boolean shutdown;
    final boolean udpTransmitter;

    Permissions(boolean exec, boolean tail, boolean shutdown, boolean udpTransmitter) {
        this.exec = exec;
        this.tail = tail;
        this.shutdown = shutdown;
        this.udpTransmitter = udpTransmitter;
    }
}
