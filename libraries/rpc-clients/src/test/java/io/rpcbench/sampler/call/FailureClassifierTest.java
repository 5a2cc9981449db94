package io.rpcbench.sampler.call;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import org.junit.jupiter.api.Test;

class FailureClassifierTest {

    @Test
    void plainJavaFailures() {
        assertThat(FailureClassifier.categorize(new SocketTimeoutException(), FailureRules.NONE))
                .isEqualTo(FailureCategory.TIMEOUT);
        assertThat(FailureClassifier.categorize(new IOException("broken pipe"), FailureRules.NONE))
                .isEqualTo(FailureCategory.CONNECTION);
        assertThat(FailureClassifier.categorize(new IllegalStateException("provider threw"), FailureRules.NONE))
                .isEqualTo(FailureCategory.REMOTE_EXCEPTION);
    }

    @Test
    void theLibrarysRulesDecideBeforeTheJdkAndMayDeferToTheCause() {
        class LibraryException extends RuntimeException {
            LibraryException(String message, Throwable cause) {
                super(message, cause);
            }
        }
        FailureRules library = new FailureRules() {
            @Override
            public FailureCategory decide(Throwable link) {
                return link instanceof LibraryException ? (link.getMessage().equals("defer") ? null
                        : FailureCategory.SERIALIZATION) : null;
            }

            @Override
            public String detail(Throwable failure) {
                return failure.getMessage().equals("worded") ? "in the library's words" : null;
            }
        };

        assertThat(FailureClassifier.categorize(new LibraryException("decide", new ConnectException()), library))
                .isEqualTo(FailureCategory.SERIALIZATION);
        assertThat(FailureClassifier.categorize(new LibraryException("defer", new ConnectException()), library))
                .isEqualTo(FailureCategory.CONNECTION);
        assertThat(FailureClassifier.categorize(new BadParameterException("bad"), library))
                .isEqualTo(FailureCategory.BAD_PARAMETER);
        assertThat(FailureClassifier.describe(FailureCategory.SERIALIZATION, new LibraryException("worded", null),
                "lib://here", library)).isEqualTo("serialization calling lib://here: in the library's words");
    }

    @Test
    void interruptIsFoundInTheCauseChain() {
        assertThat(FailureClassifier.wasInterrupted(new RuntimeException("x", new InterruptedException()))).isTrue();
        assertThat(FailureClassifier.wasInterrupted(new RuntimeException("x"))).isFalse();
    }
}
