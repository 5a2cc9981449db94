package io.rpcbench.reports.jtl;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.statistics.WindowedJtl;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The span from a scan of a JTL's bytes: the same as a full read's, or nothing when the file is not simple. */
class JtlSpanScanTest {

    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success,"
            + "failureMessage,bytes\n";

    @TempDir
    Path dir;

    private Path jtl(String text) throws Exception {
        Path file = dir.resolve("run-" + System.nanoTime() + ".jtl");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    /** Rows as JMeter writes them when samples end, with quoted messages holding commas, quotes and line breaks. */
    private static String rows(int count, long seed) {
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder(HEADER);
        long end = 1_700_000_000_000L;
        for (int i = 0; i < count; i++) {
            end += random.nextInt(5);
            long elapsed = random.nextInt(200) == 0 ? 3_000 + random.nextInt(5_000) : random.nextInt(20);
            String message = switch (random.nextInt(6)) {
                case 0 -> "\"timeout, after \"\"3 s\"\"\nat line 2\"";
                case 1 -> "\"远端 \"\"拒绝\"\"\r\n\"";
                default -> "OK";
            };
            text.append(end - elapsed).append(',').append(elapsed).append(",echo,200,").append(message)
                    .append(",Thread Group 1-").append(i % 20).append(",true,,").append(100 + i).append('\n');
        }
        return text.toString();
    }

    @Test
    void theScanFindsTheSameSpanAsAFullRead() throws Exception {
        for (long seed = 1; seed <= 5; seed++) {
            Path file = jtl(rows(20_000, seed));

            assertThat(JtlSpanScan.of(file)).contains(JtlSpan.of(file));
        }
    }

    @Test
    void anEarlyStartWrittenLateIsFound() throws Exception {
        // the first rows end first; the row that started first took 9 s and is written late, past any head guess
        StringBuilder text = new StringBuilder(HEADER);
        for (int i = 0; i < 12_000; i++) {
            text.append(1_700_000_001_000L + i).append(",1,echo,200,OK,t-1,true,,10\n");
        }
        text.append("1700000000000,9000,echo,200,OK,t-2,true,,10\n");
        Path file = jtl(text.toString());

        JtlSpan span = JtlSpanScan.of(file).orElseThrow();

        assertThat(span.firstStartMs()).isEqualTo(1_700_000_000_000L);
        assertThat(span.samples()).isEqualTo(12_001);
        WindowedJtl.Result<Consumer<JtlSample>> read = WindowedJtl.read("run", file, Duration.ZERO, Optional.empty(),
                window -> sample -> {});
        assertThat(read.passes()).isEqualTo(1);
        assertThat(read.window().startMs()).isEqualTo(1_700_000_000_000L);
    }

    @Test
    void aLastRowWithoutItsLineEndCounts() throws Exception {
        Path file = jtl(HEADER + "1700000000000,5,echo,200,OK,t-1,true,,10\n1700000000003,9,echo,200,OK,t-1,true,,10");

        assertThat(JtlSpanScan.of(file)).contains(new JtlSpan(2, 1_700_000_000_000L, 1_700_000_000_003L,
                1_700_000_000_012L));
    }

    @Test
    void aFileThatIsNotSimpleIsLeftToTheFullRead() throws Exception {
        assertThat(JtlSpanScan.of(jtl("elapsed,timeStamp,label\n5,1700000000000,echo\n"))).isEmpty();
        assertThat(JtlSpanScan.of(jtl(HEADER + "2024/05/06 07:08:09,5,echo,200,OK,t,true,,1\n"))).isEmpty();
        assertThat(JtlSpanScan.of(jtl(HEADER + " 1700000000000,5,echo,200,OK,t,true,,1\n"))).isEmpty();
        assertThat(JtlSpanScan.of(jtl(HEADER + "1700000000000,-5,echo,200,OK,t,true,,1\n"))).isEmpty();
        assertThat(JtlSpanScan.of(jtl(HEADER + "1700000000000,5,echo,200,\"never closed\n"))).isEmpty();
        assertThat(JtlSpanScan.of(jtl(""))).isEmpty();
        assertThat(JtlSpanScan.of(jtl("timeStamp,elapsed\n"))).isEmpty();
    }

    @Test
    void blankLinesAreSkippedAsTheReaderSkipsThem() throws Exception {
        Path file = jtl(HEADER + "\n1700000000000,5,echo,200,OK,t-1,true,,10\r\n\r\n1700000000001,1,echo,200,OK,t,true,,1\n");

        assertThat(JtlSpanScan.of(file)).contains(JtlSpan.of(file));
    }

    @Test
    void chunksStartAtRowsWithTheLineTheReaderGivesThem() throws Exception {
        // a quoted line break and a blank line between rows; with 1-byte chunks, every row starts a chunk
        String rows = "1700000000000,5,echo,200,\"timeout,\nat line 2\",t-1,true,,10\r\n"
                + "\n"
                + "1700000000001,1,echo,200,OK,t,true,,1\n"
                + "1700000000002,1,echo,200,\"\"\"quoted\"\"\",t,true,,1";
        Path file = jtl(HEADER + rows);

        JtlChunks chunks = JtlSpanScan.scan(file, 1).orElseThrow().chunks();

        int header = HEADER.length();
        int second = rows.indexOf("\r\n") + 2;
        int third = second + 1;
        int fourth = rows.indexOf("1700000000002");
        assertThat(chunks.headerEnd()).isEqualTo(header);
        assertThat(chunks.count()).isEqualTo(4);
        assertThat(List.of(chunks.start(0), chunks.start(1), chunks.start(2), chunks.start(3)))
                .containsExactly((long) header, (long) header + second, (long) header + third, (long) header + fourth);
        assertThat(List.of(chunks.firstLine(0), chunks.firstLine(1), chunks.firstLine(2), chunks.firstLine(3)))
                .containsExactly(2L, 3L, 4L, 5L); // one line per row, as the reader counts: the quoted break is not one
        assertThat(chunks.end(3)).isEqualTo(Files.size(file));
    }

    @Test
    void chunksAreAboutTheSizeAskedAndCoverTheFile() throws Exception {
        Path file = jtl(rows(20_000, 3));

        JtlChunks chunks = JtlSpanScan.scan(file, 64 * 1024).orElseThrow().chunks();

        assertThat(chunks.count()).isBetween((int) (Files.size(file) / (64 * 1024)) - 1,
                (int) (Files.size(file) / (64 * 1024)) + 1);
        for (int i = 0; i < chunks.count(); i++) {
            assertThat(chunks.end(i) - chunks.start(i)).isGreaterThan(0);
            if (i + 1 < chunks.count()) {
                assertThat(chunks.end(i)).isEqualTo(chunks.start(i + 1));
                assertThat(chunks.end(i) - chunks.start(i)).isGreaterThanOrEqualTo(64 * 1024);
            }
        }
        assertThat(chunks.start(0)).isEqualTo(HEADER.length());
        assertThat(chunks.end(chunks.count() - 1)).isEqualTo(Files.size(file));
    }

    @Test
    void aScanInTwoHalvesFindsWhatOneScanFinds() throws Exception {
        for (long seed = 1; seed <= 5; seed++) {
            Path file = jtl(rows(20_000, seed));

            assertSameAsOneScan(file);
        }
    }

    @Test
    void aQuotedLineBreakAtTheMiddleMakesTheSecondHalfReadAgain() throws Exception {
        String row = "1700000000000,5,echo,200,OK,t-1,true,,10\n";
        String quoted = "1700000000001,7,echo,500,\"" + "a line\n".repeat(400) + "\",t-2,false,,10\n";
        Path file = jtl(HEADER + row.repeat(100) + quoted + row.repeat(100));
        long middle = Files.size(file) / 2;
        assertThat(middle).isBetween((long) (HEADER + row.repeat(100)).length(),
                (long) (HEADER + row.repeat(100) + quoted).length()); // the middle is inside the quoted value

        assertSameAsOneScan(file);
        assertThat(JtlSpanScan.scan(file, 1, 0).orElseThrow().span().samples()).isEqualTo(201);
    }

    @Test
    void aFileThatIsNotSimpleInItsSecondHalfIsLeftToTheFullRead() throws Exception {
        String row = "1700000000000,5,echo,200,OK,t-1,true,,10\n";
        Path file = jtl(HEADER + row.repeat(1000) + " 1700000000000,5,echo,200,OK,t,true,,1\n" + row.repeat(10));

        assertThat(JtlSpanScan.scan(file, 1024, 0)).isEmpty();
    }

    /** Two halves at once (any size) give the span and the chunks of one scan from the start. */
    private static void assertSameAsOneScan(Path file) throws Exception {
        JtlSpanScan.Result one = JtlSpanScan.scan(file, 4096, Long.MAX_VALUE).orElseThrow();
        JtlSpanScan.Result halves = JtlSpanScan.scan(file, 4096, 0).orElseThrow();

        assertThat(halves.span()).isEqualTo(one.span()).isEqualTo(JtlSpan.of(file));
        JtlChunks a = one.chunks();
        JtlChunks b = halves.chunks();
        assertThat(b.headerEnd()).isEqualTo(a.headerEnd());
        assertThat(b.end(b.count() - 1)).isEqualTo(a.end(a.count() - 1)).isEqualTo(Files.size(file));
        // the halves may cut one chunk short at the middle; every cut is a row start with its line, as one scan gives
        java.util.Map<Long, Long> lineAt = new java.util.HashMap<>();
        for (int i = 0; i < a.count(); i++) {
            lineAt.put(a.start(i), a.firstLine(i));
        }
        List<JtlSample> whole = new java.util.ArrayList<>();
        List<JtlSample> chunked = new java.util.ArrayList<>();
        JtlReader.read(file, whole::add);
        JtlReader.read(file, b, chunked::add);
        assertThat(chunked).isEqualTo(whole);
        for (int i = 0; i < b.count(); i++) {
            if (lineAt.containsKey(b.start(i))) {
                assertThat(b.firstLine(i)).isEqualTo(lineAt.get(b.start(i)));
            }
        }
        assertThat(b.count()).isBetween(a.count(), a.count() + 1);
    }

    @Test
    void theFirstLineEndOrQuoteIsFoundAtEveryPositionOfAWord() {
        for (int length = 0; length <= 20; length++) {
            for (int at = 0; at < length; at++) {
                for (byte mark : new byte[] {'\n', '"'}) {
                    byte[] bytes = new byte[length];
                    java.util.Arrays.fill(bytes, (byte) 'x');
                    bytes[at] = mark;
                    if (at + 1 < length) {
                        bytes[at + 1] = '\n'; // a later one is not taken
                    }
                    assertThat(JtlSpanScan.lineEndOrQuote(bytes, 0, length)).isEqualTo(at);
                    assertThat(JtlSpanScan.lineEndOrQuote(bytes, at + 1, length)).isEqualTo(at + 1 < length ? at + 1 : -1);
                }
            }
            byte[] none = "a,b,\u00e9\u00e9 1\r".repeat(3).substring(0, Math.min(length, 18)).getBytes(StandardCharsets.UTF_8);
            assertThat(JtlSpanScan.lineEndOrQuote(none, 0, none.length)).isEqualTo(-1);
        }
    }
}
