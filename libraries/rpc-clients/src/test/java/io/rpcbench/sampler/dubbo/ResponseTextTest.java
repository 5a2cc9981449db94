package io.rpcbench.sampler.dubbo;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Any;
import com.google.protobuf.Message;
import com.google.protobuf.Option;
import com.google.protobuf.Timestamp;
import io.rpcbench.sampler.call.CallOutcome;
import io.rpcbench.sampler.call.ResponseData;
import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.TimedCall;
import io.rpcbench.sampler.protobuf.ProtobufJson;
import io.rpcbench.user.UserProtoDesk;
import io.rpcbench.user.proto.Page;
import io.rpcbench.user.proto.PageRequest;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.MonthDay;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ResponseTextTest {

    private static final Page PAGE = new UserProtoDesk().listUser(PageRequest.newBuilder().setPageNo(1).build());

    @Test
    void aPrintableProtobufAnswerIsPrintedWhenReadAsItWasBefore() {
        ResponseData page = ResponseText.ofMessage(PAGE, 100_000);
        ResponseData cut = ResponseText.ofMessage(PAGE, 100);

        assertThat(page.rendered()).isFalse();
        assertThat(cut.rendered()).isFalse();
        assertThat(page.text()).isEqualTo(ResponseText.ofJson(ProtobufJson.print(PAGE), 100_000).text())
                .startsWith("{\"users\":[{\"id\":\"15\",\"name\":\"User 15\",");
        assertThat(cut.text()).isEqualTo(ResponseText.ofJson(ProtobufJson.print(PAGE), 100).text())
                .contains(ResponseText.CUT_MARK);
    }

    @Test
    void anAnswerThatCanHoldAnAnyIsPrintedAtOnce() {
        ResponseData option = ResponseText.ofMessage(Option.newBuilder().setName("empty").build(), 4096);

        assertThat(option.rendered()).isTrue();
        assertThat(option.text()).isEqualTo("{\"name\":\"empty\"}");
    }

    /** The contract kept: an answer that cannot be shown fails its sample, when the sample ends. */
    @Test
    void anUnresolvableAnyStillFailsTheSampleAsSerialization() {
        Option answer = Option.newBuilder().setName("x").setValue(Any.pack(Timestamp.getDefaultInstance())).build();

        CallOutcome outcome = TimedCall.run(new AnsweringClient(answer), "getOption", new TimedCall.Stopwatch() {
            @Override
            public void start() {}

            @Override
            public void stop() {}
        });

        assertThat(outcome.responseCode()).isEqualTo("serialization");
        assertThat(outcome.message()).isEqualTo("serialization calling fake://target: the response could not be "
                + "written as the sample's response data: the protobuf message google.protobuf.Option cannot be "
                + "written as JSON: Cannot find type for url: type.googleapis.com/google.protobuf.Timestamp");
    }

    @Test
    void typedResultsOfOtherJavaTimeTypesAndOptionalsAreWritten() {
        Object result = List.of(Optional.of(OffsetTime.parse("10:15:30+01:00")), Optional.empty(), YearMonth.of(2024, 5),
                Period.ofDays(3), ZoneId.of("Europe/Paris"), MonthDay.of(2, 29), Year.of(2024));

        assertThat(ResponseText.render(result, 4096).text())
                .isEqualTo("[\"10:15:30+01:00\",null,\"2024-05\",\"P3D\",\"Europe/Paris\",\"--02-29\",\"2024\"]");
    }

    @Test
    void genericResultMapsAreWrittenWithExactNumbersAndTheirClassKey() {
        Map<String, Object> order = new LinkedHashMap<>();
        order.put("class", "com.example.Order");
        order.put("id", 9007199254740993L);
        order.put("total", new BigDecimal("12.30"));
        order.put("big", new BigDecimal("1E+3"));
        order.put("placedAt", "2024-05-06T07:08:09.123456789");
        order.put("lines", List.of(Map.of("sku", "A")));

        ResponseText text = ResponseText.render(order, 10_000);

        assertThat(text.text()).isEqualTo("{\"class\":\"com.example.Order\",\"id\":9007199254740993,\"total\":12.30,"
                + "\"big\":1000,\"placedAt\":\"2024-05-06T07:08:09.123456789\",\"lines\":[{\"sku\":\"A\"}]}");
        assertThat(text.fullBytes()).isEqualTo(text.text().length());
    }

    @Test
    void typedJavaTimeValuesAreIsoText() {
        assertThat(ResponseText.render(LocalDateTime.parse("2024-05-06T07:08:09.000000001"), 100).text())
                .isEqualTo("\"2024-05-06T07:08:09.000000001\"");
    }

    @Test
    void aLongTextIsCutAtTheCapAndSaysSo() {
        ResponseText text = ResponseText.render("é".repeat(100), 10); // 2 bytes each: byte 10 splits one, so 9 are kept

        assertThat(text.fullBytes()).isEqualTo(202);
        assertThat(text.text()).isEqualTo("\"éééé\n" + ResponseText.CUT_MARK + "9 of 202 bytes shown]");
    }

    /** A client answering one protobuf message, shown as DubboServiceClient and ProtoStubClient show theirs. */
    private record AnsweringClient(Message answer) implements RpcClient {
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
            return 0;
        }

        @Override
        public long receivedBytes(Object response) {
            return answer.getSerializedSize();
        }

        @Override
        public ResponseData responseText(Object response) {
            return ResponseText.ofMessage((Message) response, 4096);
        }

        @Override
        public String answeredBy() {
            return "fake://127.0.0.1:1";
        }

        @Override
        public String target() {
            return "fake://target";
        }

        @Override
        public boolean interrupt() {
            return false;
        }

        @Override
        public void close() {}
    }
}
