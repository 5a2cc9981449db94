package io.rpcbench.agent.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The PerfData reader on buffers built here with counters of known values, in both byte orders. */
class PerfDataTest {

    private static ByteOrder order(String name) {
        return name.equals("BIG_ENDIAN") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
    }

    @ParameterizedTest
    @ValueSource(strings = {"BIG_ENDIAN", "LITTLE_ENDIAN"})
    void longAndStringCountersReadAsWrittenInEitherByteOrder(String byteOrder) throws Exception {
        PerfDataImage image = new PerfDataImage(order(byteOrder))
                .longCounter("sun.os.hrt.frequency", 1_000_000_000L)
                .string("sun.gc.collector.0.name", "G1 young collection pauses")
                .longCounter("sun.gc.collector.0.invocations", 0x0102030405060708L)
                .longCounter("sun.gc.collector.0.time", -2L);
        PerfData data = new PerfData(image.buffer(), "test");

        Map<String, PerfData.Entry> entries = data.entries();

        assertThat(entries).containsOnlyKeys("sun.os.hrt.frequency", "sun.gc.collector.0.name",
                "sun.gc.collector.0.invocations", "sun.gc.collector.0.time");
        assertThat(data.readLong(entries.get("sun.os.hrt.frequency"))).isEqualTo(1_000_000_000L);
        assertThat(data.readLong(entries.get("sun.gc.collector.0.invocations"))).isEqualTo(0x0102030405060708L);
        assertThat(data.readLong(entries.get("sun.gc.collector.0.time"))).isEqualTo(-2L);
        assertThat(data.readString(entries.get("sun.gc.collector.0.name"))).isEqualTo("G1 young collection pauses");
        assertThat(entries.get("sun.gc.collector.0.name").isLong()).isFalse();
        assertThat(entries.get("sun.gc.collector.0.time").isString()).isFalse();
        assertThat(data.accessible()).isTrue();
    }

    @Test
    void aValueTheJvmChangesIsSeenByTheNextReadWithoutAnotherScan() throws Exception {
        PerfDataImage image = new PerfDataImage(ByteOrder.LITTLE_ENDIAN).longCounter("sun.gc.collector.1.time", 5);
        PerfData data = new PerfData(image.buffer(), "test");
        PerfData.Entry time = data.entries().get("sun.gc.collector.1.time");
        assertThat(data.readLong(time)).isEqualTo(5);

        image.set("sun.gc.collector.1.time", 123_456_789L);

        assertThat(data.readLong(time)).isEqualTo(123_456_789L);
    }

    @Test
    void aMappedFileShowsTheValuesWrittenToTheFileAfterwards(@TempDir Path dir) throws Exception {
        PerfDataImage image = new PerfDataImage(ByteOrder.nativeOrder()).longCounter("sun.gc.collector.0.invocations", 1);
        Path file = image.writeTo(dir.resolve("hsperfdata_app").resolve("4711"));
        PerfData data = PerfData.map(file);
        PerfData.Entry invocations = data.entries().get("sun.gc.collector.0.invocations");

        image.set("sun.gc.collector.0.invocations", 42);

        assertThat(data.readLong(invocations)).isEqualTo(42);
        assertThat(data.source()).isEqualTo(file.toString());
    }

    @Test
    void theScanStopsAtAnEntryTheJvmHasCountedButNotYetWritten() throws Exception {
        PerfDataImage image = new PerfDataImage(ByteOrder.LITTLE_ENDIAN).longCounter("a", 1).longCounter("b", 2)
                .entryBeingWritten();
        assertThat(new PerfData(image.buffer(), "test").entries()).containsOnlyKeys("a", "b");
    }

    @Test
    void entriesBeyondTheUsedBytesAreNotRead() throws Exception {
        PerfDataImage image = new PerfDataImage(ByteOrder.BIG_ENDIAN).longCounter("a", 1).longCounter("b", 2);
        image.headerInt(8, 32 + 32);  // "used" covers only the first entry (32 bytes: 20 + "a\0" + pad + 8)
        assertThat(new PerfData(image.buffer(), "test").entries()).containsOnlyKeys("a");
    }

    @Test
    void aJvmStillStartingIsNotAccessible() throws Exception {
        PerfDataImage image = new PerfDataImage(ByteOrder.LITTLE_ENDIAN).headerByte(7, 0);
        assertThat(new PerfData(image.buffer(), "test").accessible()).isFalse();
    }

    @ParameterizedTest(name = "[{index}] {2}")
    @CsvSource(delimiter = '|', value = {
        "0 | 0x00 | it starts with 00fec0c0, not the magic number cafec0c0",
        "4 | 0x07 | its byte order is 7, expected 0 (big endian) or 1 (little endian)",
        "5 | 0x01 | its version is 1.0; this agent reads version 2.x",
    })
    void aBufferThatIsNotPerfDataIsRefusedSayingWhy(int offset, String value, String why) {
        PerfDataImage image = new PerfDataImage(ByteOrder.LITTLE_ENDIAN).headerByte(offset, Integer.decode(value));
        assertThatThrownBy(() -> new PerfData(image.buffer(), "/tmp/hsperfdata_app/4711"))
                .isInstanceOf(JvmCountersException.class)
                .hasMessage("the performance data /tmp/hsperfdata_app/4711 is not recognised as a HotSpot JVM's: "
                        + why);
    }

    @Test
    void aBufferShorterThanTheHeaderIsRefused() {
        assertThatThrownBy(() -> new PerfData(ByteBuffer.allocate(16), "short"))
                .isInstanceOf(JvmCountersException.class)
                .hasMessageContaining("it has 16 bytes, less than the 32 of the header");
    }

    @Test
    void anEntryTableOutsideTheBufferIsRefused() throws Exception {
        PerfDataImage image = new PerfDataImage(ByteOrder.LITTLE_ENDIAN).longCounter("a", 1).headerInt(24, 8);
        PerfData data = new PerfData(image.buffer(), "test");
        assertThatThrownBy(data::entries).isInstanceOf(JvmCountersException.class)
                .hasMessageContaining("its entries start at 8, outside the 32 header bytes");
    }

    @Test
    void readingAStringAsALongIsAProgrammingError() throws Exception {
        PerfDataImage image = new PerfDataImage(ByteOrder.LITTLE_ENDIAN).string("sun.gc.policy.name", "Copy:MSC");
        PerfData data = new PerfData(image.buffer(), "test");
        PerfData.Entry name = data.entries().get("sun.gc.policy.name");
        assertThatThrownBy(() -> data.readLong(name)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sun.gc.policy.name (type B[9]) is not a long counter");
    }
}
