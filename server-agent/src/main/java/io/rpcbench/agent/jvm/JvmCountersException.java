package io.rpcbench.agent.jvm;

import java.io.IOException;

/**
 * The performance counters of a JVM cannot be read: the message names the JVM (its pid or file) and says what is
 * missing and what would make them readable (the agent's user, a JVM option), so the log line is the whole answer.
 */
public final class JvmCountersException extends IOException {
    public JvmCountersException(String message) {
        super(message);
    }

    public JvmCountersException(String message, Throwable cause) {
        super(message, cause);
    }
}
