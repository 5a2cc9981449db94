package io.rpcbench.reports;

/**
 * The few texts a JTL repeats on every row (its labels, the providers in its URL column), handed out as one String
 * instance each: a row's field is a new String, and the maps the statistics keep per label and per provider would
 * hash and compare each new one in full; the instance seen before has its hash cached and matches by identity.
 * Bounded: after {@link #MAX_KEPT} distinct texts, further ones are returned as they are (still correct, only not
 * shared). One instance per pass over a file.
 *
 * <pre>{@code
 * RepeatedText labels = new RepeatedText();
 * String label = labels.of(row.text(labelColumn));  // the same instance for every row of that label
 * }</pre>
 */
final class RepeatedText {

    static final int MAX_KEPT = 16;

    private final String[] kept = new String[MAX_KEPT];
    private int size;

    /** {@code text}, or the equal text seen before. */
    String of(String text) {
        for (int i = 0; i < size; i++) {
            if (kept[i].equals(text)) {
                return kept[i];
            }
        }
        if (size < MAX_KEPT) {
            kept[size++] = text;
        }
        return text;
    }
}
