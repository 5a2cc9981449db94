package io.rpcbench.provider.thrift;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TProtocolFactory;

/** The Thrift wire protocols the server speaks: binary (seed 003) or compact. */
public enum ThriftProtocol {
    BINARY,
    COMPACT;

    /** The name users type: {@code binary} or {@code compact}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    TProtocolFactory factory() {
        return this == COMPACT ? new TCompactProtocol.Factory() : new TBinaryProtocol.Factory();
    }

    /**
     * @throws IllegalArgumentException naming the value and the accepted ones
     */
    public static ThriftProtocol parse(String value) {
        for (ThriftProtocol p : values()) {
            if (p.label().equals(value)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown Thrift protocol '" + value + "'; expected one of "
                + Arrays.stream(values()).map(ThriftProtocol::label).collect(Collectors.joining(", ")));
    }
}
