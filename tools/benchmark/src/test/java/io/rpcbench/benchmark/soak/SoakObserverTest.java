package io.rpcbench.benchmark.soak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.benchmark.scenario.Stop;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The soak observer's interval for a run's length, and its CSV read back for a window of wall-clock time. */
class SoakObserverTest {

    @TempDir
    Path dir;

    @Test
    void intervalIsATwentiethOfTheMeasuredWindowBetween2SecondsAnd15Minutes() {
        assertThat(SoakObserver.interval(Stop.timed(1, 8)).toSeconds()).isEqualTo(2);
        assertThat(SoakObserver.interval(Stop.timed(30, 600)).toSeconds()).isEqualTo(30);
        assertThat(SoakObserver.interval(Stop.timed(30, 7200)).toSeconds()).isEqualTo(360);
        assertThat(SoakObserver.interval(Stop.timed(30, 180_000)).toSeconds()).isEqualTo(900);
    }

    @Test
    void aSampleRowReadsBackAsWrittenWithUnknownFiguresAsMinusOne() {
        SoakSample sample = new SoakSample(12, 2048, -1, 3, 40, 101, 204800);

        assertThat(SoakSample.parseCsvRow(sample.csvRow())).isEqualTo(sample);
        assertThat(sample.csvRow()).isEqualTo("12,2048,,3,40,101,204800");
    }

    @Test
    void aRowThatIsNotASampleIsRefusedNamingItAndTheColumn() {
        assertThatThrownBy(() -> SoakSample.parseCsvRow("1,2,3"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("soak sample '1,2,3' has 3 fields; expected 7: " + SoakSample.CSV_HEADER);
        assertThatThrownBy(() -> SoakSample.parseCsvRow("1,2,x,4,5,6,7"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has 'x' as old_gen_after_gc_kib; expected a whole number or nothing");
    }

    @Test
    void onlySamplesTakenInTheWindowAreJudged() throws IOException {
        Files.writeString(dir.resolve(SoakObserver.START_FILE), "1700000000000\n");
        Files.writeString(dir.resolve(SoakObserver.PROVIDER_CSV), SoakSample.CSV_HEADER + "\n"
                + "0,1000,500,1,10,20,3000\n5,2000,600,2,11,20,3000\n9,2100,700,3,11,20,3000\n20,9000,900,4,99,99,9999\n");

        SoakFigures figures = SoakObserver.figures(dir, SoakObserver.PROVIDER_CSV, 1_700_000_005_000L,
                1_700_000_010_000L).orElseThrow();

        assertThat(figures.samples()).isEqualTo(2);
        assertThat(figures.threads()).isEqualTo(new SoakFigures.Range(11, 11, 11));
        assertThat(figures.oldGenGrowthKib()).isEqualTo(100);
        assertThat(SoakObserver.figures(dir, SoakObserver.PROVIDER_CSV, 1_700_000_030_000L, 1_700_000_040_000L))
                .isEmpty();
        assertThat(SoakObserver.figures(dir, SoakObserver.JMETER_CSV, 0, Long.MAX_VALUE)).isEmpty();
    }
}
