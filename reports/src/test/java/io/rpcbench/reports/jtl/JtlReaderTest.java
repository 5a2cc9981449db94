package io.rpcbench.reports.jtl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.seconds.StreamFigures;
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
    void readsLagUsAsTheArrivalsScheduleLagAndNoLagWhenEmptyOrAbsent() throws IOException {
        // An open workload's arrival (lag 1,500 us of 1,714), a closed sample of the same file (empty), JMeter's null.
        Path jtl = write("timeStamp,elapsed,label,responseCode,success,\"elapsed_us\",\"lag_us\"\n"
                + "1000,1,a,OK,true,1714,1500\n1001,0,b,OK,true,214,\n1002,0,b,OK,true,214,null\n");
        List<JtlSample> samples = new ArrayList<>();
        JtlReader.read(jtl, samples::add);

        assertThat(samples).extracting(JtlSample::lagUs).containsExactly(1500L, JtlSample.NO_LAG, JtlSample.NO_LAG);
        assertThat(samples.get(0).elapsedUs()).isEqualTo(1714);
        assertThat(samples.get(0).callUs()).isEqualTo(214);
        assertThat(samples.get(1).hasLag()).isFalse();
        assertThat(samples.get(1).callUs()).isEqualTo(214);

        Path old = write("timeStamp,elapsed,label,responseCode,success,elapsed_us\n1000,0,a,OK,true,214\n");
        List<JtlSample> before = new ArrayList<>();
        JtlReader.read(old, before::add);
        assertThat(before).containsExactly(new JtlSample(1000, 0, "a", "OK", "", true, 0, 0, 0, "", 214, true));
    }

    @Test
    void takesElapsedUsFromTheDueTimeWhenJMetersElapsedIsTheCallsOwn() throws IOException {
        // elapsed_us 30,400 = lag 30,000 + call 400, JMeter's elapsed 0 (the call's own): the µs are the sample's.
        Path jtl = write("timeStamp,elapsed,label,responseCode,success,elapsed_us,lag_us\n"
                + "1000,0,a,OK,true,30400,30000\n1001,1,a,OK,true,30400,-5\n");
        List<JtlSample> samples = new ArrayList<>();
        JtlReader.read(jtl, samples::add);

        assertThat(samples.get(0).microseconds()).isTrue();
        assertThat(samples.get(0).elapsedUs()).isEqualTo(30_400);
        assertThat(samples.get(0).lagUs()).isEqualTo(30_000);
        // A negative lag (the call started before it was due) was not late; without it, the µs are a leftover.
        assertThat(samples.get(1).microseconds()).isFalse();
        assertThat(samples.get(1).elapsedUs()).isEqualTo(1000);
        assertThat(samples.get(1).hasLag()).isFalse();
    }

    @Test
    void refusesALagThatIsNotAWholeNumberNamingIt() throws IOException {
        Path jtl = write("timeStamp,elapsed,label,responseCode,success,elapsed_us,lag_us\n1000,0,a,OK,true,214,1ms\n");
        assertThatThrownBy(() -> JtlReader.read(jtl, s -> {}))
                .hasMessage(jtl + ":2: 'lag_us' is '1ms'; expected a whole number");
    }

    @Test
    void readsAStreamsFiguresAndNoneWhenEmptyOrNullAndNamesABadOne() throws IOException {
        Path jtl = write("timeStamp,elapsed,label,responseCode,success,elapsed_us,stream_figures\n"
                + "1000,1,a,OK,true,1714,sent=1 received=3 first_us=812 gap_p50_us=40 gap_max_us=95 gaps_us=40:95\n"
                + "1001,0,b,OK,true,214,\n1002,0,b,OK,true,214,null\n");
        List<JtlSample> samples = new ArrayList<>();
        JtlReader.read(jtl, samples::add);

        assertThat(samples.get(0).stream()).isEqualTo(new StreamFigures(1, 3, 812, new long[] {40, 95}, new long[0]));
        assertThat(samples.get(1).stream()).isNull();
        assertThat(samples.get(2).stream()).isNull();

        Path bad = write("timeStamp,elapsed,label,responseCode,success,stream_figures\n1000,1,a,OK,true,sent=1\n");
        assertThatThrownBy(() -> JtlReader.read(bad, s -> {})).isInstanceOf(JtlFormatException.class)
                .hasMessageStartingWith(bad + ":2: stream_figures 'sent=1' lacks sent= or received=");
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

    /** JMeter's default columns, with quoted messages (commas, quotes, line breaks, CJK), a blank line and CRLF. */
    private static String defaultColumns(int rows) {
        StringBuilder text = new StringBuilder("timeStamp,elapsed,label,responseCode,responseMessage,threadName,"
                + "dataType,success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect\n");
        for (int i = 0; i < rows; i++) {
            String message = switch (i % 7) {
                case 0 -> "\"timeout, after \"\"3 s\"\"\nat line 2\"";
                case 1 -> "\"远端 \"\"拒绝\"\"\r\n\"";
                default -> "OK";
            };
            text.append(1_700_000_000_000L + i * 3L).append(',').append(i % 11).append(",echo-").append(i % 3)
                    .append(",200,").append(message).append(",Thread Group 1-").append(i % 20)
                    .append(",text,true,,").append(100 + i).append(",10,20,20,dubbo://127.0.0.1:20880,0,0,0")
                    .append(i % 5 == 0 ? "\r\n" : "\n");
            if (i % 1000 == 500) {
                text.append('\n');
            }
        }
        return text.toString();
    }

    @Test
    void aFileReadInChunksOnSeveralThreadsGivesWhatOneReaderGives() throws IOException {
        Path jtl = write(defaultColumns(20_000));
        List<JtlSample> whole = new ArrayList<>();
        List<JtlSample> chunked = new ArrayList<>();

        long one = JtlReader.read(jtl, whole::add);
        JtlChunks chunks = JtlSpanScan.scan(jtl, 16 * 1024).orElseThrow().chunks();
        long several = JtlReader.read(jtl, chunks, chunked::add);

        assertThat(chunks.count()).isGreaterThan(50);
        assertThat(several).isEqualTo(one).isEqualTo(20_000);
        assertThat(chunked).isEqualTo(whole);
    }

    @Test
    void aBadRowInALaterChunkIsNamedByItsLineAfterTheSamplesBeforeIt() throws IOException {
        String good = defaultColumns(5_000);
        Path jtl = write(good + "1700000099999,7,echo-0,200,OK,Thread Group 1-1,text,true,,x1,10,20,20,,0,0,0\n"
                + defaultColumns(10).lines().skip(1).collect(java.util.stream.Collectors.joining("\n", "", "\n")));
        long[] sequential = {0};
        long[] chunked = {0};

        Throwable one = org.assertj.core.api.Assertions.catchThrowable(() -> JtlReader.read(jtl, s -> sequential[0]++));
        JtlChunks chunks = JtlSpanScan.scan(jtl, 16 * 1024).orElseThrow().chunks();
        Throwable several = org.assertj.core.api.Assertions.catchThrowable(
                () -> JtlReader.read(jtl, chunks, s -> chunked[0]++));

        assertThat(one).isInstanceOf(JtlFormatException.class).hasMessageContaining("'bytes' is 'x1'");
        assertThat(several).isInstanceOf(JtlFormatException.class).hasMessage(one.getMessage());
        assertThat(chunked[0]).isEqualTo(sequential[0]).isEqualTo(5_000);
    }

    private Path write(String content) throws IOException {
        Path file = dir.resolve("test.jtl");
        Files.writeString(file, content);
        return file;
    }
}
