package io.rpcbench.benchmark.runner;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.page.TableSection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The dashboard's section on open workloads: for each plan run at a rate (JMeter's Open Model Thread Group), the
 * arrivals its measured window asked for, the calls made, the arrivals dropped at {@code max_in_flight}, and whether
 * the arrivals' schedule lag (p50 / p99 / max, when the samples carry their due time), and whether the schedule was
 * kept ({@link OpenSchedule}), as the summary prints it.
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
                    number(schedule.dropped()), schedule.lag().map(lag -> lag(lag.lag())).orElse("-"),
                    schedule.kept() ? "kept" : "NOT kept");
        }).toList();
        return Optional.of(new TableSection("open-schedule", "Open workloads: was the schedule kept?",
                List.of(List.of(new TableSection.Heading("plan", 1), new TableSection.Heading("arrivals/s", 1),
                        new TableSection.Heading("window s", 1), new TableSection.Heading("asked", 1),
                        new TableSection.Heading("calls made", 1), new TableSection.Heading("dropped", 1),
                        new TableSection.Heading("lag p50 / p99 / max ms", 1),
                        new TableSection.Heading("schedule", 1))),
                1, rows, List.of("asked: the rate x the measured window's seconds. A schedule is kept when no arrival "
                        + "was dropped (a call beyond max_in_flight in flight is not made, response code 'dropped'), "
                        + "the calls made are within 2 %, or three standard deviations of a Poisson count, of those "
                        + "asked, and, where the samples carry their due time, the schedule lag's p99 is at most 1 ms.",
                        "lag: from when an arrival was due to when its call started (rpcbench's Arrivals Thread Group "
                        + "records the due time; its response times are from it). '-': JMeter's Open Model Thread "
                        + "Group records no due time, so a generator that fell behind shows only as calls made away "
                        + "from those asked, or as arrivals dropped.")));
    }

    /** The lag's p50 / p99 / max, ms with µs. */
    private static String lag(DashboardData.ScheduleLag lag) {
        return String.format(Locale.ROOT, "%.3f / %.3f / %.3f", lag.p50Ms(), lag.p99Ms(), lag.maxMs());
    }

    private static String number(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }
}
