package io.rpcbench.agent;

import java.io.IOException;

/** Where a client's replies go: its TCP connection, or datagrams to its UDP address. */
interface Reply {
    /** Sends one line; the newline is added here. */
    void send(String line) throws IOException;
}
