package io.rpcbench.echo;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The provider's work in seed 000's CPU scenario ("the provider loops 10,000 times, each time making a new random
 * number and appending it"), and the answer a caller expects from it. Every number has exactly
 * {@value #DIGITS} digits, so the length of the built text is known in advance and a sampler checks the answer
 * exactly without the provider sending the text back.
 *
 * <pre>{@code
 * int built = RandomNumbers.append(text, 10_000);                     // on the provider
 * boolean right = built == RandomNumbers.builtLength(text, 10_000);   // on the caller
 * }</pre>
 */
public final class RandomNumbers {

    /** Digits of every appended number: numbers from 1,000,000,000 to {@link Integer#MAX_VALUE}. */
    public static final int DIGITS = 10;

    private static final int SMALLEST = 1_000_000_000;

    private RandomNumbers() {}

    /**
     * Starts a {@link StringBuilder} with {@code text}, appends {@code rounds} new random numbers to it and returns
     * the length it reached. Returning the length keeps the loop's result in use, so the JIT cannot drop the loop.
     * {@link ThreadLocalRandom} rather than one shared {@code Random}: the scenario measures whether the calls spread
     * over every core, which a generator shared by all provider threads would turn into a measure of its contention.
     *
     * @throws IllegalArgumentException when {@code rounds} is negative or the text would outgrow
     *     {@link EchoPayload#MAX_SIZE_BYTES}
     */
    public static int append(String text, int rounds) {
        int length = builtLength(text, rounds);
        StringBuilder built = new StringBuilder(length).append(text);
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int i = 0; i < rounds; i++) {
            built.append(random.nextInt(SMALLEST, Integer.MAX_VALUE));
        }
        return built.length();
    }

    /**
     * The length {@link #append} returns for these arguments: the text's length plus {@value #DIGITS} per round.
     *
     * @throws IllegalArgumentException naming {@code rounds} and the accepted range
     */
    public static int builtLength(String text, int rounds) {
        long maxRounds = (EchoPayload.MAX_SIZE_BYTES - (long) text.length()) / DIGITS;
        if (rounds < 0 || rounds > maxRounds) {
            throw new IllegalArgumentException("rounds " + rounds + " is out of range; expected 0 to " + maxRounds
                    + " for a text of " + text.length() + " chars (the built text stays within "
                    + EchoPayload.MAX_SIZE_BYTES + " chars)");
        }
        return text.length() + DIGITS * rounds;
    }
}
