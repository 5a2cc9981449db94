package io.rpcbench.discovery;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.dubbo.common.URL;

/**
 * Addresses changing at a set rate, as in the seed's "address change period": each {@link #step} the instance that
 * left at the step before joins both registries again, then the next fake instance leaves (its interface-level URLs
 * and its application-level instance are removed), so that the registries hold all instances but one between steps
 * and an application of two or more instances never has none (Dubbo would push an empty list and clear its
 * addresses). The instances take turns in order. A step that fails part-way is finished by the next one: the instance
 * away is set before its removals and a join is idempotent, so the next step's join puts it back whatever was removed.
 *
 * <p>Order of calls: {@link #stepCounted} (or {@link #step}) from one thread, at the rate chosen; {@link #figures}
 * from any.
 */
final class AddressChurn {

    private final RegistryShape shape;
    private final FakeRegistrations fakes;
    private final List<RegistryWriter> registries;
    private final AtomicLong changes = new AtomicLong();
    private final AtomicLong failedSteps = new AtomicLong();
    private volatile String lastFailure = "";
    private int next;
    private int away = -1;

    AddressChurn(RegistryShape shape, FakeRegistrations fakes, List<RegistryWriter> registries) {
        this.shape = shape;
        this.fakes = fakes;
        this.registries = List.copyOf(registries);
    }

    /** The one that left before joins again, the next one leaves. */
    void step() throws Exception {
        if (away >= 0) {
            join(away);
        }
        int leaving = next;
        next = (next + 1) % shape.instances();
        away = leaving; // before the removals: should one fail, the next step's join undoes the others
        for (RegistryWriter registry : registries) {
            for (URL url : fakes.urls(leaving)) {
                registry.removeProvider(url);
            }
            registry.removeInstance(fakes.instance(leaving));
        }
        changes.incrementAndGet();
    }

    /** {@link #step}, a failure counted and printed rather than thrown, so that the steps go on. */
    void stepCounted() {
        try {
            step();
        } catch (Exception e) {
            failedSteps.incrementAndGet();
            lastFailure = e.toString();
            System.err.println("address change failed: " + e);
        }
    }

    private void join(int instance) throws Exception {
        byte[] data = fakes.urlData(instance);
        for (RegistryWriter registry : registries) {
            for (URL url : fakes.urls(instance)) {
                registry.addProvider(url, data);
            }
            registry.addInstance(fakes.instance(instance));
        }
        changes.incrementAndGet();
    }

    /** Instances that left or joined so far. */
    long changes() {
        return changes.get();
    }

    /**
     * {@code address_changes} (instances that left or joined), {@code failed_churn_steps} and, when one failed,
     * {@code last_churn_failure}.
     */
    Map<String, String> figures() {
        Map<String, String> figures = new LinkedHashMap<>();
        figures.put(DiscoveryFigure.ADDRESS_CHANGES.key(), Long.toString(changes.get()));
        figures.put(DiscoveryFigure.FAILED_CHURN_STEPS.key(), Long.toString(failedSteps.get()));
        if (!lastFailure.isEmpty()) {
            figures.put(DiscoveryFigure.LAST_CHURN_FAILURE.key(), lastFailure);
        }
        return figures;
    }
}
