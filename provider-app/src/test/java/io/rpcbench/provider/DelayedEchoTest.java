package io.rpcbench.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.echo.EchoPayload;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The provider's work calls without a protocol: what they answer and what they refuse. */
class DelayedEchoTest {

    private final DelayedEcho echo = new DelayedEcho(0);

    @Test
    void appendRandomNumbersAnswersTheTextsLengthPlusTenDigitsPerRound() {
        assertThat(echo.appendRandomNumbers(EchoPayload.text(1024), 10_000)).isEqualTo(1024 + 10 * 10_000);
    }

    @Test
    void sleepAndBuildTextSleepsAtLeastTheDelayThenAnswersTheDeterministicText() {
        long start = System.nanoTime();
        String text = echo.sleepAndBuildText(50, 1000);
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(text).isEqualTo(EchoPayload.text(1000));
        assertThat(took).isGreaterThanOrEqualTo(Duration.ofMillis(50));
    }

    @Test
    void sleepAndBuildTextRefusesANegativeDelayOrLengthNamingIt() {
        assertThatThrownBy(() -> echo.sleepAndBuildText(-1, 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("delayMs -1 is negative; expected 0 or more");
        assertThatThrownBy(() -> echo.sleepAndBuildText(0, -10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("payload size -10 is out of range");
    }

    @Test
    void appendRandomNumbersRefusesNegativeRounds() {
        assertThatThrownBy(() -> echo.appendRandomNumbers("x", -5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("rounds -5 is out of range");
    }
}
