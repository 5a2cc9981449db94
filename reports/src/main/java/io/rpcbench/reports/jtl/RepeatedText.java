package io.rpcbench.reports.jtl;

import java.util.Arrays;

/**
 * The texts a JTL repeats row after row (its labels, response codes and messages, providers, thread names), handed
 * out as one String each, found by the characters of the field: a row costs no new String for them, and the maps
 * the statistics keep per label and per provider find the instance seen before by identity, its hash cached.
 * Bounded: after {@link #MAX_KEPT} distinct texts, further ones are made anew each time (still correct, only not
 * shared), so a file of ever-new messages cannot fill the memory. One instance per pass over a file.
 *
 * <pre>{@code
 * RepeatedText texts = new RepeatedText();
 * String label = texts.of(chars, start, end);  // the same instance for every row of that label
 * }</pre>
 */
final class RepeatedText {

    static final int MAX_KEPT = 1024;

    /** Open addressing, at most half full, so a probe always ends on a free slot. */
    private final String[] table = new String[MAX_KEPT * 2];
    /** Each kept text's characters, compared with a field's by {@link Arrays#equals(char[], int, int, char[], int, int)}. */
    private final char[][] keys = new char[MAX_KEPT * 2][];
    private int size;

    /** The text of {@code chars[start, end)}. */
    String of(char[] chars, int start, int end) {
        int hash = 0;
        for (int i = start; i < end; i++) {
            hash = 31 * hash + chars[i]; // String.hashCode's, so a kept String's cached hash compares
        }
        int mask = table.length - 1;
        for (int slot = (hash ^ (hash >>> 16)) & mask; ; slot = (slot + 1) & mask) {
            String kept = table[slot];
            if (kept == null) {
                String text = new String(chars, start, end - start);
                if (size < MAX_KEPT) {
                    table[slot] = text;
                    keys[slot] = Arrays.copyOfRange(chars, start, end);
                    size++;
                }
                return text;
            }
            char[] key = keys[slot];
            if (kept.hashCode() == hash && Arrays.equals(key, 0, key.length, chars, start, end)) {
                return kept;
            }
        }
    }
}
