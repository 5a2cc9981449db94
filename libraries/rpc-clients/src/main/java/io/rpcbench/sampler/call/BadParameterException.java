package io.rpcbench.sampler.call;

/** A sampler parameter has a value the sampler cannot use; the message names the parameter, value and what was expected. */
public class BadParameterException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public BadParameterException(String message) {
        super(message);
    }

    /** "{name} '{value}' {problem}; expected {expected}". */
    public static BadParameterException of(String name, String value, String problem, String expected) {
        return new BadParameterException(name + " '" + value + "' " + problem + "; expected " + expected);
    }
}
