package io.rpcbench.sampler.thrift;

import org.apache.thrift.TConfiguration;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;

/**
 * A transport that counts the bytes passing through to the transport below it. Placed directly on the
 * socket (under any framing) it counts exactly what goes over the wire. One per connection, so one per
 * thread; {@link #reset()} before each call.
 */
public final class CountingTransport extends TTransport {

    private final TTransport wire;
    private long written;
    private long read;

    public CountingTransport(TTransport wire) {
        this.wire = wire;
    }

    /** Starts counting a new call. */
    public void reset() {
        written = 0;
        read = 0;
    }

    public long written() {
        return written;
    }

    public long read() {
        return read;
    }

    @Override
    public boolean isOpen() {
        return wire.isOpen();
    }

    @Override
    public void open() throws TTransportException {
        wire.open();
    }

    @Override
    public void close() {
        wire.close();
    }

    @Override
    public int read(byte[] buf, int off, int len) throws TTransportException {
        int n = wire.read(buf, off, len);
        if (n > 0) {
            read += n;
        }
        return n;
    }

    @Override
    public void write(byte[] buf, int off, int len) throws TTransportException {
        wire.write(buf, off, len);
        written += len;
    }

    @Override
    public void flush() throws TTransportException {
        wire.flush();
    }

    @Override
    public TConfiguration getConfiguration() {
        return wire.getConfiguration();
    }

    @Override
    public void updateKnownMessageSize(long size) throws TTransportException {
        wire.updateKnownMessageSize(size);
    }

    @Override
    public void checkReadBytesAvailable(long numBytes) throws TTransportException {
        wire.checkReadBytesAvailable(numBytes);
    }
}
