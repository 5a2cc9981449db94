package io.rpcbench.reports.jtl;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The texts a JTL repeats row after row (its labels, response codes and messages, providers, thread names), handed
 * out as one String each, found by the bytes of the field: a row costs no new String for them, and the maps the
 * statistics keep per label and per provider find the instance seen before by identity, its hash cached.
 * Bounded: after {@link #MAX_KEPT} distinct texts, further ones are made anew each time (still correct, only not
 * shared), so a file of ever-new messages cannot fill the memory. One instance per pass over a file, or per chunk
 * of a file parsed on several threads ({@link ParsingInChunks}): the chunks' instances then share one {@link Shared}
 * table, so every chunk hands out the same String for a text.
 *
 * <pre>{@code
 * RepeatedText texts = new RepeatedText();
 * String label = texts.of(bytes, start, end);  // the same instance for every row of that label
 * }</pre>
 */
final class RepeatedText {

    static final int MAX_KEPT = 1024;

    /** The texts kept by every chunk of one file, so that all hand out the same instance (any thread). */
    static final class Shared {
        private final Map<String, String> texts = new ConcurrentHashMap<>();

        /** The instance kept for {@code text}, which is kept if none is and there is room. */
        String of(String text) {
            if (texts.size() >= MAX_KEPT) {
                return texts.getOrDefault(text, text);
            }
            String kept = texts.putIfAbsent(text, text);
            return kept != null ? kept : text;
        }
    }

    /** Open addressing, at most half full, so a probe always ends on a free slot. */
    private final String[] table = new String[MAX_KEPT * 2];
    /** Each kept text's bytes, compared with a field's by {@link Arrays#equals(byte[], int, int, byte[], int, int)}. */
    private final byte[][] keys = new byte[MAX_KEPT * 2][];
    private final int[] hashes = new int[MAX_KEPT * 2];
    private final Shared shared;
    private int size;
    private byte[] lastKey;

    RepeatedText() {
        this(null);
    }

    /** Texts that come from {@code shared} when it is given (null: this instance's own). */
    RepeatedText(Shared shared) {
        this.shared = shared;
    }

    /** The bytes of the text {@link #of} gave last, or null when that text was not kept (do not change them). */
    byte[] lastKey() {
        return lastKey;
    }

    /** The text of the UTF-8 {@code bytes[start, end)}. */
    String of(byte[] bytes, int start, int end) {
        int hash = 0;
        for (int i = start; i < end; i++) {
            hash = 31 * hash + bytes[i];
        }
        int mask = table.length - 1;
        for (int slot = (hash ^ (hash >>> 16)) & mask; ; slot = (slot + 1) & mask) {
            String kept = table[slot];
            if (kept == null) {
                String text = new String(bytes, start, end - start, StandardCharsets.UTF_8);
                if (size < MAX_KEPT) {
                    if (shared != null) {
                        text = shared.of(text);
                    }
                    table[slot] = text;
                    keys[slot] = Arrays.copyOfRange(bytes, start, end);
                    hashes[slot] = hash;
                    size++;
                }
                lastKey = keys[slot]; // null when not kept
                return text;
            }
            byte[] key = keys[slot];
            if (hashes[slot] == hash && Arrays.equals(key, 0, key.length, bytes, start, end)) {
                lastKey = key;
                return kept;
            }
        }
    }
}
