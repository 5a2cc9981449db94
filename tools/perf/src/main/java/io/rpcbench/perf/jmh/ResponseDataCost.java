package io.rpcbench.perf.jmh;

import io.rpcbench.example.thrift.InventoryDesk;
import io.rpcbench.example.thrift.Item;
import io.rpcbench.example.thrift.ItemNotFound;
import io.rpcbench.example.thrift.Shelf;
import io.rpcbench.sampler.call.ResponseData;
import io.rpcbench.sampler.dubbo.DubboServiceRequest;
import io.rpcbench.sampler.dubbo.ResponseText;
import io.rpcbench.sampler.jmeter.RpcSampleResult;
import io.rpcbench.sampler.protobuf.ProtobufJson;
import io.rpcbench.sampler.thrift.ThriftMethod;
import io.rpcbench.sampler.thrift.ThriftToJson;
import io.rpcbench.user.UserDesk;
import io.rpcbench.user.UserProtoDesk;
import io.rpcbench.user.proto.Page;
import io.rpcbench.user.proto.PageRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.dubbo.common.utils.PojoUtils;
import org.apache.thrift.TDeserializer;
import org.apache.thrift.TSerializer;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A JMH benchmark of what a sample of seed 004's {@code listUser} answer (a page of 15 users; for Thrift, which seed 004
 * does not call, the example inventory's shelf of 15 items) costs the sampler's thread after the call, per sample, for
 * each kind of answer the service samplers show as JSON ({@link #kind}):
 * <ul>
 * <li>{@link #before}: the answer written as JSON at once, cut to {@code response_max_bytes}, encoded to the result's
 * bytes: what the samplers did on every sample before answers were rendered when read (protobuf until issue 27, the
 * others until issue 28);</li>
 * <li>{@link #unread}: what they do now: the call-time check ({@code JsonWriteCheck}, {@code ThriftToJson.writable},
 * {@code JsonPrintCheck}), the answer left for later in an {@link RpcSampleResult}, its bytes read as JMeter's CSV
 * writer reads them; nothing reads the data (JMeter's CSV results leave it out);</li>
 * <li>{@link #readOnce}: the same, then the data read once, as a listener, assertion or extractor does.</li>
 * </ul>
 * Each sample takes an answer made afresh before it (untimed, {@link Level#Invocation}): the maps a generic call
 * returns ({@code PojoUtils.generalize} of the page, as the provider's generic filter makes them), the typed page, a
 * Thrift struct read from its bytes, a protobuf message parsed from its bytes, so no size or text is memoised from an
 * earlier sample. Per-invocation set-up adds JMH's own timing of each call (tens of ns) to every figure.
 *
 * <p>Run by {@code ./run-performance response-data} ({@link ResponseDataBenchmark}), which writes the table into
 * docs/performance.md; alone, with JMeter's jars on the class path as the samplers have them:
 * <pre>
 * java -cp "jmeter/jmeter-home/target/jmeter/lib/*:jmeter/jmeter-home/target/jmeter/lib/ext/ApacheJMeter_core.jar:tools/perf/target/rpcbench-perf.jar:tools/perf/target/lib/*" \
 *     org.openjdk.jmh.Main ResponseDataCost
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ResponseDataCost {

    /** The sampler's default cap, which a page of 15 users fits. */
    static final int MAX_BYTES = DubboServiceRequest.DEFAULT_RESPONSE_MAX_BYTES;

    /** Received bytes of a Java or Thrift answer: the wire's count, which the sampler reads and never computes. */
    private static final long WIRE_BYTES = 4096;

    private static final ThriftMethod SHELVE = ThriftMethod.resolve("io.rpcbench.example.thrift.InventoryService",
            "shelve", ResponseDataCost.class.getClassLoader());

    /** The kinds of answer, as {@link ResponseDataBenchmark} names them in its table. */
    public enum Kind {
        /** Generic invocation's maps of the page, written by Jackson. */
        JACKSON_GENERIC,
        /** Typed invocation's page object, written by Jackson. */
        JACKSON_TYPED,
        /** A Thrift struct, written by ThriftToJson. */
        THRIFT,
        /** A protobuf message, printed by protobuf's JSON mapping. */
        PROTOBUF
    }

    @Param({"JACKSON_GENERIC", "JACKSON_TYPED", "THRIFT", "PROTOBUF"})
    public Kind kind;

    private byte[] protobufPage;
    private byte[] thriftShelf;
    private Object answer;

    @Setup(Level.Trial)
    public void wire() throws Exception {
        protobufPage = new UserProtoDesk().listUser(PageRequest.newBuilder().setPageNo(1).build()).toByteArray();
        thriftShelf = new TSerializer(new TBinaryProtocol.Factory()).serialize(shelf());
    }

    /** A fresh answer for the next sample, as a call gives it. */
    @Setup(Level.Invocation)
    public void freshAnswer() throws Exception {
        answer = switch (kind) {
            case JACKSON_GENERIC -> PojoUtils.generalize(new UserDesk().listUser(1));
            case JACKSON_TYPED -> new UserDesk().listUser(1);
            case THRIFT -> {
                Shelf shelf = new Shelf();
                new TDeserializer(new TBinaryProtocol.Factory()).deserialize(shelf, thriftShelf);
                yield shelf;
            }
            case PROTOBUF -> Page.parseFrom(protobufPage);
        };
    }

    @Benchmark
    public long before() {
        RpcSampleResult result = new RpcSampleResult();
        result.setResponseData(renderNow(kind, answer).getBytes(StandardCharsets.UTF_8));
        result.setBodySize(receivedBytes(kind, answer));
        return result.getBytesAsLong();
    }

    @Benchmark
    public long unread() {
        return sample(kind, answer).getBytesAsLong();
    }

    @Benchmark
    public long readOnce() {
        RpcSampleResult result = sample(kind, answer);
        return result.getBytesAsLong() + result.getResponseDataAsString().length();
    }

    /** The sample as the sampler fills it now: the client's text (checked, left for later), the bytes. */
    static RpcSampleResult sample(Kind kind, Object answer) {
        RpcSampleResult result = new RpcSampleResult();
        result.setResponseDataLater(leftForLater(kind, answer));
        long bytes = receivedBytes(kind, answer);
        result.setBodySize(bytes);
        result.setBytes(bytes);
        return result;
    }

    /** What the clients give now (DubboServiceClient over the dubbo protocol, ThriftServiceClient, ProtoStubClient). */
    static ResponseData leftForLater(Kind kind, Object answer) {
        return switch (kind) {
            case JACKSON_GENERIC -> ResponseText.ofResultWhenRead(answer, true, MAX_BYTES);
            case JACKSON_TYPED -> ResponseText.ofResultWhenRead(answer, false, MAX_BYTES);
            case THRIFT -> SHELVE.responseData(answer, MAX_BYTES);
            case PROTOBUF -> ResponseText.ofMessage((Page) answer, MAX_BYTES);
        };
    }

    /** The text the samplers wrote on every sample before. */
    static String renderNow(Kind kind, Object answer) {
        return switch (kind) {
            case JACKSON_GENERIC -> ResponseText.ofResult(answer, true, MAX_BYTES).text();
            case JACKSON_TYPED -> ResponseText.ofResult(answer, false, MAX_BYTES).text();
            case THRIFT -> ThriftToJson.cap(SHELVE.render(answer), MAX_BYTES);
            case PROTOBUF -> ResponseText.ofJson(ProtobufJson.print((Page) answer), MAX_BYTES).text();
        };
    }

    /** A protobuf answer's own size (computed from the fresh message, as the clients do); the wire's count else. */
    private static long receivedBytes(Kind kind, Object answer) {
        return kind == Kind.PROTOBUF ? ((Page) answer).getSerializedSize() : WIRE_BYTES;
    }

    /** The example inventory's shelf of 15 items: the Thrift answer of about a user page's size. */
    static Shelf shelf() {
        InventoryDesk desk = new InventoryDesk();
        List<Item> items = new ArrayList<>();
        for (int id = 15; id < 30; id++) {
            try {
                items.add(desk.find(id));
            } catch (ItemNotFound e) {
                throw new IllegalStateException(e);
            }
        }
        return desk.shelve("page-1", items);
    }
}
