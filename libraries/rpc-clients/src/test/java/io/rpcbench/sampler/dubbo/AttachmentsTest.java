package io.rpcbench.sampler.dubbo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.sampler.call.BadParameterException;
import org.junit.jupiter.api.Test;

class AttachmentsTest {

    @Test
    void pairsAreSeparatedBySemicolonsAndValuesMayHoldEquals() {
        assertThat(Attachments.parse(" traceId = 42 ; token=a=b;")).containsExactly(
                java.util.Map.entry("traceId", "42"), java.util.Map.entry("token", "a=b"));
        assertThat(Attachments.parse("")).isEmpty();
    }

    @Test
    void aPairWithoutKeyIsABadParameter() {
        assertThatThrownBy(() -> Attachments.parse("tenant=blue;42"))
                .isInstanceOf(BadParameterException.class)
                .hasMessage("attachments 'tenant=blue;42' has '42', which is not key=value; expected key=value pairs "
                        + "separated by ';', e.g. traceId=42;tenant=blue");
    }
}
