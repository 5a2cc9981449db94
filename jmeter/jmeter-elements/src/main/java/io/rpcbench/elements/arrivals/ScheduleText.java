package io.rpcbench.elements.arrivals;

import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.threads.openmodel.ThreadSchedule;
import org.apache.jmeter.threads.openmodel.ThreadScheduleStep;
import org.apache.jmeter.threads.openmodel.ThreadScheduleUtils;

/**
 * A schedule as the user writes it, in the language of JMeter's Open Model Thread Group
 * ({@code rate(1000/sec) random_arrivals(10 min) rate(2000/sec) even_arrivals(1 min) pause(5 s)}), read with JMeter's
 * own parser and turned into {@link ArrivalSchedule.Segment}s as that thread group reads its steps: a
 * {@code rate(...)} sets the rate the next arrivals begin at, and a {@code rate(...)} right after arrivals is the rate
 * they end at (linearly in between); arrivals with no rate after them keep theirs.
 */
public final class ScheduleText {

    private ScheduleText() {}

    /**
     * The segments of {@code text}.
     *
     * @param field the field's name, for the message
     * @throws IllegalArgumentException naming the field, the text and what was expected, when it cannot be read or
     *                                  has no arrivals
     */
    public static List<ArrivalSchedule.Segment> parse(String field, String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(field + " is empty; expected a schedule such as "
                    + "'rate(1000/sec) random_arrivals(1 min)'");
        }
        ThreadSchedule schedule;
        try {
            schedule = ThreadScheduleUtils.ThreadSchedule(text);
        } catch (Exception e) { // JMeter's ParserException and TokenizerException say where
            throw new IllegalArgumentException(field + " '" + text + "' cannot be read: " + e.getMessage()
                    + "; expected e.g. 'rate(1000/sec) random_arrivals(1 min)' (rate, random_arrivals, even_arrivals, "
                    + "pause)", e);
        }
        List<ThreadScheduleStep> steps = schedule.getSteps();
        List<ArrivalSchedule.Segment> segments = new ArrayList<>();
        double beginRate = 0;
        for (int i = 0; i < steps.size(); i++) {
            ThreadScheduleStep step = steps.get(i);
            if (step instanceof ThreadScheduleStep.RateStep rate) {
                beginRate = rate.getRate();
            } else if (step instanceof ThreadScheduleStep.ArrivalsStep arrivals) {
                double endRate = i + 1 < steps.size() && steps.get(i + 1) instanceof ThreadScheduleStep.RateStep next
                        ? next.getRate() : beginRate;
                segments.add(new ArrivalSchedule.Segment(beginRate, endRate, arrivals.getDuration(),
                        arrivals.getType() == ThreadScheduleStep.ArrivalType.RANDOM));
            }
        }
        double expected = segments.stream().mapToDouble(ArrivalSchedule.Segment::expectedArrivals).sum();
        if (!(expected >= 1)) {
            throw new IllegalArgumentException(field + " '" + text + "' has no arrivals (" + expected
                    + " expected); expected a rate above 0 for a duration above 0, e.g. 'rate(1000/sec) "
                    + "random_arrivals(1 min)'");
        }
        return segments;
    }
}
