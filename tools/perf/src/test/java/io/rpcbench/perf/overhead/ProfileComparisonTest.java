package io.rpcbench.perf.overhead;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.rpcbench.perf.overhead.ProfileComparison.Row;
import io.rpcbench.perf.overhead.ProfileComparison.Side;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProfileComparisonTest {

    private static final String DUBBO = "org.apache.dubbo.A";
    private static final String MAP = "java.lang.ThreadLocal$ThreadLocalMap";
    private static final String CSV = "org.apache.jmeter.save.CSVSaveService";
    private static final String THREAD = "org.apache.jmeter.threads.JMeterThread";

    private static Map<String, String> areas() {
        Map<String, String> areas = new LinkedHashMap<>();
        areas.put("Dubbo client", "org.apache.dubbo");
        areas.put("java.lang.ThreadLocal", "java.lang.ThreadLocal");
        areas.put("JTL writer", "org.apache.jmeter.save");
        areas.put("nowhere", "no.such.package");
        return areas;
    }

    private static void add(ProfileSummary profile, int times, String topMethod, String... classes) {
        for (int i = 0; i < times; i++) {
            profile.add(topMethod, List.of(classes));
        }
    }

    /** 10 samples, 30 µs a call: Dubbo in all of them (30 µs), its ThreadLocal look-up in 2 (6 µs). */
    private static Side bare() {
        ProfileSummary profile = new ProfileSummary(areas());
        add(profile, 8, DUBBO + ".encode", DUBBO, "io.rpcbench.perf.overhead.BareLoop");
        add(profile, 2, MAP + ".getEntry", MAP, "java.lang.ThreadLocal", "org.apache.dubbo.B");
        return new Side(profile, 30.0);
    }

    /**
     * 20 samples, 40 µs a call: Dubbo in 16 (32 µs), the ThreadLocal look-up (missing now) in 4 (8 µs), the JTL
     * writer in 4 (8 µs).
     */
    private static Side jmeter() {
        ProfileSummary profile = new ProfileSummary(areas());
        add(profile, 12, DUBBO + ".encode", DUBBO, THREAD);
        add(profile, 4, MAP + ".getEntryAfterMiss", MAP, "java.lang.ThreadLocal", "org.apache.dubbo.B", THREAD);
        add(profile, 4, CSV + ".resultToDelimitedString", CSV, THREAD);
        return new Side(profile, 40.0);
    }

    @Test
    void anAreasMicrosPerCallIsItsShareOfTheRunsCpuPerCall() {
        List<Row> rows = ProfileComparison.areas(bare(), jmeter());

        assertThat(rows).extracting(Row::name).as("an area with no sample on either side is left out")
                .containsExactly("Dubbo client", "java.lang.ThreadLocal", "JTL writer");
        Row dubbo = rows.get(0);
        assertThat(dubbo.shareBare()).isEqualTo(1.0);
        assertThat(dubbo.shareJMeter()).isEqualTo(0.8);
        assertThat(dubbo.microsBare()).isCloseTo(30.0, within(1e-9));
        assertThat(dubbo.microsJMeter()).isCloseTo(32.0, within(1e-9));
        assertThat(dubbo.difference()).as("a smaller share of a larger CPU figure").isCloseTo(2.0, within(1e-9));
        assertThat(rows.get(1).difference()).isCloseTo(2.0, within(1e-9));
        assertThat(rows.get(2).microsBare()).isZero();
        assertThat(rows.get(2).difference()).isCloseTo(8.0, within(1e-9));
    }

    @Test
    void theMethodsThatGrewMostComeFirstAndThoseThatDidNotGrowAreLeftOut() {
        List<Row> grown = ProfileComparison.grownMethods(bare(), jmeter(), 10);

        // encode: 24 µs in both; getEntry: 6 µs in a, none in b (shrank)
        assertThat(grown).extracting(Row::name).as("8 µs each, ties by name")
                .containsExactly(MAP + ".getEntryAfterMiss", CSV + ".resultToDelimitedString");
        assertThat(grown).extracting(Row::difference).allSatisfy(d -> assertThat(d).isCloseTo(8.0, within(1e-9)));
        assertThat(ProfileComparison.grownMethods(bare(), jmeter(), 1)).hasSize(1);
    }

    @Test
    void theTablesAreSealed() {
        assertThat(ProfileComparison.markdown("Dubbo at 20 threads", bare(), jmeter(), 5)).isEqualTo(
                "Dubbo at 20 threads: (a) the bare loop, 10 CPU samples, 30.00 µs CPU per call; (b) JMeter, 20 CPU "
                + "samples, 40.00 µs CPU per call; b − a +10.00 µs. An area's µs is its share of the run's samples × "
                + "the run's CPU µs per call. JFR samples Java code only: GC and JIT compiler threads, and native "
                + "code such as socket I/O, are in the CPU figure but not in the samples, so their CPU is spread "
                + "over the areas in proportion, and the areas (inclusive, they overlap) do not add up to the CPU "
                + "figure. Areas with no sample on either side are left out.\n\n"
                + "| code area (inclusive) | share (a) | share (b) | µs/call (a) | µs/call (b) | b − a µs/call |\n"
                + "|---|---|---|---|---|---|\n"
                + "| Dubbo client | 100.0 % | 80.0 % | 30.00 | 32.00 | +2.00 |\n"
                + "| java.lang.ThreadLocal | 20.0 % | 20.0 % | 6.00 | 8.00 | +2.00 |\n"
                + "| JTL writer | 0.0 % | 20.0 % | 0.00 | 8.00 | +8.00 |\n"
                + "\n| methods (self) grown most from (a) to (b) | share (a) | share (b) | µs/call (a) | µs/call (b) "
                + "| b − a µs/call |\n|---|---|---|---|---|---|\n"
                + "| `java.lang.ThreadLocal$ThreadLocalMap.getEntryAfterMiss` | 0.0 % | 20.0 % | 0.00 | 8.00 | +8.00 |\n"
                + "| `org.apache.jmeter.save.CSVSaveService.resultToDelimitedString` | 0.0 % | 20.0 % | 0.00 | 8.00 "
                + "| +8.00 |\n");
    }

    @Test
    void aRunWithoutACpuFigureShowsItsMicrosAsNotAvailable() {
        Side unmeasured = new Side(jmeter().profile(), Double.NaN);

        assertThat(ProfileComparison.markdown("t", bare(), unmeasured, 5))
                .contains("| JTL writer | 0.0 % | 20.0 % | 0.00 | n/a | n/a |")
                .contains("b − a n/a µs");
        assertThat(ProfileComparison.grownMethods(bare(), unmeasured, 5)).isEmpty();
    }

    @Test
    void profilesOfDifferentAreasAreRefused() {
        Side other = new Side(new ProfileSummary(Map.of("Netty", "io.netty")), 10.0);

        assertThatThrownBy(() -> ProfileComparison.areas(bare(), other))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("different code areas");
    }
}
