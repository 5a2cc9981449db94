package io.rpcbench.reports.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.jtl.perfmon.PerfMonMetric;
import io.rpcbench.reports.jtl.perfmon.PerfMonSample;
import org.junit.jupiter.api.Test;

/** The window's server figures from PerfMon readings: which host, which series, means, rates and sums. */
class ServerWindowTest {

    /** 10 s from t = 10,000. */
    private static final MeasuredWindow WINDOW = new MeasuredWindow(10_000, 20_000, 10_000, 10_000);

    private static PerfMonSample reading(long t, String label, double value) {
        return new PerfMonSample(t, PerfMonMetric.parse(label), value, true, "");
    }

    @Test
    void byteCountsBecomeRatesOverEachReadingsOwnIntervalInTheirUnit() {
        ServerWindow server = new ServerWindow(WINDOW);
        server.accept(reading(9_000, "h Network I/O bytesrecv:unit=kb", 999));   // before the window: its time only
        server.accept(reading(10_000, "h Network I/O bytesrecv:unit=kb", 10));   // 10 KB in 1 s
        server.accept(reading(13_000, "h Network I/O bytesrecv:unit=kb", 60));   // a late reading: 60 KB in 3 s
        server.accept(new PerfMonSample(14_000, PerfMonMetric.parse("h Network I/O bytesrecv:unit=kb"), Double.NaN,
                false, "timeout"));                                               // a failed read: not counted
        server.accept(reading(15_000, "h Network I/O bytesrecv:unit=kb", 20));   // 20 KB in 1 s
        server.accept(reading(20_000, "h Network I/O bytesrecv:unit=kb", 999));  // at the window's end: out

        // (10 + 60 + 20) KB over 1 + 3 + 1 s.
        assertThat(server.figures().networkInBytesPerSecond()).isEqualTo(90 * 1024 / 5.0);
        assertThat(server.figures().providerHost()).isEqualTo("h");
    }

    @Test
    void theProviderHostIsTheHostOfTheProviderSeriesAndItsHostFiguresAreItsOwn() {
        ServerWindow server = new ServerWindow(WINDOW);
        server.accept(reading(11_000, "127.0.0.1 CPU combined", 97));
        server.accept(reading(11_000, "10.0.0.7 CPU combined", 40));
        server.accept(reading(11_000, "10.0.0.7 CPU provider", 150));

        DashboardData.ServerFigures figures = server.figures();
        assertThat(figures.providerHost()).isEqualTo("10.0.0.7");
        assertThat(figures.hostCpuPercent()).isEqualTo(40.0);
        assertThat(figures.providerCpuPercent()).isEqualTo(150.0);
        assertThat(server.loadGeneratorHost()).contains("127.0.0.1");
        assertThat(server.hostCpuPercent("127.0.0.1")).isEqualTo(97.0);
    }

    @Test
    void everyHostWithProviderSeriesIsAProviderHostWithItsOwnFigures() {
        ServerWindow server = new ServerWindow(WINDOW);
        server.accept(reading(11_000, "198.18.0.21 CPU combined", 90));    // a load generator's agent
        server.accept(reading(11_000, "198.18.0.31 CPU combined", 40));
        server.accept(reading(11_000, "198.18.0.31 CPU provider", 150));
        server.accept(reading(11_000, "198.18.0.32 CPU combined", 60));
        server.accept(reading(12_000, "198.18.0.32 CPU combined", 70));
        server.accept(reading(11_000, "198.18.0.32 Memory provider", 280));

        assertThat(server.providerHostFigures()).extracting(DashboardData.ServerFigures::providerHost)
                .containsExactly("198.18.0.31", "198.18.0.32");
        assertThat(server.providerHostFigures()).extracting(DashboardData.ServerFigures::hostCpuPercent)
                .containsExactly(40.0, 65.0);
        assertThat(server.providerHostFigures()).extracting(DashboardData.ServerFigures::providerCpuPercent)
                .containsExactly(150.0, null);
        assertThat(server.providerHostFigures()).extracting(DashboardData.ServerFigures::providerRssMb)
                .containsExactly(null, 280.0);
        assertThat(server.figures().providerHost()).isNull();
        assertThat(server.figures().hostCpuPercent()).isNull();
        assertThat(server.figures().notes()).singleElement().asString()
                .startsWith("several provider hosts [198.18.0.31, 198.18.0.32]");
        assertThat(server.hostCpuPercent("198.18.0.21")).isEqualTo(90.0);
    }

