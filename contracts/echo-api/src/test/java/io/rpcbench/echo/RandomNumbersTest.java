package io.rpcbench.echo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RandomNumbersTest {

    @Test
    void builtLengthIsTheTextPlusTenDigitsPerRound() {
        String text = EchoPayload.text(1024);

        assertThat(RandomNumbers.append(text, 10_000)).isEqualTo(1024 + 100_000)
                .isEqualTo(RandomNumbers.builtLength(text, 10_000));
        assertThat(RandomNumbers.append(text, 0)).isEqualTo(1024);
        assertThat(RandomNumbers.append("", 1)).isEqualTo(RandomNumbers.DIGITS);
    }

    @Test
    void negativeRoundsAreRejectedNamingRoundsAndTheRange() {
        assertThatThrownBy(() -> RandomNumbers.append("abc", -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rounds -1 is out of range; expected 0 to 6710886 for a text of 3 chars "
                        + "(the built text stays within 67108864 chars)");
    }

    @Test
    void roundsThatWouldOutgrowTheLargestPayloadAreRejectedBeforeAnyWork() {
        assertThatThrownBy(() -> RandomNumbers.builtLength("", Integer.MAX_VALUE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("rounds 2147483647 is out of range; expected 0 to 6710886 ");
    }
}
