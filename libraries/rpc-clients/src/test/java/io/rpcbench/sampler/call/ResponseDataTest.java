package io.rpcbench.sampler.call;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ResponseDataTest {

    @Test
    void aTextGivenLaterIsRenderedByTheFirstReadOnly() {
        AtomicInteger renders = new AtomicInteger();
        ResponseData data = ResponseData.later(() -> "page " + renders.incrementAndGet());

        assertThat(data.rendered()).isFalse();
        assertThat(renders).hasValue(0);
        assertThat(data.text()).isEqualTo("page 1");
        assertThat(data.text()).isEqualTo("page 1");
        assertThat(data.rendered()).isTrue();
        assertThat(renders).hasValue(1);
    }

    @Test
    void aTextGivenNowIsRendered() {
        ResponseData data = ResponseData.of("{}");

        assertThat(data.rendered()).isTrue();
        assertThat(data.text()).isEqualTo("{}");
    }
}
