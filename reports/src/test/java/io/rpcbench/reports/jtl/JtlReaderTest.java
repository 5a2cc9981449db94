package io.rpcbench.reports.jtl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class JtlReaderTest {

    @TempDir
    Path dir;

    public static Path resource(String name) throws URISyntaxException {
        return Path.of(JtlReaderTest.class.getResource("/io/rpcbench/reports/" + name).toURI());
    }

    @Test
    void readsEveryRowOfJMeterDefaultCsvIncludingQuotedCommas() throws Exception {
        List<JtlSample> samples = new ArrayList<>();
        long count = JtlReader.read(resource("small.jtl"), samples::add);

        assertThat(count).isEqualTo(8);
        assertThat(samples).hasSize(8);
        assertThat(samples.get(3)).isEqualTo(
                new JtlSample(1700000000300L, 40, "dubbo-echo-1k", "timeout",
                        "Timeout after 40 ms, waiting for 127.0.0.1:20880", false, 0, 1090, 2, ""));
        assertThat(samples.get(6).responseCode()).isEqualTo("connection");
    }

    @Test
    void readsTheUrlColumnAsTheAnsweringProviderAndJMetersNullAsNone() throws IOException {
        Path jtl = write("timeStamp,elapsed,label,responseCode,success,URL\n"
                + "1000,1,a,OK,true,dubbo://127.0.0.1:20880\n" + "1001,1,a,OK,true,null\n");
        List<JtlSample> samples = new ArrayList<>();
        JtlReader.read(jtl, samples::add);
        assertThat(samples).extracting(JtlSample::url).containsExactly("dubbo://127.0.0.1:20880", "");
    }

    @Test
    void readsElapsedUsAsTheSamplesMicrosecondsAndRefusesABadValueNamingIt() throws IOException {
        // JMeter's CSVSaveService quotes sample variable names in the header and writes an unset one as null.
        Path jtl = write("timeStamp,elapsed,label,responseCode,success,\"elapsed_us\"\n1000,0,a,OK,true,214\n"
                + "1001,3,a,OK,true,null\n");
        List<JtlSample> samples = new ArrayList<>();
        JtlReader.read(jtl, samples::add);
        assertThat(samples).containsExactly(new JtlSample(1000, 0, "a", "OK", "", true, 0, 0, 0, "", 214, true),
                new JtlSample(1001, 3, "a", "OK", "", true, 0, 0, 0, "", 3000, false));

        Path negative = write("timeStamp,elapsed,label,responseCode,success,elapsed_us\n1000,0,a,OK,true,-3\n");
        assertThatThrownBy(() -> JtlReader.read(negative, s -> {}))
                .hasMessage(negative + ":2: 'elapsed_us' is '-3'; expected a whole number from 0");
        Path text = write("timeStamp,elapsed,label,responseCode,success,elapsed_us\n1000,0,a,OK,true,0.2ms\n");
        assertThatThrownBy(() -> JtlReader.read(text, s -> {}))
                .hasMessage(text + ":2: 'elapsed_us' is '0.2ms'; expected a whole number");
    }

    @Test
    void findsColumnsByNameWhateverTheirOrder() throws IOException {
        Path jtl = write("label,success,elapsed,timeStamp,responseCode\n" + "a,true,12,1000,OK\n");
        List<JtlSample> samples = new ArrayList<>();
        JtlReader.read(jtl, samples::add);
        assertThat(samples).containsExactly(new JtlSample(1000, 12, "a", "OK", "", true, 0, 0, 0, ""));
    }

    @Test
    void missingColumnIsNamedWithTheHeaderLine() throws IOException {
        Path jtl = write("timeStamp,elapsed,label,success\n1000,1,a,true\n");
        assertThatThrownBy(() -> JtlReader.read(jtl, s -> {}))
                .isInstanceOf(JtlFormatException.class)
                .hasMessageStartingWith(jtl + ":1: the header has no 'responseCode' column");
    }

    @Test
    void truncatedRowIsReportedWithItsLineNumber() throws IOException {
        Path jtl = write("timeStamp,elapsed,label,responseCode,success\n1000,1,a,OK,true\n1001,2,a\n");
        assertThatThrownBy(() -> JtlReader.read(jtl, s -> {}))
                .isInstanceOf(JtlFormatException.class)
                .hasMessage(jtl + ":3: the row has 3 fields; expected 5 as in the header line (truncated or corrupt line?)");
    }

    @Test
    void dateTimestampsAreRejectedWithTheSettingToChange() throws IOException {
        Path jtl = write("timeStamp,elapsed,label,responseCode,success\n2024/01/01 10:00:00,1,a,OK,true\n");
        assertThatThrownBy(() -> JtlReader.read(jtl, s -> {}))
                .hasMessageContaining(":2: 'timeStamp' is '2024/01/01 10:00:00'; expected a whole number of ms")
                .hasMessageContaining("timestamp_format=ms");
    }

    @Test
    void readsJMetersQuotingDoubledQuotesLineBreaksAndCommasInsideAField() throws IOException {
        Path jtl = write("timeStamp,elapsed,label,responseCode,responseMessage,success\n"
                + "1000,3,\"echo, 1k\",500,\"failed, it said \"\"no\"\"\non two lines\",false\n"
                + "\n"
                + "1001,4,echo,OK,\"\",true\n");
        List<JtlSample> samples = new ArrayList<>();

        long count = JtlReader.read(jtl, samples::add);

        assertThat(count).isEqualTo(2);
        assertThat(samples).extracting(JtlSample::label).containsExactly("echo, 1k", "echo");
        assertThat(samples).extracting(JtlSample::responseMessage)
                .containsExactly("failed, it said \"no\"\non two lines", "");
        assertThat(samples).extracting(JtlSample::success).containsExactly(false, true);
    }

    @Test
    void aQuotedFieldLeftOpenIsRefusedAsNotACsvRow() throws IOException {
        Path jtl = write("timeStamp,elapsed,label,responseCode,success\n1000,3,a,OK,true\n1001,4,\"a,OK,true\n");

        assertThatThrownBy(() -> JtlReader.read(jtl, s -> {}))
                .isInstanceOf(JtlFormatException.class)
                .hasMessageStartingWith(jtl + ":3: not a CSV row: ");
    }

    @Test
    void emptyFileIsAnErrorNotAnEmptyRun() throws IOException {
        Path jtl = write("");
        assertThatThrownBy(() -> JtlReader.read(jtl, s -> {})).hasMessageContaining(":1: the file is empty");
    }

    private Path write(String content) throws IOException {
        Path file = dir.resolve("test.jtl");
        Files.writeString(file, content);
        return file;
    }
}
