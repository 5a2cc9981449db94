package io.rpcbench.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class BoundedLineReaderTest {

    private static BoundedLineReader reader(String text, int max) {
        return new BoundedLineReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), max);
    }

    @Test
    void readsLinesUpToTheLimitAndALastLineWithoutNewline() throws IOException {
        BoundedLineReader in = reader("test\nabcd\n\nmetrics:é", 4);
        assertThat(in.readLine()).isEqualTo("test");
        assertThat(in.readLine()).isEqualTo("abcd");
        assertThat(in.readLine()).isEmpty();
        assertThatThrownBy(in::readLine).isInstanceOf(BoundedLineReader.LineTooLongException.class);
    }

    @Test
    void endOfStreamIsNull() throws IOException {
        assertThat(reader("", 4).readLine()).isNull();
        BoundedLineReader in = reader("x", 4);
        assertThat(in.readLine()).isEqualTo("x");
        assertThat(in.readLine()).isNull();
    }

    @Test
    void anEndlessLineIsRefusedAfterTheLimitWithoutReadingOn() {
        final long[] served = new long[1];
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                served[0]++;
                return 'a';
            }
        };
        assertThatThrownBy(() -> new BoundedLineReader(endless, 1024).readLine())
                .isInstanceOf(BoundedLineReader.LineTooLongException.class)
                .hasMessage("a request line is longer than 1024 bytes without a newline");
        // BufferedInputStream reads ahead one buffer at most: memory stays bounded.
        assertThat(served[0]).isLessThanOrEqualTo(1024 + 8192);
    }
}
