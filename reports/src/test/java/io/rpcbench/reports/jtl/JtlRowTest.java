package io.rpcbench.reports.jtl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * JtlRow reads numbers and booleans from the row's characters as Long.parseLong and equalsIgnoreCase read the
 * field's trimmed text, which the reports did until they stopped making a String of every field.
 */
class JtlRowTest {

    private static final Path FILE = Path.of("test.jtl");

    @Test
    void readsWholeNumbersAsLongParseLongOfTheTrimmedText() throws IOException {
        for (String value : List.of("0", "7", " 7 ", "+5", "-0", "-12", "0012", "999999999999999999",
                "9223372036854775807", "-9223372036854775808", "\u0661\u0662")) {
            assertThat(row(value).number(0, "elapsed")).as(value).isEqualTo(Long.parseLong(value.trim()));
        }
    }

    @Test
    void refusesWhatLongParseLongRefusesNamingTheColumn() throws IOException {
        for (String value : List.of("", " ", "-", "+", "1.5", "9223372036854775808", "1 2", "0x10")) {
            JtlRow row = row(value);
            assertThatThrownBy(() -> row.number(0, "elapsed")).as(value)
                    .isInstanceOf(JtlFormatException.class)
                    .hasMessage(FILE + ":2: 'elapsed' is '" + value + "'; expected a whole number");
        }
    }

    @Test
    void readsBooleansIgnoringCaseAndSpaces() throws IOException {
        assertThat(row("true").bool(0, "success")).isTrue();
        assertThat(row(" TRUE ").bool(0, "success")).isTrue();
        assertThat(row("False").bool(0, "success")).isFalse();
        assertThatThrownBy(() -> row(" yes ").bool(0, "success"))
                .isInstanceOf(JtlFormatException.class)
                .hasMessage(FILE + ":2: 'success' is 'yes'; expected true or false");
    }

    @Test
    void givesOneStringForEveryRowOfTheSameText() throws IOException {
        JtlCsv csv = new JtlCsv(new ByteArrayInputStream("dubbo-echo-1k\ndubbo-echo-1k\n".getBytes(StandardCharsets.UTF_8)));
        JtlRow row = new JtlRow(FILE, csv);
        csv.next();
        String first = row.repeated(0);
        csv.next();

        assertThat(row.repeated(0)).isEqualTo("dubbo-echo-1k").isSameAs(first);
    }

    @Test
    void tellsABlankOrNullColumnFromAValue() throws IOException {
        assertThat(row(" ").isBlankOr(0, "null")).isTrue();
        assertThat(row("null").isBlankOr(0, "null")).isTrue();
        assertThat(row(" null ").isBlankOr(0, "null")).isTrue();
        assertThat(row("1463").isBlankOr(0, "null")).isFalse();
        assertThat(row("1463").isBlankOr(-1, "null")).isTrue();
    }

    /** A row whose only field is {@code value}, read from line 2. */
    private static JtlRow row(String value) throws IOException {
        JtlCsv csv = new JtlCsv(new ByteArrayInputStream((value + "\n").getBytes(StandardCharsets.UTF_8)));
        csv.next();
        JtlRow row = new JtlRow(FILE, csv);
        row.at(2);
        return row;
    }
}
