package io.rpcbench.benchmark.runner;

import io.rpcbench.reports.page.TableSection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The dashboard's section on open workloads: for each plan run at a rate (JMeter's Open Model Thread Group), the
 * arrivals its measured window asked for, the calls made, the arrivals dropped at {@code max_in_flight}, and whether
 * the schedule was kept ({@link OpenSchedule}), as the summary prints it.
 */
final class ScheduleSection {

    private ScheduleSection() {}

    /** The section of {@code schedules} (cell name to its schedule, in run order); empty when there is none. */
    static Optional<TableSection> of(List<Map.Entry<String, OpenSchedule>> schedules) {
        if (schedules.isEmpty()) {
            return Optional.empty();
        }
        List<List<String>> rows = schedules.stream().map(entry -> {
            OpenSchedule schedule = entry.getValue();
            return List.of(entry.getKey(), number(Math.round(schedule.rate())),
                    Integer.toString(schedule.measuredSeconds()), number(schedule.asked()), number(schedule.made()),
                    number(schedule.dropped()), schedule.kept() ? "kept" : "NOT kept");
        }).toList();
        return Optional.of(new TableSection("open-schedule", "Open workloads: was the schedule kept?",
                List.of(List.of(new TableSection.Heading("plan", 1), new TableSection.Heading("arrivals/s", 1),
                        new TableSection.Heading("window s", 1), new TableSection.Heading("asked", 1),
                        new TableSection.Heading("calls made", 1), new TableSection.Heading("dropped", 1),
                        new TableSection.Heading("schedule", 1))),
                1, rows, List.of("asked: the rate x the measured window's seconds. A schedule is kept when no arrival "
                        + "was dropped (a call beyond max_in_flight in flight is not made, response code 'dropped') "
                        + "and the calls made are within 2 %, or three standard deviations of a Poisson count, of "
                        + "those asked; else the provider, or this JMeter, could not take the rate on.",
                        "JMeter's Open Model Thread Group does not record when each arrival was due, so how late "
                        + "arrivals started is not measured: a generator that fell behind shows here as calls made "
                        + "away from those asked, or as arrivals dropped.")));
    }

    private static String number(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }
}
