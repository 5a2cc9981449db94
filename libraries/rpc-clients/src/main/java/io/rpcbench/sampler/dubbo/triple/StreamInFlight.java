package io.rpcbench.sampler.dubbo.triple;

import io.rpcbench.sampler.dubbo.SharedConsumerClient;
/**
 * The stream a sampler thread is in, so that a stop from another thread (JMeter stopping the thread, a Sample Timeout)
 * wakes it: the sampler thread then cancels the call and fails the sample as {@code stopped}. A unary call is not cut
 * short (see {@link SharedConsumerClient#interrupt}).
 */
public final class StreamInFlight {

    private volatile MessageStream stream;

    /** From now on a stop wakes the thread waiting on {@code answers}. */
    public void enter(MessageStream answers) {
        stream = answers;
    }

    /** The stream has ended, one way or another. */
    public void leave() {
        stream = null;
    }

    /** Stops the stream in flight, if any; false when none is. */
    public boolean stop() {
        MessageStream answers = stream;
        if (answers == null) {
            return false;
        }
        answers.stop("JMeter stopped the thread");
        return true;
    }
}