    @Test
    void aSingleHostIsTheProviderHost() {
        ServerWindow server = new ServerWindow(WINDOW);
        server.accept(reading(11_000, "127.0.0.1 CPU combined", 30));

        assertThat(server.providerHostFigures()).singleElement().isEqualTo(server.figures());
        assertThat(server.figures().providerHost()).isEqualTo("127.0.0.1");
    }

    @Test
    void severalHostsWithoutProviderSeriesLeaveTheHostFiguresOutSayingWhy() {
        ServerWindow server = new ServerWindow(WINDOW);
        server.accept(reading(11_000, "10.0.0.7 CPU combined", 40));
        server.accept(reading(11_000, "10.0.0.8 CPU combined", 50));

        DashboardData.ServerFigures figures = server.figures();
        assertThat(figures.providerHost()).isNull();
        assertThat(figures.hostCpuPercent()).isNull();
        assertThat(figures.notes()).containsExactly("several agent hosts [10.0.0.7, 10.0.0.8] and no series labelled "
                + "'provider...': which host is the provider's cannot be told; expected the provider's CPU or Memory "
                + "row with label=provider");
        assertThat(server.providerHostFigures()).isEmpty();
    }

    @Test
    void gcTimeAndCountUnderOneLabelCannotBeToldApartAndAreLeftOutSayingWhy() {
        ServerWindow server = new ServerWindow(WINDOW);
        // pid=N:gc-time:label=provider and pid=N:gc-count:label=provider: PerfMon labels both "h JMX provider".
        server.accept(reading(11_000, "h JMX provider", 12));
        server.accept(reading(11_000, "h JMX provider", 2));

        DashboardData.ServerFigures figures = server.figures();
        assertThat(figures.gcPauseMs()).isNull();
        assertThat(figures.gcCollections()).isNull();
        assertThat(figures.notes()).singleElement().asString()
                .startsWith("the JMX series labelled 'provider' of h cannot be read as GC figures")
                .endsWith("expected a label of their own, e.g. label=provider-gc-time and label=provider-gc-count");
    }

    @Test
    void gcFiguresAreSumsOfTheWindowsReadingsFoundByTheirField() {
        ServerWindow server = new ServerWindow(WINDOW);
        server.accept(reading(9_500, "h JMX pid=42:gc-time", 500));
        server.accept(reading(10_500, "h JMX pid=42:gc-time", 12));
        server.accept(reading(11_500, "h JMX pid=42:gc-time", 13));
        server.accept(reading(10_500, "h JMX provider-gc-count", 1));
        server.accept(reading(11_500, "h JMX provider-gc-count", 2));

        DashboardData.ServerFigures figures = server.figures();
        assertThat(figures.gcPauseMs()).isEqualTo(25.0);
        assertThat(figures.gcCollections()).isEqualTo(3L);
        assertThat(figures.gcPausePercent()).isEqualTo(0.25);
        assertThat(figures.notes()).isEmpty();
    }

    @Test
    void noReadingsGiveNoFigures() {
        DashboardData.ServerFigures figures = new ServerWindow(WINDOW).figures();

        assertThat(figures).isEqualTo(new DashboardData.ServerFigures(null, null, null, null, null, null, null, null,
                null, null, null, null, java.util.List.of()));
    }
}
