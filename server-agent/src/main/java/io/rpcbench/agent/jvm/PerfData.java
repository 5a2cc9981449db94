package io.rpcbench.agent.jvm;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The performance counters a HotSpot JVM publishes about itself (its "PerfData", the memory {@code jstat} and
 * {@code jcmd <pid> PerfCounter.print} read), read from a buffer: normally the JVM's hsperfdata file mapped
 * read-only, so every read sees the value the JVM wrote last.
 *
 * <p>Calls: {@link #map} (or the constructor, on any buffer), then {@link #entries()} once to find the counters
 * wanted, then {@link #readLong} / {@link #readString} on those entries as often as wanted. Not thread-safe: one
 * reader per instance.
 *
 * <p>The layout, PerfData major version 2 (HotSpot JDK 8 to 25; checked on 17 and 25), each number in the byte
 * order the header names:
 * <pre>
 * header, 32 bytes
 *    0  magic           bytes CA FE C0 C0, in this sequence whatever the byte order
 *    4  byte order      1 byte: 0 big endian, 1 little endian
 *    5  major version   1 byte: 2
 *    6  minor version   1 byte
 *    7  accessible      1 byte: 1 once the JVM has started
 *    8  used            int: bytes in use from the start of the buffer (header and entries)
 *   12  overflow        int: bytes of counters that did not fit
 *   16  modified        long: time of the last entry added
 *   24  entry offset    int: where the first entry starts
 *   28  entry count     int
 * entries, one after the other from the entry offset; offsets are from the entry's own start
 *    0  entry length    int: bytes to the next entry
 *    4  name offset     int: the name, ASCII ending with a 0 byte (e.g. sun.gc.collector.0.time)
 *    8  vector length   int: 0 for one value, else the number of elements (a string is a vector of bytes)
 *   12  type            1 byte: 'J' a long, 'B' a byte (other Java type letters exist)
 *   13  flags, 14 units, 15 variability: 1 byte each
 *   16  data offset     int: the value; a long is 8-byte aligned, so it is read whole
 * </pre>
 * While it runs the JVM only appends entries (it counts an entry before writing it, so the last one may still be
 * zeros: the scan stops at the first entry that is not whole) and updates values in place. It never shrinks the
 * file; a file cut short under the mapping (only its owner could) would fault the reading thread.
 */
public final class PerfData {
    private static final int MAGIC = 0xcafec0c0;
    private static final int SUPPORTED_MAJOR_VERSION = 2;
    private static final int HEADER_BYTES = 32;
    private static final int ENTRY_HEADER_BYTES = 20;
    private static final int LONG_BYTES = 8;

    private final ByteBuffer buffer;
    private final String source;

    /**
     * Checks the header of {@code data} (from its index 0 to its limit); {@code source} names it in messages.
     *
     * @throws JvmCountersException the buffer is not PerfData of a version this class reads
     */
    public PerfData(ByteBuffer data, String source) throws JvmCountersException {
        this.source = source;
        ByteBuffer view = data.duplicate().order(ByteOrder.BIG_ENDIAN);
        if (view.limit() < HEADER_BYTES) {
            throw notRecognised("it has " + view.limit() + " bytes, less than the 32 of the header");
        }
        if (view.getInt(0) != MAGIC) {
            throw notRecognised(String.format("it starts with %08x, not the magic number cafec0c0", view.getInt(0)));
        }
        byte order = view.get(4);
        if (order != 0 && order != 1) {
            throw notRecognised("its byte order is " + order + ", expected 0 (big endian) or 1 (little endian)");
        }
        int major = view.get(5);
        if (major != SUPPORTED_MAJOR_VERSION) {
            throw notRecognised("its version is " + major + "." + view.get(6) + "; this agent reads version "
                    + SUPPORTED_MAJOR_VERSION + ".x");
        }
        this.buffer = view.order(order == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Maps a JVM's hsperfdata file read-only, without following a symbolic link at its last step (a link a user
     * placed there must not make the agent read another file). The file can be closed and deleted afterwards; the
     * mapping stays valid.
     */
    public static PerfData map(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            long size = channel.size();
            if (size > Integer.MAX_VALUE) {
                throw new JvmCountersException("the performance data file " + file + " is not recognised: it has "
                        + size + " bytes, more than any JVM writes");
            }
            return new PerfData(channel.map(FileChannel.MapMode.READ_ONLY, 0, size), file.toString());
        }
    }

    /** The buffer's name in messages: its file. */
    public String source() {
        return source;
    }

    /** True once the JVM has finished creating its counters at start-up. */
    public boolean accessible() {
        return buffer.get(7) != 0;
    }

    /**
     * The entries as they are now, by name, in the buffer's order: a fresh scan of the entry table, so call it once
     * and keep the entries (their values stay live).
     *
     * @throws JvmCountersException the header's entry offset lies outside the header and buffer
     */
    public Map<String, Entry> entries() throws JvmCountersException {
        int end = Math.min(buffer.getInt(8), buffer.limit());
        int offset = buffer.getInt(24);
        int count = buffer.getInt(28);
        if (offset < HEADER_BYTES || offset > buffer.limit()) {
            throw notRecognised("its entries start at " + offset + ", outside the 32 header bytes and the "
                    + buffer.limit() + " of the buffer");
        }
        Map<String, Entry> entries = new LinkedHashMap<String, Entry>();
        for (int i = 0; i < count; i++) {
            Entry entry = entryAt(offset, end);
            if (entry == null) {
                break;
            }
            entries.put(entry.name, entry);
            offset += entry.length;
        }
        return Collections.unmodifiableMap(entries);
    }

    /** The entry starting at {@code offset}, or null when it is not whole below {@code end} (being written). */
    private Entry entryAt(int offset, int end) {
        if (end - offset < ENTRY_HEADER_BYTES) {
            return null;
        }
        int length = buffer.getInt(offset);
        if (length < ENTRY_HEADER_BYTES || length > end - offset) {
            return null;
        }
        int nameOffset = buffer.getInt(offset + 4);
        int vectorLength = buffer.getInt(offset + 8);
        char type = (char) buffer.get(offset + 12);
        int dataOffset = buffer.getInt(offset + 16);
        if (nameOffset < ENTRY_HEADER_BYTES || nameOffset >= length || dataOffset < ENTRY_HEADER_BYTES
                || dataOffset >= length || vectorLength < 0) {
            return null;
        }
        String name = text(offset + nameOffset, offset + length);
        if (name.isEmpty()) {
            return null;
        }
        return new Entry(name, type, vectorLength, offset + dataOffset, offset + length, length);
    }

    /**
     * The current value of a long counter.
     *
     * @throws IllegalArgumentException the entry is not a single long ({@link Entry#isLong()})
     */
    public long readLong(Entry entry) {
        if (!entry.isLong()) {
            throw new IllegalArgumentException(entry + " is not a long counter");
        }
        return buffer.getLong(entry.dataStart);
    }

    /**
     * The current value of a string counter (a byte vector up to its first 0 byte).
     *
     * @throws IllegalArgumentException the entry is not a string ({@link Entry#isString()})
     */
    public String readString(Entry entry) {
        if (!entry.isString()) {
            throw new IllegalArgumentException(entry + " is not a string counter");
        }
        return text(entry.dataStart, (int) Math.min(entry.entryEnd, (long) entry.dataStart + entry.vectorLength));
    }

    /** ASCII from {@code start} up to the first 0 byte or {@code end}. */
    private String text(int start, int end) {
        int stop = start;
        while (stop < end && buffer.get(stop) != 0) {
            stop++;
        }
        byte[] bytes = new byte[stop - start];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = buffer.get(start + i);
        }
        return new String(bytes, StandardCharsets.US_ASCII);
    }

    private JvmCountersException notRecognised(String why) {
        return new JvmCountersException("the performance data " + source + " is not recognised as a HotSpot JVM's: "
                + why);
    }

    /** One counter of the buffer: where its value lies, and of what type. */
    public static final class Entry {
        private final String name;
        private final char type;
        private final int vectorLength;
        private final int dataStart;
        private final int entryEnd;
        private final int length;

        Entry(String name, char type, int vectorLength, int dataStart, int entryEnd, int length) {
            this.name = name;
            this.type = type;
            this.vectorLength = vectorLength;
            this.dataStart = dataStart;
            this.entryEnd = entryEnd;
            this.length = length;
        }

        public String name() {
            return name;
        }

        /** A single long whose 8 bytes lie inside the entry. */
        public boolean isLong() {
            return type == 'J' && vectorLength == 0 && entryEnd - dataStart >= LONG_BYTES;
        }

        /** A vector of bytes: how the JVM stores a string. */
        public boolean isString() {
            return type == 'B' && vectorLength > 0;
        }

        @Override
        public String toString() {
            return name + " (type " + type + (vectorLength > 0 ? "[" + vectorLength + "]" : "") + ")";
        }
    }
}
