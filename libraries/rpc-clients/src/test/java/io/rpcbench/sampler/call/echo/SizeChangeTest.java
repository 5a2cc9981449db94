package io.rpcbench.sampler.call.echo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.SamplerParameters;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class SizeChangeTest {

    private static final SizeChange SEED = new SizeChange(20, 204_800, 600, 1);

    /** 2026-01-01T00:00:00Z, the start of an interval of 600 s. */
    private static final long NEW_YEAR = 1_767_225_600_000L;

    /** Golden: these sizes are what seed 1 means; a change of the draw would change every repeated run. */
    @Test
    void aSeedGivesTheSameSizesOnEveryRun() {
        long first = SEED.intervalAt(NEW_YEAR);
        assertThat(LongStream.range(first, first + 5).mapToInt(SEED::sizeOf).boxed().toList())
                .containsExactly(GOLDEN);
    }

    private static final Integer[] GOLDEN = {25193, 154221, 114070, 18819, 72001};

    @Test
    void theSizeHoldsForAWholeIntervalAndChangesAtItsBoundary() {
        long start = NEW_YEAR + 600_000;
        int size = SEED.sizeAt(start);

        assertThat(SEED.sizeAt(start + 599_999)).isEqualTo(size);
        assertThat(SEED.sizeAt(start - 1)).isEqualTo(SEED.sizeOf(SEED.intervalAt(start) - 1));
        assertThat(SEED.intervalAt(start + 600_000)).isEqualTo(SEED.intervalAt(start) + 1);
    }

    @Test
    void sizesStayInTheRangeAndSpreadOverIt() {
        SizeChange narrow = new SizeChange(20, 30, 1, 7);
        Map<Integer, Integer> counts = new HashMap<>();
        for (long interval = 0; interval < 11_000; interval++) {
            counts.merge(narrow.sizeOf(interval), 1, Integer::sum);
        }
        assertThat(counts.keySet()).containsExactlyInAnyOrder(20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30);
        assertThat(counts.values()).allSatisfy(n -> assertThat(n).isBetween(800, 1200));
    }

    @Test
    void anotherSeedGivesOtherSizes() {
        SizeChange other = new SizeChange(20, 204_800, 600, 2);
        long first = SEED.intervalAt(NEW_YEAR);
        assertThat(LongStream.range(first, first + 5).mapToInt(other::sizeOf).boxed().toList())
                .isNotEqualTo(LongStream.range(first, first + 5).mapToInt(SEED::sizeOf).boxed().toList());
    }

    @Test
    void aRangeOfOneSizeIsThatSize() {
        assertThat(new SizeChange(512, 512, 10, 1).sizeAt(NEW_YEAR)).isEqualTo(512);
    }

    @Test
    void readsItsParametersWithTheSeedsDefaults() {
        assertThat(SizeChange.from(parameters(Map.of()))).isEqualTo(new SizeChange(20, 204_800, 600, 1));
        assertThat(SizeChange.from(parameters(Map.of("size_min_bytes", "100", "size_max_bytes", "200",
                "size_every_s", "5", "size_seed", "-3")))).isEqualTo(new SizeChange(100, 200, 5, -3));
    }

    @Test
    void aMaximumBelowTheMinimumIsRefusedNamingBoth() {
        assertThatThrownBy(() -> SizeChange.from(parameters(Map.of("size_min_bytes", "1000", "size_max_bytes", "10"))))
                .isInstanceOf(BadParameterException.class)
                .hasMessage("size_max_bytes '10' is below size_min_bytes 1000; expected a size from 1000 to 67108864");
    }

    @Test
    void anIntervalOfNoSecondsOrTextIsRefused() {
        assertThatThrownBy(() -> SizeChange.from(parameters(Map.of("size_every_s", "0"))))
                .hasMessage("size_every_s '0' is out of range; expected an integer from 1 to 604800");
        assertThatThrownBy(() -> SizeChange.from(parameters(Map.of("size_every_s", "10m"))))
                .hasMessage("size_every_s '10m' is not a number; expected an integer from 1 to 604800");
        assertThatThrownBy(() -> SizeChange.from(parameters(Map.of("size_min_bytes", "-1"))))
                .hasMessage("size_min_bytes '-1' is out of range; expected an integer from 0 to 67108864");
    }

    @Test
    void describesItselfInTheSamplersWords() {
        assertThat(SEED.describe()).isEqualTo("random 20-204800 bytes every 600 s (seed 1)");
    }

    private static SamplerParameters parameters(Map<String, String> values) {
        return new SamplerParameters(values::get);
    }
}
