package io.rpcbench.sampler.jmeter;

import io.rpcbench.sampler.call.ResponseData;
import io.rpcbench.sampler.dubbo.DubboServiceRequest;
import io.rpcbench.sampler.dubbo.ResponseText;
import io.rpcbench.sampler.protobuf.JsonPrintCheck;
import io.rpcbench.sampler.protobuf.ProtobufJson;
import io.rpcbench.user.UserProtoDesk;
import io.rpcbench.user.proto.Page;
import io.rpcbench.user.proto.PageRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Not a test: prints what a sample of seed 004's {@code listUser} over triple + protobuf (a page of 15 users, three
 * timestamps each) costs the sampler's thread after the call, per sample, the way the samplers did it before response
 * data was rendered when read, and the way they do it now:
 * <ul>
 * <li>before: the page printed as protobuf JSON, cut to {@code response_max_bytes}, its length the received bytes,
 * encoded to the result's bytes;</li>
 * <li>now: the page checked for what the JSON printer refuses ({@link JsonPrintCheck}), left for later, its serialized
 * size the received bytes;</li>
 * <li>now, read: the same, then the data read once, as a listener, assertion or extractor does.</li>
 * </ul>
 * Each sample takes a page freshly parsed from its bytes (untimed), as a call's answer is, so no size or text is
 * memoised from an earlier sample. Median of {@value #ROUNDS} rounds of {@value #SAMPLES} samples after a warm-up;
 * the machine's load average is printed with the figures, which are indicative only on a shared machine.
 *
 * <pre>
 * ./mvnw -B -o -q -pl jmeter-dubbo-sampler -am test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt
 * java -cp "$(cat /tmp/cp.txt):jmeter-dubbo-sampler/target/classes:jmeter-dubbo-sampler/target/test-classes" \
 *     io.rpcbench.sampler.jmeter.ResponseDataCost
 * </pre>
 */
public final class ResponseDataCost {

    private static final int WARMUP_SAMPLES = 50_000;
    private static final int SAMPLES = 20_000;
    private static final int ROUNDS = 5;
    private static final int MAX_BYTES = DubboServiceRequest.DEFAULT_RESPONSE_MAX_BYTES;

    private interface Sample {
        /** The sampler's work for one answer; returns something of it, so the JIT cannot drop the work. */
        long after(Page answer);
    }

    /** What the samples returned, kept where the JIT cannot see it unused. */
    private static volatile long sink;

    private ResponseDataCost() {}

    public static void main(String[] args) throws Exception {
        byte[] wire = new UserProtoDesk().listUser(PageRequest.newBuilder().setPageNo(1).build()).toByteArray();
        Sample before = answer -> {
            ResponseText text = ResponseText.ofJson(ProtobufJson.print(answer), MAX_BYTES);
            RpcSampleResult result = new RpcSampleResult();
            result.setResponseData(text.text().getBytes(StandardCharsets.UTF_8));
            result.setBodySize(text.fullBytes());
            return result.getBytesAsLong();
        };
        Sample now = answer -> {
            ResponseData text = ResponseText.ofMessage(answer, MAX_BYTES);
            RpcSampleResult result = new RpcSampleResult();
            result.setResponseDataLater(text);
            result.setBodySize(answer.getSerializedSize());
            return result.getBytesAsLong();
        };
        Sample nowRead = answer -> {
            RpcSampleResult result = new RpcSampleResult();
            result.setResponseDataLater(ResponseText.ofMessage(answer, MAX_BYTES));
            result.setBodySize(answer.getSerializedSize());
            return result.getBytesAsLong() + result.getResponseDataAsString().length();
        };
        Sample checkOnly = answer -> JsonPrintCheck.printable(answer) ? 1 : 0;
        System.out.printf(Locale.ROOT, "load average before: %s%n", loadAverage());
        System.out.printf(Locale.ROOT, "page: %d protobuf bytes, %d bytes of JSON%n", wire.length,
                ProtobufJson.print(Page.parseFrom(wire)).getBytes(StandardCharsets.UTF_8).length);
        report("before: printed as JSON per sample", before, wire);
        report("now: left for later", now, wire);
        report("now, and read once", nowRead, wire);
        report("the check alone (JsonPrintCheck)", checkOnly, wire);
        System.out.printf(Locale.ROOT, "load average after: %s%n", loadAverage());
    }

    private static void report(String name, Sample sample, byte[] wire) throws Exception {
        run(sample, wire, WARMUP_SAMPLES);
        double[] micros = new double[ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            micros[round] = run(sample, wire, SAMPLES) / 1000.0 / SAMPLES;
        }
        double[] sorted = micros.clone();
        Arrays.sort(sorted);
        System.out.printf(Locale.ROOT, "%-40s %8.2f µs per sample (median; rounds %s)%n", name, sorted[ROUNDS / 2],
                Arrays.toString(Arrays.stream(micros).map(m -> Math.round(m * 100) / 100.0).toArray()));
    }

    /** Nanoseconds spent in {@code sample} over {@code samples} fresh answers. */
    private static long run(Sample sample, byte[] wire, int samples) throws Exception {
        long nanos = 0;
        long kept = 0;
        for (int i = 0; i < samples; i++) {
            Page answer = Page.parseFrom(wire);
            long start = System.nanoTime();
            kept += sample.after(answer);
            nanos += System.nanoTime() - start;
        }
        sink = kept;
        return nanos;
    }

    private static String loadAverage() throws Exception {
        return Files.readString(Path.of("/proc/loadavg")).strip();
    }
}
