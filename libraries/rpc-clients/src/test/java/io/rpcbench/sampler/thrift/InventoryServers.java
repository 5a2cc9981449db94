package io.rpcbench.sampler.thrift;

import io.rpcbench.provider.DelayedEcho;
import io.rpcbench.provider.thrift.ThriftEndpoint;
import io.rpcbench.sampler.LoopbackProviders;

/**
 * The example InventoryService on 127.0.0.1 and a free port, served the two ways the generic Thrift sampler calls
 * it: alone on a plain server ({@link PlainThriftServer}), or multiplexed under {@link #MULTIPLEXED_NAME} beside the
 * echo by the provider app's own {@link ThriftEndpoint}. Close what {@link #start} returns.
 */
public final class InventoryServers {

    /** The name the provider app multiplexes the inventory under. */
    public static final String MULTIPLEXED_NAME = ThriftEndpoint.INVENTORY_SERVICE;

    /** A running server: its port, and the multiplexed service name a client must use (empty for plain). */
    public interface Running extends AutoCloseable {
        int port();

        String multiplexedService();

        @Override
        void close();
    }

    private InventoryServers() {}

    /** @param multiplexed true: the provider app's multiplexed endpoint; false: a plain inventory server */
    public static Running start(boolean multiplexed, String transport, String protocol) throws Exception {
        if (multiplexed) {
            ThriftEndpoint endpoint = LoopbackProviders.thrift(transport, protocol, new DelayedEcho(0));
            return running(endpoint.port(), MULTIPLEXED_NAME, endpoint::close);
        }
        PlainThriftServer server = new PlainThriftServer(transport, protocol);
        return running(server.port(), "", server::close);
    }

    private static Running running(int port, String name, Runnable closer) {
        return new Running() {
            @Override
            public int port() {
                return port;
            }

            @Override
            public String multiplexedService() {
                return name;
            }

            @Override
            public void close() {
                closer.run();
            }
        };
    }
}
