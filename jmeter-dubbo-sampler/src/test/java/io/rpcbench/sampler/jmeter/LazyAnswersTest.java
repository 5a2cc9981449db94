package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.example.thrift.InventoryDesk;
import io.rpcbench.example.thrift.Item;
import io.rpcbench.example.thrift.ItemNotFound;
import io.rpcbench.sampler.call.ResponseData;
import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.dubbo.ResponseText;
import io.rpcbench.sampler.json.JdkValues;
import io.rpcbench.sampler.protobuf.ProtobufJson;
import io.rpcbench.sampler.thrift.ThriftMethod;
import io.rpcbench.sampler.thrift.ThriftToJson;
import io.rpcbench.user.Page;
import io.rpcbench.user.UserDesk;
import io.rpcbench.user.UserProtoDesk;
import io.rpcbench.user.proto.PageRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.dubbo.common.utils.PojoUtils;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments.ArgumentSet;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seed 004's listUser answer (a page of 15 users; for Thrift a shelf of 15 items) of every kind, through the sampler
 * as it fills a sample: a listener that reads the data gets the text the samplers wrote per sample before (the old
 * path, called here directly), the bytes column is the wire's whether or not anything reads, and nothing is rendered
 * until something reads, then once.
 */
class LazyAnswersTest {

    private static final int MAX_BYTES = 65_536;
    /** What the wire said: any size but 0, which JMeter would replace with the data's length. */
    private static final long WIRE_BYTES = 1234;

    private static final ThriftMethod SHELVE = ThriftMethod.resolve("io.rpcbench.example.thrift.InventoryService",
            "shelve", LazyAnswersTest.class.getClassLoader());

    @TempDir
    static Path home;

    @BeforeAll
    static void jmeterProperties() throws Exception {
        JMeterTestHome.use(home);
    }

    /** One kind of answer: a fresh answer per call, how its client leaves it, and how it was written before. */
    private record Kind(Supplier<Object> answer, Function<Object, ResponseData> now, Function<Object, String> before) {}

