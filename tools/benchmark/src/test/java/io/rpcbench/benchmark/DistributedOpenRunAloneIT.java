package io.rpcbench.benchmark;

import io.rpcbench.benchmark.lab.LabRoot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * {@link DistributedRunIT}'s open plan on two engines in {@code ./run-tests --full}, alone ({@link Isolated}): beside
 * seed 004's 24 cells at the seeds' volume the two engines made 2,965 of the 3,200 arrivals due (the schedule "NOT
 * kept"), the machine's CPU, not the plan, setting the rate.
 */
@Isolated("an open plan keeps its schedule only while the engines' machine has CPU to spare: no other IT beside it")
@EnabledIfSystemProperty(named = "rpcbench.tests.full", matches = "true")
class DistributedOpenRunAloneIT {

    @BeforeAll
    static void root() {
        LabRoot.require();
        Plans.LAYOUT.requireBuilt();
    }

    @Test
    void anOpenPlanOnTwoEnginesSplitsItsRateBetweenThem() throws Exception {
        DistributedRunIT.anOpenPlanOnTwoEnginesSplitsItsRateBetweenThem();
    }
}
