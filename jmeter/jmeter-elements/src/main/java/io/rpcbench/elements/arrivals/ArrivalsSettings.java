package io.rpcbench.elements.arrivals;

import java.util.List;

/**
 * The fields of an {@link ArrivalsThreadGroup} as the run reads them, checked: each bad one is refused with a message
 * naming its field (as the panel labels it), what it was and what was expected.
 *
 * @param segments the schedule
 * @param pool     threads in the pool, 1 or more
 * @param engines  JMeter engines the rate is split between, 1 or more
 * @param seed     the random arrivals' seed; null for a new one each run
 */
public record ArrivalsSettings(List<ArrivalSchedule.Segment> segments, int pool, int engines, Long seed) {

    /** The panel's names of the fields, which the messages use. */
    public static final String SCHEDULE_FIELD = "Schedule";
    public static final String POOL_FIELD = "Threads in the pool";
    public static final String ENGINES_FIELD = "Engines sharing the rate";
    public static final String SEED_FIELD = "Random seed";

    /** The most threads a pool may have: far beyond what one JMeter runs well, and a typo guard. */
    public static final int MAX_POOL = 100_000;

    /**
     * Reads the fields as the thread group holds them (functions and properties substituted).
     *
     * @throws IllegalArgumentException naming the first bad field
     */
    public static ArrivalsSettings read(String schedule, String pool, String engines, String seed) {
        List<ArrivalSchedule.Segment> segments = ScheduleText.parse(SCHEDULE_FIELD, schedule);
        int poolSize = whole(POOL_FIELD, pool, String.valueOf(ArrivalsThreadGroup.DEFAULT_POOL), 1, MAX_POOL);
        int engineCount = whole(ENGINES_FIELD, engines, "1", 1, 10_000);
        Long randomSeed = null;
        if (seed != null && !seed.isBlank() && !seed.strip().equals("0")) {
            try {
                randomSeed = Long.parseLong(seed.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(SEED_FIELD + " is '" + seed + "'; expected a whole number, or empty "
                        + "for a new seed each run");
            }
        }
        return new ArrivalsSettings(segments, poolSize, engineCount, randomSeed);
    }

    private static int whole(String field, String text, String empty, int min, int max) {
        String value = text == null || text.isBlank() ? empty : text.strip();
        try {
            int number = Integer.parseInt(value);
            if (number >= min && number <= max) {
                return number;
            }
        } catch (NumberFormatException e) {
            // refused below, with what was expected
        }
        throw new IllegalArgumentException(field + " is '" + text + "'; expected a whole number from " + min + " to "
                + max);
    }
}
