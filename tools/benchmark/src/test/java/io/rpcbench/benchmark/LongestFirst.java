package io.rpcbench.benchmark;

import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.ClassDescriptor;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;

/**
 * The order in which the ITs start, as the benchmark module's failsafe configuration names it
 * ({@code junit.jupiter.testclass.order.default}): the longest first, so that the IT classes running at once end close
 * together instead of one long class running alone at the end. The lab ITs hold one lock ({@code LabRoot.LOCK}) and
 * run one after another (about 460 s together): the first starts at once, each next one where the one before is
 * likely done, so that no class waits on the lock holding a place. Seconds from {@code ./run-tests} on a fresh clone
 * (2 vCPUs, three classes at a time); the classes not named here follow, in JUnit's default order.
 */
public final class LongestFirst implements ClassOrderer {

    /** Longest first, in seconds measured: 201 (lab), 133, 130, 101, 97, 95, 99 (lab), 89, 84, 113 (lab), 63, 52
     * (PluginsManagerIT, run alone), 50 (DubboRequestInGuiIT: 34-43 alone, 70 beside two busy loops on 2 vCPUs; after
     * PluginsManagerIT, so that it seldom runs beside the other GUI IT), 50 (CapacitySearchIT, once OpenWorkloadIT's),
     * 49, 43, 45 (lab), 38, 37, 36, 32, 24. */
    static final List<String> ORDER = List.of("NacosRegistryIT", "OpenWorkloadIT", "Seed000PayloadsScenarioIT",
            "MainJobIT", "Seed004ScenarioIT", "Seed004DiscoveryScenarioIT", "RegistryLoopbackIT", "ShippedPlansIT",
            "ProviderFaultsIT", "DistributedRunIT", "PlansOpenInGuiIT", "PluginsManagerIT", "DubboRequestInGuiIT",
            "CapacitySearchIT", "Seed002DelayScenarioIT", "ScenarioRunnerIT", "StreamPlansIT", "CatalogueIT", "Seed000PressureScenarioIT",
            "Seed000StabilityScenarioIT", "Seed004PlanAnswersIT", "AgentRestartIT", "OneHostTopologyIT");

    @Override
    public void orderClasses(ClassOrdererContext context) {
        context.getClassDescriptors().sort(Comparator.comparingInt(LongestFirst::rank));
    }

    private static int rank(ClassDescriptor descriptor) {
        int rank = ORDER.indexOf(descriptor.getTestClass().getSimpleName());
        return rank < 0 ? ORDER.size() : rank;
    }
}
