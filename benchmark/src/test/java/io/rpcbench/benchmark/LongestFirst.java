package io.rpcbench.benchmark;

import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.ClassDescriptor;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;

/**
 * The order in which the ITs start, as the benchmark module's failsafe configuration names it
 * ({@code junit.jupiter.testclass.order.default}): the longest first, so that the IT classes running at once end close
 * together instead of one long class running alone at the end. The lab ITs come first and spread out, since they hold
 * one lock ({@code LabRoot.LOCK}) and run one after another (about 340 s together): the first starts at once, the
 * next when the first is likely done. Seconds from {@code ./run-tests} on a fresh clone (2 vCPUs, two classes at a
 * time); the classes not named here follow, in JUnit's default order.
 */
public final class LongestFirst implements ClassOrderer {

    /** Longest first, in seconds measured: 160, 151, 118, 104, 96, 122 (lab), 85, 83, 63, 55 (lab), 46, 44, 43. */
    static final List<String> ORDER = List.of("RegistryLoopbackIT", "Seed000PayloadsScenarioIT", "Seed004ScenarioIT",
            "Seed004DiscoveryScenarioIT", "MainJobIT", "DistributedRunIT", "ShippedPlansIT", "ProviderFaultsIT",
            "Seed002DelayScenarioIT", "Seed000PressureScenarioIT", "PlansOpenInGuiIT", "Seed000StabilityScenarioIT",
            "AgentRestartIT");

    @Override
    public void orderClasses(ClassOrdererContext context) {
        context.getClassDescriptors().sort(Comparator.comparingInt(LongestFirst::rank));
    }

    private static int rank(ClassDescriptor descriptor) {
        int rank = ORDER.indexOf(descriptor.getTestClass().getSimpleName());
        return rank < 0 ? ORDER.size() : rank;
    }
}
