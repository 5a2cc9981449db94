package io.rpcbench.reports;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * {@code rpcbench-reports} run through the jar's entry point ({@link DashboardCommand#run}) with what it prints
 * kept: {@link #run} the arguments, then read {@link #out} and {@link #err}, which gather every run's output, in
 * order.
 */
public final class ReportsCommand {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /** The exit code: 0 done, 1 a bad input, 2 a usage error. */
    public int run(String... args) {
        return DashboardCommand.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    public String out() {
        return out.toString();
    }

    public String err() {
        return err.toString();
    }
}
