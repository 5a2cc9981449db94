package io.rpcbench.agent.jvm;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A PerfData buffer built in a test, laid out as a HotSpot JVM lays out its hsperfdata (see {@link PerfData}):
 * header, then one entry per counter (name after the 20-byte entry header, value 8-byte aligned), in the byte
 * order asked for. Counters are added in order; {@link #set} changes a long value afterwards, in the buffer and in
 * the file it was written to, as the JVM does while it runs.
 */
public final class PerfDataImage {
    private static final int CAPACITY = 32 * 1024;
    private static final int HEADER_BYTES = 32;

    private final ByteBuffer buffer;
    private final Map<String, Integer> valueOffsets = new LinkedHashMap<String, Integer>();
    private int used = HEADER_BYTES;
    private int count;
    private Path file;

    public PerfDataImage(ByteOrder order) {
        buffer = ByteBuffer.allocate(CAPACITY).order(order);
        buffer.put(0, (byte) 0xca).put(1, (byte) 0xfe).put(2, (byte) 0xc0).put(3, (byte) 0xc0);
        buffer.put(4, (byte) (order == ByteOrder.BIG_ENDIAN ? 0 : 1));
        buffer.put(5, (byte) 2).put(6, (byte) 0).put(7, (byte) 1);
        buffer.putInt(24, HEADER_BYTES);
        writeSizes();
    }

    /** A long counter ('J', one value) of that name and value. */
    public PerfDataImage longCounter(String name, long value) {
        int valueOffset = addEntry(name, 'J', 0, 8);
        buffer.putLong(valueOffset, value);
        return this;
    }

    /** A string counter ('B', a byte vector of the text's length + 1 for its ending 0). */
    public PerfDataImage string(String name, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.US_ASCII);
        int valueOffset = addEntry(name, 'B', bytes.length + 1, bytes.length + 1);
        for (int i = 0; i < bytes.length; i++) {
            buffer.put(valueOffset + i, bytes[i]);
        }
        return this;
    }

    /** One collector's counters as the JVM names them: name, invocations, time in ticks. */
    public PerfDataImage collector(int index, String name, long invocations, long ticks) {
        String prefix = "sun.gc.collector." + index;
        return string(prefix + ".name", name).longCounter(prefix + ".invocations", invocations)
                .longCounter(prefix + ".time", ticks);
    }

    /** Counts one more entry than was written: the JVM counts an entry before it writes it. */
    public PerfDataImage entryBeingWritten() {
        count++;
        used += 64;
        writeSizes();
        return this;
    }

    /** Changes a header byte (offsets as in {@link PerfData}) to make the buffer malformed. */
    public PerfDataImage headerByte(int offset, int value) {
        buffer.put(offset, (byte) value);
        return this;
    }

    public PerfDataImage headerInt(int offset, int value) {
        buffer.putInt(offset, value);
        return this;
    }

    /** Sets a long counter to a new value, in the buffer and in the file written by {@link #writeTo}. */
    public void set(String name, long value) throws IOException {
        int offset = valueOffsets.get(name);
        buffer.putLong(offset, value);
        if (file != null) {
            ByteBuffer eight = ByteBuffer.allocate(8).order(buffer.order());
            eight.putLong(0, value);
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.write(eight, offset);
            }
        }
    }

    /** The bytes in use, as a read-only buffer sharing this image's memory (so {@link #set} shows in it). */
    public ByteBuffer buffer() {
        ByteBuffer view = buffer.asReadOnlyBuffer();
        view.limit(used);
        return view;
    }

    /** Writes the whole image (32 KiB, as a JVM's file) to {@code path}. */
    public Path writeTo(Path path) throws IOException {
        ByteBuffer all = buffer.duplicate();
        all.clear();
        Files.createDirectories(path.getParent());
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            while (all.hasRemaining()) {
                channel.write(all);
            }
        }
        file = path;
        return path;
    }

    private int addEntry(String name, char type, int vectorLength, int valueBytes) {
        byte[] nameBytes = name.getBytes(StandardCharsets.US_ASCII);
        int start = used;
        int nameOffset = 20;
        int dataOffset = align8(nameOffset + nameBytes.length + 1);
        int length = align8(dataOffset + valueBytes);
        buffer.putInt(start, length);
        buffer.putInt(start + 4, nameOffset);
        buffer.putInt(start + 8, vectorLength);
        buffer.put(start + 12, (byte) type);
        buffer.put(start + 13, (byte) 0);
        buffer.put(start + 14, (byte) (type == 'B' ? 5 : 1));
        buffer.put(start + 15, (byte) (type == 'B' ? 1 : 3));
        buffer.putInt(start + 16, dataOffset);
        for (int i = 0; i < nameBytes.length; i++) {
            buffer.put(start + nameOffset + i, nameBytes[i]);
        }
        used += length;
        count++;
        writeSizes();
        valueOffsets.put(name, start + dataOffset);
        return start + dataOffset;
    }

    private void writeSizes() {
        buffer.putInt(8, used);
        buffer.putInt(28, count);
    }

    private static int align8(int offset) {
        return (offset + 7) & ~7;
    }
}
