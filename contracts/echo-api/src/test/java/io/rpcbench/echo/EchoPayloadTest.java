package io.rpcbench.echo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class EchoPayloadTest {

    @Test
    void textHasExactlyTheRequestedBytes() {
        assertThat(EchoPayload.text(0)).isEmpty();
        assertThat(EchoPayload.text(1024).getBytes(StandardCharsets.UTF_8)).hasSize(1024);
        assertThat(EchoPayload.text(100_000).getBytes(StandardCharsets.UTF_8)).hasSize(100_000);
    }

    @Test
    void payloadsAreDeterministic() {
        assertThat(EchoPayload.text(777)).isEqualTo(EchoPayload.text(777));
        assertThat(EchoPayload.person(3, 1024)).isEqualTo(EchoPayload.person(3, 1024));
        assertThat(EchoPayload.personMap(3000)).isEqualTo(EchoPayload.personMap(3000));
        assertThat(EchoPayload.persons(5, 500)).isEqualTo(EchoPayload.persons(5, 500));
    }

    @Test
    void personGrowsWithTheRequestedSize() {
        int small = EchoPayload.person(1024).getDescription().length();
        int large = EchoPayload.person(100_000).getDescription().length();
        assertThat(large - small).isEqualTo(100_000 - 1024);
    }

    @Test
    void mapHoldsThreeDistinctPersons() {
        assertThat(EchoPayload.personMap(3000)).hasSize(EchoPayload.PERSONS_IN_MAP)
                .containsKeys("person-0", "person-1", "person-2");
    }

    @Test
    void sizeOutOfRangeIsRejectedWithTheValueAndTheRange() {
        assertThatThrownBy(() -> EchoPayload.text(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("payload size -1")
                .hasMessageContaining("expected 0 to " + EchoPayload.MAX_SIZE_BYTES);
        assertThatThrownBy(() -> EchoPayload.person(EchoPayload.MAX_SIZE_BYTES + 1))
                .hasMessageContaining("out of range");
    }

    @Test
    void payloadKindParsesUserNamesAndRejectsOthers() {
        assertThat(PayloadKind.parse(" String ")).isEqualTo(PayloadKind.STRING);
        assertThat(PayloadKind.parse("none")).isEqualTo(PayloadKind.NONE);
        assertThatThrownBy(() -> PayloadKind.parse("blob"))
                .hasMessage("payload kind 'blob' is not one of string, person, map, list, none, cpu, built");
    }

    @Test
    void thriftConversionRoundTrips() {
        Person person = EchoPayload.person(7, 2048);
        assertThat(ThriftPersons.fromThrift(ThriftPersons.toThrift(person))).isEqualTo(person);
    }
}
