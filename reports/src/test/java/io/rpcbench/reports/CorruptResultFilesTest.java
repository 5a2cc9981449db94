package io.rpcbench.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.reports.dashboard.Dashboard;
import io.rpcbench.reports.dashboard.DashboardFixtures;
import io.rpcbench.reports.jtl.JtlFormatException;
import io.rpcbench.reports.jtl.JtlReader;
import io.rpcbench.reports.jtl.perfmon.PerfMonReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Truncated and corrupt JTL and PerfMon files: each is refused with an error naming the file, the line and what
 * was expected, and no page is written, so a dashboard never shows a figure computed from a misread line.
 */
class CorruptResultFilesTest {

    private static final String JTL_HEADER = "timeStamp,elapsed,label,responseCode,success";
    private static final String PERFMON_HEADER = "timeStamp,elapsed,label,success";

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "jtl     | truncated last line    | H\\n1000,3,x,OK,true\\n1001,4,x,O"
                + " | 3: the row has 4 fields; expected 5 as in the header line (truncated or corrupt line?)",
        "jtl     | too few columns        | H\\n1000,3,x\\n1001,4,x,OK,true\\n"
                + " | 2: the row has 3 fields; expected 5 as in the header line (truncated or corrupt line?)",
        "jtl     | too many columns       | H\\n1000,3,x,OK,true,7\\n"
                + " | 2: the row has 6 fields; expected 5 as in the header line (truncated or corrupt line?)",
        "jtl     | non-numeric elapsed    | H\\n1000,3,x,OK,true\\n1001,fast,x,OK,true\\n"
                + " | 3: 'elapsed' is 'fast'; expected a whole number",
        "jtl     | negative elapsed       | H\\n1000,-3,x,OK,true\\n"
                + " | 2: 'elapsed' is '-3'; expected a whole number from 0",
        "jtl     | success not a boolean  | H\\n1000,3,x,OK,yes\\n"
                + " | 2: 'success' is 'yes'; expected true or false",
        "jtl     | wrong header           | time,ms,name\\n1000,3,x\\n"
                + " | 1: the header has no 'timeStamp' column; expected a JMeter CSV header with at least [timeStamp,"
                + " elapsed, label, responseCode, success], found [time, ms, name]",
        "jtl     | no header line         | 1000,3,x,OK,true\\n"
                + " | 1: the header has no 'timeStamp' column; expected a JMeter CSV header with at least [timeStamp,"
                + " elapsed, label, responseCode, success], found [1000, 3, x, OK, true]",
        "jtl     | empty file             | \"\""
                + " | 1: the file is empty; expected JMeter's CSV header line",
        "perfmon | truncated last line    | H\\n1000,35657,h CPU,true\\n1001,356"
                + " | 3: the row has 2 fields; expected 4 as in the header line (truncated or corrupt line?)",
        "perfmon | non-numeric value      | H\\n1000,lots,h CPU,true\\n"
                + " | 2: 'elapsed' is 'lots'; expected a whole number",
        "perfmon | missing time stamp     | H\\n,35657,h CPU,true\\n"
                + " | 2: 'timeStamp' is ''; expected a whole number of ms (jmeter.save.saveservice.timestamp_format=ms)",
        "perfmon | success not a boolean  | H\\n1000,35657,h CPU,maybe\\n"
                + " | 2: 'success' is 'maybe'; expected true or false",
        "perfmon | wrong header           | time,value\\n1000,3\\n"
                + " | 1: the header has no 'timeStamp' column; expected a JMeter CSV header with at least [timeStamp,"
                + " elapsed, label], found [time, value]",
    })
    void aCorruptFileIsRefusedNamingFileLineAndWhatWasExpected(String kind, String what, String content,
            String expected) throws IOException {
        String header = kind.equals("jtl") ? JTL_HEADER : PERFMON_HEADER;
        Path file = dir.resolve(kind + ".jtl");
        Files.writeString(file, content.replace("\\n", "\n").replace("H\n", header + "\n"));

        assertThatThrownBy(() -> read(kind, file))
                .isInstanceOf(JtlFormatException.class)
                .hasMessage(file + ":" + expected);
    }

    @ParameterizedTest
    @CsvSource({"jtl", "perfmon"})
    void aBinaryFileIsRefusedAsNotText(String kind) throws IOException {
        Path file = dir.resolve(kind + ".jtl.gz");
        Files.write(file, new byte[] {0x1f, (byte) 0x8b, 0x08, 0x00, (byte) 0xff, (byte) 0xfe, 0x00, 0x03, 0x0a});

        assertThatThrownBy(() -> read(kind, file))
                .isInstanceOf(JtlFormatException.class)
                .hasMessage(file + ":1: bytes that are not UTF-8 text on this line; expected JMeter CSV"
                        + " results (a text file), not a binary or compressed file");
    }

    @Test
    void bytesThatAreNotTextAreNamedByTheirLineWhereverTheyAre() throws IOException {
        Path file = dir.resolve("late.jtl");
        byte[] good = ("timeStamp,elapsed,label,responseCode,success,failureMessage\n1000,1,a,OK,true,\n"
                + "1001,1,a,OK,true,\"远端拒绝, \"\"quoted\"\"\"\n").getBytes(StandardCharsets.UTF_8);
        byte[] bad = "1002,1,a,OK,true,caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1); // é as Latin-1: 0xe9
        Files.write(file, ByteBuffer.allocate(good.length + bad.length).put(good).put(bad).array());

        assertThatThrownBy(() -> read("jtl", file))
                .isInstanceOf(JtlFormatException.class)
                .hasMessage(file + ":4: bytes that are not UTF-8 text on this line; expected JMeter CSV"
                        + " results (a text file), not a binary or compressed file");
    }

    @Test
    void theDashboardBuilderWritesNoPageForABadPerfMonRow() throws IOException {
        Path perfmon = dir.resolve("perfmon.jtl");
        Files.writeString(perfmon, PERFMON_HEADER + "\n1700000000014,35657,127.0.0.1 CPU,true\n1700000001014,x,"
                + "127.0.0.1 CPU,true\n");
        Path html = dir.resolve("dashboard.html");
        Dashboard dashboard = Dashboard.builder().addRun("dubbo-echo-1k", DashboardFixtures.file("dubbo-echo-1k.jtl"),
                Optional.of(perfmon), Optional.empty());

        assertThatThrownBy(() -> dashboard.write(html))
                .isInstanceOf(JtlFormatException.class)
                .hasMessage(perfmon + ":3: 'elapsed' is 'x'; expected a whole number");
        assertThat(html).doesNotExist();
    }

    @Test
    void theCommandExitsWith1PrintingFileAndLineOfATruncatedJtl() throws IOException {
        Path jtl = dir.resolve("cut.jtl");
        Files.writeString(jtl, JTL_HEADER + "\n1700000000000,3,x,OK,true\n1700000000100,4,x");
        ReportsCommand command = new ReportsCommand();

        int code = command.run("--run", "x=" + jtl, "--output", dir.resolve("d.html").toString());

        assertThat(code).isEqualTo(1);
        assertThat(command.err()).isEqualTo("rpcbench-reports: " + jtl + ":3: the row has 3 fields; expected 5 as in"
                + " the header line (truncated or corrupt line?)" + System.lineSeparator());
        assertThat(command.out()).isEmpty();
        assertThat(dir.resolve("d.html")).doesNotExist();
    }

    /** XML results (JMeter's output_format=xml) are refused as such, not as a CSV header that lacks columns. */
    @Test
    void theCommandExitsWith1NamingAnXmlJtlAndSayingCsvIsExpected() throws IOException {
        Path jtl = dir.resolve("results.jtl");
        Files.writeString(jtl, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testResults version=\"1.2\">\n"
                + "<sample t=\"3\" ts=\"1700000000000\" s=\"true\" lb=\"x\" rc=\"OK\"/>\n</testResults>\n");
        ReportsCommand command = new ReportsCommand();

        int code = command.run("--run", "x=" + jtl, "--output", dir.resolve("d.html").toString());

        assertThat(code).isEqualTo(1);
        assertThat(command.err()).isEqualTo("rpcbench-reports: " + jtl + ":1: JMeter's XML results "
                + "(jmeter.save.saveservice.output_format=xml); the reports read its CSV results: run again with "
                + "output_format=csv, JMeter's default" + System.lineSeparator());
        assertThat(dir.resolve("d.html")).doesNotExist();
    }

    private static void read(String kind, Path file) {
        Consumer<Object> ignore = sample -> {};
        if (kind.equals("jtl")) {
            JtlReader.read(file, ignore::accept);
        } else {
            PerfMonReader.read(file, ignore::accept);
        }
    }
}
