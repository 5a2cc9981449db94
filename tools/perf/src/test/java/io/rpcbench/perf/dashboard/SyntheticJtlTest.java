package io.rpcbench.perf.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.jtl.JtlReader;
import io.rpcbench.reports.jtl.JtlSample;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SyntheticJtlTest {

    @TempDir
    Path dir;

    private static String text(long seed, long samples) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SyntheticJtl(seed).write(out, samples);
        return out.toString(StandardCharsets.US_ASCII);
    }

    @Test
    void startsWithJMetersDefaultHeaderAsTheShippedPlansWriteIt() throws IOException {
        assertThat(text(1, 0)).isEqualTo("timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,"
                + "success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect\n");
    }

    @Test
    void passedRowsHaveThePlansShape() throws IOException {
        List<String> rows = text(7, 1000).lines().skip(1).filter(l -> l.contains(",true,")).toList();
        assertThat(rows).allSatisfy(row -> assertThat(row).matches("\\d{13},\\d+,(dubbo|thrift)-echo-1(k|00k),OK,OK,"
                + "Thread Group 1-([1-9]|1\\d|20),text,true,,\\d+,\\d+,20,20,(dubbo|thrift)://127\\.0\\.0\\.1:\\d+,0,0,0"));
    }

    @Test
    void sameSeedSameBytesOtherSeedOtherBytes() throws IOException {
        assertThat(text(42, 5000)).isEqualTo(text(42, 5000)).isNotEqualTo(text(43, 5000));
    }

    @Test
    void readsBackWithOurJtlReaderAsTheFourLabelsTwentyThreadsAndAFewFailures() throws IOException {
        Path jtl = dir.resolve("synthetic.jtl");
        new SyntheticJtl(42).write(jtl, 100_000);
        List<JtlSample> samples = new ArrayList<>();
        long count = JtlReader.read(jtl, samples::add);

        assertThat(count).isEqualTo(100_000);
        assertThat(Files.exists(dir.resolve("synthetic.jtl.partial"))).isFalse();
        Set<String> labels = new TreeSet<>();
        samples.forEach(s -> labels.add(s.label()));
        assertThat(labels).containsExactly("dubbo-echo-100k", "dubbo-echo-1k", "thrift-echo-100k", "thrift-echo-1k");
        List<JtlSample> failed = samples.stream().filter(s -> !s.success()).toList();
        assertThat(failed).hasSizeBetween(50, 150); // about 1 in 1000
        assertThat(failed).allSatisfy(s -> {
            assertThat(s.responseCode()).isIn("timeout", "connection", "remote-exception", "serialization");
            assertThat(s.responseMessage()).isNotBlank();
            assertThat(s.bytes()).isZero();
        });
        assertThat(failed).anySatisfy(s -> assertThat(s.responseMessage()).contains(", ")); // quoted comma
        assertThat(samples).allSatisfy(s -> assertThat(s.allThreads()).isEqualTo(20));
    }

    @Test
    void rowsComeByEndTimeAtAFewThousandPerSecondWithALongTail() throws IOException {
        Path jtl = dir.resolve("synthetic.jtl");
        new SyntheticJtl(42).write(jtl, 100_000);
        List<JtlSample> samples = new ArrayList<>();
        JtlReader.read(jtl, samples::add);

        for (int i = 1; i < samples.size(); i++) {
            assertThat(samples.get(i).endTime()).isGreaterThanOrEqualTo(samples.get(i - 1).endTime());
        }
        double seconds = (samples.get(samples.size() - 1).endTime() - samples.get(0).endTime()) / 1000.0;
        assertThat(samples.size() / seconds).isBetween(2_000.0, 5_000.0);
        long[] elapsed = samples.stream().mapToLong(JtlSample::elapsed).sorted().toArray();
        long median = elapsed[elapsed.length / 2];
        long p999 = elapsed[(int) (elapsed.length * 0.999)];
        assertThat(median).isBetween(2L, 12L);
        assertThat(p999).isGreaterThan(20 * median);
    }

    /** Each shape's file, read by the reports' JTL reader, has the shape it says. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(SyntheticJtl.Shape.class)
    void everyShapeReadsAsItSays(SyntheticJtl.Shape shape) throws IOException {
        Path file = dir.resolve(shape + ".jtl");
        new SyntheticJtl(3, shape).write(file, 5_000);
        List<io.rpcbench.reports.jtl.JtlSample> samples = new java.util.ArrayList<>();
        assertThat(io.rpcbench.reports.jtl.JtlReader.read(file, samples::add)).isEqualTo(5_000);
        long failed = samples.stream().filter(sample -> !sample.success()).count();
        long labels = samples.stream().map(io.rpcbench.reports.jtl.JtlSample::label).distinct().count();
        boolean inOrder = true;
        for (int i = 1; i < samples.size(); i++) {
            inOrder &= samples.get(i).endTime() >= samples.get(i - 1).endTime();
        }
        assertThat(samples.stream().allMatch(io.rpcbench.reports.jtl.JtlSample::microseconds))
                .as("elapsed_us on every row").isEqualTo(shape == SyntheticJtl.Shape.MICROSECONDS);
        assertThat(labels).isEqualTo(shape == SyntheticJtl.Shape.LABELS ? 48 : 4);
        assertThat(inOrder).as("rows by end time").isEqualTo(shape != SyntheticJtl.Shape.OUT_OF_ORDER);
        assertThat(samples.stream().map(io.rpcbench.reports.jtl.JtlSample::generator).distinct().count())
                .isEqualTo(shape == SyntheticJtl.Shape.LABELS ? 2 : 1);
        if (shape == SyntheticJtl.Shape.FAILURES) {
            assertThat(failed).isBetween(350L, 650L);
            assertThat(samples).anyMatch(sample -> sample.responseMessage().contains("\n\tat Provider.echo"))
                    .anyMatch(sample -> sample.responseMessage().contains("\"echo\" of 1,024 bytes"));
        } else {
            assertThat(failed).isLessThan(30);
        }
    }
}
