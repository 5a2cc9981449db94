package io.rpcbench.agent.metric;

/**
 * One value a client asked for, read again at every interval.
 *
 * <p>An instance belongs to one client's spec, so counters can remember the previous reading and report the
 * change since then. {@link #read()} returns {@link Double#NaN} (the reply shows an empty field) when the
 * value cannot be read now, or throws; it never blocks other clients, because each client reads on its own thread.
 */
public interface Metric {
    double read() throws Exception;

    /** Lets go of what the metric holds (a JMX connection); called when the client replaces or drops its specs. */
    default void close() {
    }
}
