package io.rpcbench.catalogue;

/**
 * A command-line option has a value the command cannot use: the message names the option, the value, the problem and
 * what was expected, e.g. {@code --method 'plac' is not a method of com.example.Shop; expected one of: ...}. The
 * commands print it and exit with {@value #EXIT_CODE}, the exit code of bad usage.
 */
public final class BadOptionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** picocli's exit code of bad usage. */
    public static final int EXIT_CODE = 2;

    private BadOptionException(String message) {
        super(message);
    }

    /** "{option} '{value}' {problem}; expected {expected}". */
    public static BadOptionException of(String option, String value, String problem, String expected) {
        return new BadOptionException(option + " '" + value + "' " + problem + "; expected " + expected);
    }
}
