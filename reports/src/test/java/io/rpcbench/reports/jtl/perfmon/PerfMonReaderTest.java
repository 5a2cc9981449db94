package io.rpcbench.reports.jtl.perfmon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.reports.jtl.JtlFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The PerfMon Metrics Collector's results file, as kg.apc:jmeter-plugins-perfmon 2.1 writes it. */
class PerfMonReaderTest {

    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success,"
            + "bytes,sentBytes,grpThreads,allThreads,Latency,Hostname,Connect\n";

    @TempDir
    Path dir;

    @Test
    void valueIsElapsedDividedByAThousandAndLabelNamesHostTypeAndMetric() throws IOException {
        List<PerfMonSample> samples = read(HEADER
                + "1700000000014,35657,127.0.0.1 CPU combined,,,,true,0,0,0,0,0,loadgen,0\n"
                + "1700000001014,1234567890,provider-1 Network I/O bytesrecv:unit=kb,,,,true,0,0,0,0,0,loadgen,0\n"
                + "1700000002014,0,10.0.0.7 Disks I/O,,,,true,0,0,0,0,0,loadgen,0\n");

        assertThat(samples).containsExactly(
                new PerfMonSample(1700000000014L, new PerfMonMetric("127.0.0.1", "CPU", "combined"), 35.657, true, ""),
                new PerfMonSample(1700000001014L, new PerfMonMetric("provider-1", "Network I/O", "bytesrecv:unit=kb"),
                        1234567.89, true, ""),
                new PerfMonSample(1700000002014L, new PerfMonMetric("10.0.0.7", "Disks I/O", "Disks I/O"), 0.0, true, ""));
    }

    @Test
    void failedReadIsASampleWithoutValueAndWithTheCollectorsMessage() throws IOException {
        List<PerfMonSample> samples = read(HEADER + "1700000007009,-1000,127.0.0.1 Disks I/O queue,,"
                + "\"java.lang.NumberFormatException: For input string: \"\"\"\"\",,false,0,0,0,0,0,loadgen,0\n");

        assertThat(samples).hasSize(1);
        assertThat(samples.get(0).success()).isFalse();
        assertThat(samples.get(0).value()).isNaN();
        assertThat(samples.get(0).message()).isEqualTo("java.lang.NumberFormatException: For input string: \"\"");
    }

    @Test
    void labelsOfEveryCollectorTypeAndCustomLabelsAreParsed() {
        assertThat(PerfMonMetric.parse("localhost Memory usedperc")).isEqualTo(new PerfMonMetric("localhost", "Memory", "usedperc"));
        assertThat(PerfMonMetric.parse("localhost Memory usedperc").chart()).isEqualTo("Memory %");
        assertThat(PerfMonMetric.parse("localhost Memory used:unit=mb").chart()).isEqualTo("Memory");
        assertThat(PerfMonMetric.parse("localhost CPU combined").chart()).isEqualTo("CPU");
        assertThat(PerfMonMetric.parse("localhost CPU")).isEqualTo(new PerfMonMetric("localhost", "CPU", "CPU"));
        assertThat(PerfMonMetric.parse("h Swap used")).isEqualTo(new PerfMonMetric("h", "Swap", "used"));
        assertThat(PerfMonMetric.parse("h TCP estab")).isEqualTo(new PerfMonMetric("h", "TCP", "estab"));
        // label=provider-cpu in the parameter: PerfMon writes "<host> <type> <label>".
        assertThat(PerfMonMetric.parse("h CPU provider-cpu")).isEqualTo(new PerfMonMetric("h", "CPU", "provider-cpu"));
        assertThat(PerfMonMetric.parse("h Disks I/O reads").chart()).isEqualTo("Disks I/O");
        assertThat(PerfMonMetric.parse("h Disksx reads")).isEqualTo(new PerfMonMetric("h", "", "Disksx reads"));
        assertThat(PerfMonMetric.parse("h Disksx reads").chart()).isEqualTo("Other");
        assertThat(PerfMonMetric.parse("lonely")).isEqualTo(new PerfMonMetric("", "", "lonely"));
    }

    @Test
    void fileWithoutElapsedColumnIsRefusedNamingFileAndColumn() throws IOException {
        Path file = dir.resolve("perfmon.jtl");
        Files.writeString(file, "timeStamp,label\n1,h CPU\n");

        assertThatThrownBy(() -> PerfMonReader.read(file, s -> {}))
                .isInstanceOf(JtlFormatException.class)
                .hasMessageStartingWith(file + ":1: the header has no 'elapsed' column");
    }

    @Test
    void truncatedRowIsRefusedNamingFileAndLine() throws IOException {
        Path file = dir.resolve("perfmon.jtl");
        Files.writeString(file, HEADER + "1700000000014,35657,127.0.0.1 CPU combined,,,,true,0,0,0,0,0,loadgen,0\n"
                + "1700000001014,356\n");

        assertThatThrownBy(() -> PerfMonReader.read(file, s -> {}))
                .isInstanceOf(JtlFormatException.class)
                .hasMessage(file + ":3: the row has 2 fields; expected 14 as in the header line (truncated or corrupt line?)");
    }

    private List<PerfMonSample> read(String content) throws IOException {
        Path file = dir.resolve("perfmon.jtl");
        Files.writeString(file, content);
        List<PerfMonSample> samples = new ArrayList<>();
        assertThat(PerfMonReader.read(file, samples::add)).isEqualTo(samples.size());
        return samples;
    }
}
