package io.rpcbench.elements.check;

/**
 * Where a field's text holds JMeter references, {@code ${name}} or {@code ${__function(args)}} (nested ones
 * included), which JMeter replaces with their value when each sample runs: a check judges the text around them.
 */
final class JMeterReferences {

    private JMeterReferences() {}

    /** Whether {@code text} holds a reference anywhere. */
    static boolean contains(String text) {
        return text.contains("${");
    }

    /**
     * The end (exclusive) of the reference starting at {@code start} ({@code "${"}), its braces balanced; the text's
     * length when it is not closed (a reference being typed).
     */
    static int end(String text, int start) {
        int depth = 0;
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '$' && i + 1 < text.length() && text.charAt(i + 1) == '{') {
                depth++;
                i++;
            } else if (c == '}' && --depth == 0) {
                return i + 1;
            }
        }
        return text.length();
    }
}