    static Stream<ArgumentSet> kinds() {
        return Stream.of(
                org.junit.jupiter.params.provider.Arguments.argumentSet("Jackson, generic maps", new Kind(
                        () -> PojoUtils.generalize(new UserDesk().listUser(1)),
                        answer -> ResponseText.ofResultWhenRead(answer, true, MAX_BYTES),
                        answer -> ResponseText.render(JdkValues.plain(answer), MAX_BYTES).text())),
                org.junit.jupiter.params.provider.Arguments.argumentSet("Jackson, typed objects", new Kind(
                        () -> new UserDesk().listUser(1),
                        answer -> ResponseText.ofResultWhenRead(answer, false, MAX_BYTES),
                        answer -> ResponseText.render(answer, MAX_BYTES).text())),
                org.junit.jupiter.params.provider.Arguments.argumentSet("Thrift struct", new Kind(
                        LazyAnswersTest::shelf,
                        answer -> SHELVE.responseData(answer, MAX_BYTES),
                        answer -> ThriftToJson.cap(SHELVE.render(answer), MAX_BYTES))),
                org.junit.jupiter.params.provider.Arguments.argumentSet("protobuf message", new Kind(
                        () -> new UserProtoDesk().listUser(PageRequest.newBuilder().setPageNo(1).build()),
                        answer -> ResponseText.ofMessage((com.google.protobuf.MessageOrBuilder) answer, MAX_BYTES),
                        answer -> ResponseText.ofJson(ProtobufJson.print((com.google.protobuf.MessageOrBuilder) answer),
                                MAX_BYTES).text())));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aListenerReadsTheTextTheSamplerWrotePerSampleBefore(Kind kind) {
        Object answer = kind.answer().get();
        AtomicReference<ResponseData> left = new AtomicReference<>();

        RpcSampleResult result = sample(answer, kind.now(), left);

        assertThat(result.isSuccessful()).isTrue();
        assertThat(result.getBytesAsLong()).isEqualTo(WIRE_BYTES);
        assertThat(result.responseDataPending()).isTrue();
        assertThat(left.get().rendered()).isFalse();
        String before = kind.before().apply(answer);
        assertThat(before).startsWith("{").hasSizeGreaterThan(1000);
        assertThat(result.getResponseDataAsString()).isEqualTo(before);
        assertThat(result.getResponseData()).isEqualTo(before.getBytes(StandardCharsets.UTF_8));
        assertThat(result.getBytesAsLong()).isEqualTo(WIRE_BYTES);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aSampleNobodyReadsNeverRendersItsAnswer(Kind kind) {
        AtomicReference<ResponseData> left = new AtomicReference<>();

        List<RpcSampleResult> unread = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            unread.add(sample(kind.answer().get(), kind.now(), left));
            assertThat(left.get().rendered()).isFalse();
        }

        assertThat(unread).allSatisfy(result -> {
            assertThat(result.responseDataPending()).isTrue();
            assertThat(result.getBytesAsLong()).isEqualTo(WIRE_BYTES); // what JMeter's CSV writer reads
        });
    }

    @Test
    void aTypedAnswerReadTwiceIsWrittenOnce() {
        AtomicInteger writes = new AtomicInteger();
        CountedPage answer = new CountedPage(new UserDesk().listUser(1), writes);

        RpcSampleResult result = sample(answer, a -> ResponseText.ofResultWhenRead(a, false, MAX_BYTES),
                new AtomicReference<>());

        assertThat(writes).hasValue(0);
        String first = result.getResponseDataAsString();
        String second = result.getResponseDataAsString();
        byte[] bytes = result.getResponseData();
        assertThat(writes).hasValue(1);
        // Jackson's order of a class's properties follows reflection, which differs between JVMs and runs: the
        // text is compared whole with the eager rendering elsewhere, here only its content.
        assertThat(second).isEqualTo(first).startsWith("{").contains("\"pageNo\":1", "\"users\":[");
        assertThat(bytes).isEqualTo(first.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aCutAnswerIsCutAsBeforeWhenRead() {
        Page page = new UserDesk().listUser(1);

        RpcSampleResult result = sample(page, a -> ResponseText.ofResultWhenRead(a, false, 100), new AtomicReference<>());

        assertThat(result.getResponseDataAsString()).isEqualTo(ResponseText.render(page, 100).text())
                .contains(ResponseText.CUT_MARK);
    }

    /** The contract kept: what the check at call time finds unwritable fails its sample when the sample ends. */
    @Test
    void aGenericResultThatHoldsItselfStillFailsItsSampleAsSerialization() {
        Map<String, Object> parent = new HashMap<>();
        parent.put("children", new ArrayList<>(List.of(Map.of("parent", parent))));

        RpcSampleResult result = sample(parent, a -> ResponseText.ofResultWhenRead(a, true, MAX_BYTES),
                new AtomicReference<>());

        assertThat(result.isSuccessful()).isFalse();
        assertThat(result.getResponseCode()).isEqualTo("serialization");
        assertThat(result.getResponseMessage()).contains("it holds itself (a cycle)");
    }

    /** What the README states: a getter that throws is found only when read; the reader gets the failure, once. */
    @Test
    void aTypedAnswerThatFailsWhenReadShowsTheFailureToItsReader() {
        RpcSampleResult result = sample(new ThrowingGetter(), a -> ResponseText.ofResultWhenRead(a, false, MAX_BYTES),
                new AtomicReference<>());

        assertThat(result.isSuccessful()).isTrue();
        assertThat(result.getResponseDataAsString()).startsWith(RpcSampleResult.RENDER_FAILED)
                .contains("the result is not writable as JSON").contains("no total today");
    }

    /** One sample of a sampler whose client answers {@code answer}, leaving its data as {@code data} makes it. */
    private static RpcSampleResult sample(Object answer, Function<Object, ResponseData> data,
            AtomicReference<ResponseData> left) {
        SampleResult result = SamplerRun.runOnce(new AnswerSampler(answer, data, left), Map.of());
        return (RpcSampleResult) result;
    }

    private static Item[] items() {
        InventoryDesk desk = new InventoryDesk();
        Item[] items = new Item[15];
        for (int i = 0; i < items.length; i++) {
            try {
                items[i] = desk.find(15 + i);
            } catch (ItemNotFound e) {
                throw new AssertionError(e);
            }
        }
        return items;
    }

    private static Object shelf() {
        return new InventoryDesk().shelve("page-1", List.of(items()));
    }

    /** A page whose users Jackson reads through a getter that counts. */
    public static final class CountedPage {
        private final Page page;
        private final AtomicInteger reads;

        CountedPage(Page page, AtomicInteger reads) {
            this.page = page;
            this.reads = reads;
        }

        public int getPageNo() {
            return page.getPageNo();
        }

        public List<io.rpcbench.user.User> getUsers() {
            reads.incrementAndGet();
            return page.getUsers();
        }
    }

    /** A typed result whose getter throws. */
    public static final class ThrowingGetter {
        public int getTotal() {
            throw new IllegalStateException("no total today");
        }
    }

    /** A sampler whose client answers one object, {@value #WIRE_BYTES} bytes received, and leaves its data as told. */
    public static final class AnswerSampler extends RpcJavaSampler<String> {
        private final Object answer;
        private final Function<Object, ResponseData> data;
        private final AtomicReference<ResponseData> left;

        AnswerSampler(Object answer, Function<Object, ResponseData> data, AtomicReference<ResponseData> left) {
            this.answer = answer;
            this.data = data;
            this.left = left;
        }

        @Override
        protected void addParameters(Arguments arguments) {}

        @Override
        protected String setup(SamplerParameters parameters) {
            return "answer";
        }

        @Override
        protected RpcClient open(String setup) {
            return new RpcClient() {
                @Override
                public Object call() {
                    return answer;
                }

                @Override
                public String mismatch(Object response) {
                    return null;
                }

                @Override
                public long sentBytes() {
                    return 1;
                }

                @Override
                public long receivedBytes(Object response) {
                    return WIRE_BYTES;
                }

                @Override
                public ResponseData responseText(Object response) {
                    ResponseData made = data.apply(response);
                    left.set(made);
                    return made;
                }

                @Override
                public String answeredBy() {
                    return "test://answer";
                }

                @Override
                public String target() {
                    return "test://answer";
                }

                @Override
                public boolean interrupt() {
                    return false;
                }

                @Override
                public void close() {}
            };
        }

        @Override
        protected String target(String setup) {
            return "test://answer";
        }

        @Override
        protected String summary(String setup) {
            return "listUser";
        }
    }
}
