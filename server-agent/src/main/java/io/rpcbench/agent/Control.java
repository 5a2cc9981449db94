package io.rpcbench.agent;

import java.io.IOException;
import java.net.InetSocketAddress;

/** What a client command may ask of the whole agent; each is checked against its --allow flag by the session. */
interface Control {
    void shutdown();

    void startTransmitter(InetSocketAddress target, String specs) throws IOException;
}
