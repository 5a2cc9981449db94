package io.rpcbench.provider.thrift;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.thrift.transport.TTransportFactory;
import org.apache.thrift.transport.layered.TFramedTransport;

/** The Thrift transports a client may speak to the server: plain buffered socket or length-framed. */
public enum ThriftTransport {
    BUFFERED,
    FRAMED;

    /** The name users type: {@code buffered} or {@code framed}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    TTransportFactory factory() {
        return this == FRAMED ? new TFramedTransport.Factory() : new TTransportFactory();
    }

    /**
     * @throws IllegalArgumentException naming the value and the accepted ones
     */
    public static ThriftTransport parse(String value) {
        for (ThriftTransport t : values()) {
            if (t.label().equals(value)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown Thrift transport '" + value + "'; expected one of "
                + Arrays.stream(values()).map(ThriftTransport::label).collect(Collectors.joining(", ")));
    }
}
