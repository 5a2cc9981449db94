package io.rpcbench.agent.metric;

/**
 * Turns a cumulative counter into the change since the previous reading, as the original agent reported
 * reads, bytes and packets: the first reading is 0, a counter that went backwards (reboot, wrap) gives 0.
 */
public final class Counter {
    private double previous = Double.NaN;

    public double change(double current) {
        double before = previous;
        previous = current;
        if (Double.isNaN(before) || current < before) {
            return 0;
        }
        return current - before;
    }
}
