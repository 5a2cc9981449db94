package io.rpcbench.agent.metric.command;

/** Reads a number a command or a file wrote; anything else is "no value" (an empty field), never an error line. */
final class Numbers {
    private Numbers() {
    }

    static double parse(String text) {
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
