package io.rpcbench.benchmark;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * {@link CapacitySearchIT}'s search in {@code ./run-tests --full}, alone ({@link Isolated}): there the ITs beside it
 * run at the seeds' volume, and at 98 % of the machine's CPU its first step's arrivals started up to 26 ms late.
 */
@Isolated("a step holds only while JMeter's machine has CPU to spare: no other IT beside it")
@EnabledIfSystemProperty(named = "rpcbench.tests.full", matches = "true")
class CapacitySearchAloneIT {

    @TempDir
    Path dir;

    @Test
    void capacitySearchStepsTheRateUntilTheSloBreaksAndNamesTheHighestThatHeld() throws Exception {
        CapacitySearchIT.stepsTheRateUntilTheSloBreaks(dir);
    }
}
