package io.rpcbench.sampler.call.echo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.echo.EchoPayload;
import io.rpcbench.echo.PayloadKind;
import io.rpcbench.echo.RandomNumbers;
import org.junit.jupiter.api.Test;

/** The requests of the two calls that make the provider work, and how their answers are judged. */
class EchoRequestTest {

    @Test
    void cpuSendsTheTextAndExpectsTheLengthTheProviderBuilds() {
        EchoRequest request = EchoRequest.cpu(1024, 10_000);
        String text = (String) request.argument();

        assertThat(text).isEqualTo(EchoPayload.text(1024));
        assertThat(request.rounds()).isEqualTo(10_000);
        assertThat(request.mismatch(RandomNumbers.append(text, 10_000))).isNull();
        assertThat(request.mismatch(101_023)).isEqualTo("expected the number 101024 but the response was the number 101023");
        assertThat(request.summary()).isEqualTo("appendRandomNumbers 10000 rounds to a string of 1024 bytes");
        assertThat(request.payloadBytes()).isEqualTo(1024 + 4);
        assertThat(request.responseBytes()).isEqualTo(4);
    }

    @Test
    void builtSendsTwoNumbersAndExpectsTheDeterministicText() {
        EchoRequest request = EchoRequest.built(20, 5000);

        assertThat(request.argument()).isNull();
        assertThat(request.delayMs()).isEqualTo(20);
        assertThat(request.sizeBytes()).isEqualTo(5000);
        assertThat(request.mismatch(EchoPayload.text(5000))).isNull();
        assertThat(request.mismatch(EchoPayload.text(4999)))
                .isEqualTo("expected a string of 5000 bytes but the response was a string of 4999 bytes");
        assertThat(request.summary()).isEqualTo("sleepAndBuildText 20 ms, 5000 chars");
        assertThat(request.responseBytes()).isEqualTo(5000);
    }

    @Test
    void summaryIsMadeOnceForEverySample() {
        EchoRequest request = EchoRequest.of(PayloadKind.STRING, 51_234, 0);

        assertThat(request.summary()).isEqualTo("echo string 51234 bytes").isSameAs(request.summary());
    }

    @Test
    void theWorkingKindsAreNotBuiltFromASizeAlone() {
        assertThatThrownBy(() -> EchoRequest.of(PayloadKind.CPU, 1024, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("payload kind cpu takes more than a size; expected EchoRequest.cpu or EchoRequest.built for it");
    }

    @Test
    void builtRefusesANegativeDelay() {
        assertThatThrownBy(() -> EchoRequest.built(-1, 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("delay -1 ms is negative; expected 0 or more");
    }
}
