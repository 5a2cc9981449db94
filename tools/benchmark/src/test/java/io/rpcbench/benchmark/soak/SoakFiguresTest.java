package io.rpcbench.benchmark.soak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SoakFiguresTest {

    @Test
    void aFlatRunPassesWithItsFirstLastAndMax() {
        List<SoakSample> samples = List.of(
                sample(0, 16_000, 15_000, 10, 254, 127), sample(10, 16_100, 15_100, 11, 255, 128),
                sample(20, 16_200, 15_200, 12, 254, 127), sample(30, 16_900, 15_900, 13, 256, 127),
                sample(40, 16_300, 15_300, 14, 254, 128), sample(50, 16_000, 15_400, 15, 254, 127),
                sample(60, 16_200, 15_500, 16, 255, 127));

        SoakFigures figures = SoakFigures.of(samples);

        assertThat(figures.verdict()).isEqualTo("PASS");
        assertThat(figures.reasons()).isEmpty();
        assertThat(figures.samples()).isEqualTo(7);
        assertThat(figures.heapAfterGcKib()).isEqualTo(new SoakFigures.Range(16_100, 16_167, 16_900));
        assertThat(figures.heapGrowthPercent()).isCloseTo(100.0 * (48_500 / 3.0 - 16_100) / 16_100, within());
        assertThat(figures.oldGenKib()).isEqualTo(new SoakFigures.Range(15_000, 15_500, 15_900));
        assertThat(figures.oldGenGrowthKib()).isEqualTo(500);
        assertThat(figures.fullGcsNotOurs()).isZero();
        assertThat(figures.threads()).isEqualTo(new SoakFigures.Range(254, 255, 256));
        assertThat(figures.fds()).isEqualTo(new SoakFigures.Range(127, 127, 128));
    }

    @Test
    void heapAfterGcAboveTenPerCentFails() {
        List<SoakSample> samples = List.of(sample(0, 10_000, 1, 0, 20, 10), sample(10, 10_000, 1, 1, 20, 10),
                sample(20, 10_000, 1, 2, 20, 10), sample(30, 11_100, 1, 3, 20, 10), sample(40, 11_100, 1, 4, 20, 10),
                sample(50, 11_100, 1, 5, 20, 10));

        SoakFigures figures = SoakFigures.of(samples);

        assertThat(figures.verdict()).isEqualTo("FAIL");
        assertThat(figures.reasons()).containsExactly("heap after GC grew +11.0 % (10000 to 11100 KiB), above +10 %");
    }

    @Test
    void threadsAndDescriptorsFailOnlyWhenTheyKeepGrowing() {
        // One thread between two tasks in a sample is not growth; the last three all above the first three is.
        List<SoakSample> blip = List.of(sample(0, 100, 1, 0, 20, 10), sample(10, 100, 1, 1, 21, 10),
                sample(20, 100, 1, 2, 20, 10), sample(30, 100, 1, 3, 21, 11), sample(40, 100, 1, 4, 20, 10),
                sample(50, 100, 1, 5, 20, 10));
        List<SoakSample> leak = List.of(sample(0, 100, 1, 0, 20, 10), sample(10, 100, 1, 1, 21, 11),
                sample(20, 100, 1, 2, 22, 12), sample(30, 100, 1, 3, 23, 13), sample(40, 100, 1, 4, 24, 14),
                sample(50, 100, 1, 5, 25, 15));

        assertThat(SoakFigures.of(blip).passed()).isTrue();
        assertThat(SoakFigures.of(leak).reasons())
                .containsExactly("threads grew from 20 to 25", "descriptors grew from 10 to 15");
    }

    @Test
    void fullCollectionsBeyondTheSamplingsOwnAreCounted() {
        // Each sample's histogram is one full GC: 4 samples account for 3 between the first and the last reading.
        List<SoakSample> samples = List.of(sample(0, 100, 1, 7, 20, 10), sample(10, 100, 1, 8, 20, 10),
                sample(20, 100, 1, 11, 20, 10), sample(30, 100, 1, 12, 20, 10));

        assertThat(SoakFigures.of(samples).fullGcsNotOurs()).isEqualTo(2);
    }

    @Test
    void figuresThatWereNeverReadAreUnknownNotZero() {
        List<SoakSample> samples = new ArrayList<>(List.of(new SoakSample(0, -1, -1, -1, 20, 10, -1)));

        SoakFigures figures = SoakFigures.of(samples);

        assertThat(figures.heapAfterGcKib()).isEqualTo(new SoakFigures.Range(-1, -1, -1));
        assertThat(figures.oldGenGrowthKib()).isZero();
        assertThat(figures.passed()).isTrue();
    }

    @Test
    void noSamplesIsAnError() {
        assertThatThrownBy(() -> SoakFigures.of(List.of()))
                .hasMessage("no soak samples to judge; expected at least one after the warm-up");
    }

    private static SoakSample sample(long second, long heap, long old, long fullGcs, int threads, int fds) {
        return new SoakSample(second, heap, old, fullGcs, threads, fds, 200_000);
    }

    private static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(1e-9);
    }
}
