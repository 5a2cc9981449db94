package io.rpcbench.agent.metric;

/** A spec or command that this agent was not started to allow; the message names the flag that would allow it. */
public final class RefusedException extends RuntimeException {
    public RefusedException(String what, String flag) {
        super(what + " is refused: this agent was started without " + flag);
    }
}
