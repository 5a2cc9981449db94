package io.rpcbench.sampler.dubbo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.json.ExactJson;
import io.rpcbench.sampler.json.MethodSignature;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProtobufJsonArgumentTest {

    private static final MethodSignature GET_USER =
            new MethodSignature("getUser", List.of("io.rpcbench.user.proto.UserRequest"), "");

    @Test
    void theOneObjectIsSentAsItsJsonTextWithEveryDigit() throws Exception {
        assertThat(ProtobufJsonArgument.text(ExactJson.MAPPER.readTree("[{\"id\": 9007199254740993}]"), GET_USER))
                .isEqualTo("{\"id\":9007199254740993}");
    }

    @Test
    void moreThanOneValueIsRefused() {
        assertThatThrownBy(() -> ProtobufJsonArgument.text(ExactJson.MAPPER.readTree("[{}, {}]"), GET_USER))
                .isInstanceOf(BadParameterException.class)
                .hasMessage("arguments '[{},{}]' has 2 values, and Dubbo's protobuf-json generic call carries exactly "
                        + "one; expected a JSON array of one object, the io.rpcbench.user.proto.UserRequest in "
                        + "protobuf's JSON mapping, e.g. [{\"id\": 7}]");
    }

    @Test
    void aValueThatIsNoObjectIsRefused() {
        assertThatThrownBy(() -> ProtobufJsonArgument.text(ExactJson.MAPPER.readTree("[7]"), GET_USER))
                .isInstanceOf(BadParameterException.class)
                .hasMessage("arguments[0] '7' is not a JSON object; expected the io.rpcbench.user.proto.UserRequest as "
                        + "a JSON object in protobuf's JSON mapping, e.g. {\"id\": 7}");
    }
}
