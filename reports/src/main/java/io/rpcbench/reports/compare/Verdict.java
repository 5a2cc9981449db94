package io.rpcbench.reports.compare;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What a difference of one metric between a run and the baseline means, e.g.
 * {@code worse: TPS -18.2 % (noise +/-3.1 %)}. {@link NoiseRule} decides it.
 *
 * @param kind the verdict alone, e.g. {@code worse}; the page colours by it
 * @param text the verdict as printed: the kind, the metric, the difference and the noise it was judged against
 */
record Verdict(Kind kind, String text) {

    /** The verdicts there are; {@link #label()} is how they are printed and stored in the page's data. */
    enum Kind {
        BETTER("better"),
        WORSE("worse"),
        WITHIN_NOISE("within noise"),
        /** Beyond noise for a metric where neither direction is better (network bytes/s). */
        HIGHER("higher"),
        LOWER("lower"),
        SAME("same"),
        NOT_COMPARABLE("not comparable"),
        /** A value or a noise band is missing; the notes under the table say why. */
        NONE("-"),
        /** The other run has no figures for the row's scenario and system. */
        NOT_IN("not in");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        @JsonValue
        String label() {
            return label;
        }
    }

    static final Verdict NONE = new Verdict(Kind.NONE, "-");

    static Verdict notIn(String run) {
        return new Verdict(Kind.NOT_IN, "not in " + run);
    }
}
