package io.rpcbench.reports.jtl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * JtlCsv splits JMeter's CSV as Jackson's CSV parser (which the reports read JTLs with before) does: the same
 * records and fields for JMeter's quoting, checked on hand-picked rows and on generated ones (fixed seed).
 */
class JtlCsvTest {

    /** What a field may hold: JMeter quotes a value with a comma, a quote or a line break. */
    private static final String[] PIECES = {"a", "OK", "1700000000000", " ", ",", "\"", "\n", "\r\n", "é", "null",
        "dubbo://127.0.0.1:20880", "Thread Group 1-1", ""};

    @Test
    void splitsJMetersQuotingAsJacksonDoes() throws IOException {
        List<String> inputs = List.of(
                "timeStamp,elapsed,label\n1000,3,a\n",
                "a,\"b,c\",d\n",
                "a,\"say \"\"no\"\"\",d\n",
                "a,\"two\nlines\",d\n",
                "a,\"two\r\nlines\",d\r\n1,2,3\r\n",
                "a,b,\n,,\n",
                "a,\"\",c\n",
                "a,b\n\nc,d\n",
                "a,b",
                "a,b\rc,d\r",
                "x,y\"z,w\n");
        for (String input : inputs) {
            assertThat(split(input)).as(input).isEqualTo(jackson(input));
        }
    }

    @Test
    void splitsGeneratedRowsAsJacksonDoes() throws IOException {
        SplittableRandom random = new SplittableRandom(28);
        for (int file = 0; file < 200; file++) {
            StringBuilder csv = new StringBuilder();
            int rows = 1 + random.nextInt(5);
            for (int r = 0; r < rows; r++) {
                int fields = 1 + random.nextInt(6);
                for (int f = 0; f < fields; f++) {
                    StringBuilder value = new StringBuilder();
                    int pieces = random.nextInt(4);
                    for (int p = 0; p < pieces; p++) {
                        value.append(PIECES[random.nextInt(PIECES.length)]);
                    }
                    csv.append(f == 0 ? "" : ",").append(quoted(value.toString()));
                }
                csv.append(random.nextBoolean() ? "\n" : "\r\n");
            }
            assertThat(split(csv.toString())).as(csv.toString()).isEqualTo(jackson(csv.toString()));
        }
    }

    @Test
    void splitsRowsCutAnywhereByTheReadsAsJacksonDoes() throws IOException {
        // records read where they lie and records copied, with reads of a few bytes to a few kB ending anywhere:
        // in a field, between \r and \n, inside quotes
        SplittableRandom random = new SplittableRandom(29);
        StringBuilder csv = new StringBuilder();
        while (csv.length() < 300_000) {
            int fields = 1 + random.nextInt(17);
            for (int f = 0; f < fields; f++) {
                StringBuilder value = new StringBuilder();
                int pieces = random.nextInt(10) == 0 ? random.nextInt(4) : 1;
                for (int p = 0; p < pieces; p++) {
                    value.append(PIECES[random.nextInt(random.nextInt(10) == 0 ? PIECES.length : 4)]);
                }
                csv.append(f == 0 ? "" : ",").append(quoted(value.toString()));
            }
            csv.append(random.nextBoolean() ? "\n" : "\r\n");
        }
        String input = csv.toString();
        byte[] bytes = input.getBytes(StandardCharsets.UTF_8);
        InputStream trickle = new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1 + random.nextInt(random.nextBoolean() ? 7 : 70_000)));
            }
        };

        assertThat(split(new JtlCsv(trickle))).isEqualTo(jackson(input));
    }

    @Test
    void aQuotedFieldLeftOpenIsMalformed() {
        assertThatThrownBy(() -> split("a,\"b\n"))
                .isInstanceOf(JtlCsv.MalformedException.class)
                .hasMessage("a quoted field is not closed before the end of the file");
    }

    @Test
    void textAfterAClosingQuoteIsMalformed() {
        assertThatThrownBy(() -> split("a,\"b\"c,d\n"))
                .isInstanceOf(JtlCsv.MalformedException.class)
                .hasMessage("'c' after a quoted field's closing quote; expected a comma or the end of the line");
    }

    /** As JMeter's CSVSaveService.quoteDelimiters writes a value. */
    private static String quoted(String value) {
        boolean quote = value.contains(",") || value.contains("\"") || value.contains("\n") || value.contains("\r");
        return quote ? "\"" + value.replace("\"", "\"\"") + "\"" : value;
    }

    private static List<List<String>> split(String input) throws IOException {
        return split(new JtlCsv(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8))));
    }

    private static List<List<String>> split(JtlCsv csv) throws IOException {
        List<List<String>> records = new ArrayList<>();
        while (csv.next()) {
            List<String> fields = new ArrayList<>();
            for (int i = 0; i < csv.fields(); i++) {
                fields.add(csv.text(i));
            }
            records.add(fields);
        }
        return records;
    }

    /** How the reports read rows until JtlCsv: Jackson's String[] rows. */
    private static List<List<String>> jackson(String input) throws IOException {
        List<List<String>> records = new ArrayList<>();
        try (MappingIterator<String[]> rows = new CsvMapper().readerFor(String[].class)
                .with(CsvParser.Feature.WRAP_AS_ARRAY).readValues(new StringReader(input))) {
            while (rows.hasNext()) {
                records.add(Arrays.asList(rows.next()));
            }
        }
        return records;
    }
}
