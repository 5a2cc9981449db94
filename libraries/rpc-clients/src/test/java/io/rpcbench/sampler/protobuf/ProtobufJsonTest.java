package io.rpcbench.sampler.protobuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import com.google.protobuf.Timestamp;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.json.ExactJson;
import io.rpcbench.user.proto.PageRequest;
import io.rpcbench.user.proto.User;
import io.rpcbench.user.proto.UserRequest;
import org.junit.jupiter.api.Test;

class ProtobufJsonTest {

    @Test
    void anObjectBecomesTheGeneratedMessage() throws Exception {
        Message request = ProtobufJson.parse(json("{\"id\": 7}"), UserRequest.newBuilder(), "arguments[0]");

        assertThat(request).isEqualTo(UserRequest.newBuilder().setId(7).build());
    }

    @Test
    void protoNamesAndJsonNamesAreBothAccepted() throws Exception {
        Message camel = ProtobufJson.parse(json("{\"pageNo\": 2}"), PageRequest.newBuilder(), "arguments[0]");
        Message snake = ProtobufJson.parse(json("{\"page_no\": 2}"), PageRequest.newBuilder(), "arguments[0]");

        assertThat(camel).isEqualTo(PageRequest.newBuilder().setPageNo(2).build()).isEqualTo(snake);
    }

    @Test
    void anInt64KeepsEveryDigitAsNumberOrText() throws Exception {
        Message number = ProtobufJson.parse(json("{\"id\": 9007199254740993}"), UserRequest.newBuilder(), "a");
        Message text = ProtobufJson.parse(json("{\"id\": \"9007199254740993\"}"), UserRequest.newBuilder(), "a");

        assertThat(((UserRequest) number).getId()).isEqualTo(9_007_199_254_740_993L);
        assertThat(((UserRequest) text).getId()).isEqualTo(9_007_199_254_740_993L);
    }

    @Test
    void anEmptyObjectIsTheDefaultMessage() throws Exception {
        assertThat(ProtobufJson.parse(json("{}"), UserRequest.newBuilder(), "arguments[0]"))
                .isEqualTo(UserRequest.getDefaultInstance());
    }

    @Test
    void aDescriptorAloneParsesTheSameMessage() throws Exception {
        Message dynamic = ProtobufJson.parse(json("{\"id\": 7}"), DynamicMessage.newBuilder(UserRequest.getDescriptor()),
                "arguments[0]");

        assertThat(dynamic).isInstanceOf(DynamicMessage.class);
        assertThat(UserRequest.parseFrom(dynamic.toByteArray())).isEqualTo(UserRequest.newBuilder().setId(7).build());
    }

    @Test
    void anUnknownFieldNamesTheArgumentTheMessageAndItsFields() throws Exception {
        assertThatThrownBy(() -> ProtobufJson.parse(json("{\"idd\": 7}"), UserRequest.newBuilder(), "arguments[0]"))
                .isInstanceOf(BadParameterException.class)
                .hasMessage("arguments[0] '{\"idd\":7}' does not fit the protobuf message rpcbench.user.UserRequest "
                        + "(Cannot find field: idd in message rpcbench.user.UserRequest); expected a JSON object of "
                        + "rpcbench.user.UserRequest in protobuf's JSON mapping, with fields among id");
    }

    @Test
    void aValueOfTheWrongTypeNamesTheArgumentAndTheMessage() throws Exception {
        assertThatThrownBy(() -> ProtobufJson.parse(json("{\"id\": \"seven\"}"), UserRequest.newBuilder(),
                "arguments[0]"))
                .isInstanceOf(BadParameterException.class)
                .hasMessageStartingWith("arguments[0] '{\"id\":\"seven\"}' does not fit the protobuf message "
                        + "rpcbench.user.UserRequest");
    }

    @Test
    void aValueThatIsNoObjectIsRefused() throws Exception {
        assertThatThrownBy(() -> ProtobufJson.parse(json("7"), UserRequest.newBuilder(), "arguments[0]"))
                .isInstanceOf(BadParameterException.class)
                .hasMessage("arguments[0] '7' is not a JSON object, as the protobuf message rpcbench.user.UserRequest "
                        + "is; expected a JSON object of rpcbench.user.UserRequest in protobuf's JSON mapping, with "
                        + "fields among id");
    }

    @Test
    void aMessageIsPrintedInProtobufsJsonMapping() {
        User user = User.newBuilder().setId(7).setName("User 7").addPermissions(1).addPermissions(2)
                .setBirthday(Timestamp.newBuilder().setSeconds(642_902_400L)).build();

        // int64 as text, lowerCamelCase names, Timestamp as RFC 3339, fields at their default left out
        assertThat(ProtobufJson.print(user)).isEqualTo("{\"id\":\"7\",\"name\":\"User 7\","
                + "\"birthday\":\"1990-05-17T00:00:00Z\",\"permissions\":[1,2]}");
    }

    @Test
    void builderOfRefusesAClassThatIsNoMessage() {
        assertThat(ProtobufJson.isMessage(UserRequest.class)).isTrue();
        assertThat(ProtobufJson.isMessage(String.class)).isFalse();
        assertThatThrownBy(() -> ProtobufJson.builderOf(String.class)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("java.lang.String is not a generated protobuf message class");
    }

    private static JsonNode json(String text) throws Exception {
        return ExactJson.MAPPER.readTree(text);
    }
}
