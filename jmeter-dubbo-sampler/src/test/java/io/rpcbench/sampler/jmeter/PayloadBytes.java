package io.rpcbench.sampler.jmeter;

/** The least number of response bytes a correct echo of a payload can take on the wire. */
final class PayloadBytes {

    private PayloadBytes() {}

    /** Strings are exact; persons are "about" their size, and compact encodings save up to a fifth of it. */
    static long atLeast(String payload, int sizeBytes, int listCount) {
        switch (payload) {
            case "string":
            case "built": return sizeBytes;
            case "cpu": return Integer.BYTES;
            case "person":
            case "map": return sizeBytes * 8L / 10;
            case "list": return listCount * sizeBytes * 8L / 10;
            default: return 1;
        }
    }
}
