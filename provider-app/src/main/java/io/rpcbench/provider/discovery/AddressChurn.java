package io.rpcbench.provider.discovery;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.dubbo.common.URL;

/**
 * Addresses changing at a set rate, as in the seed's "address change period": each {@link #step} the instance that
 * left at the step before joins both registries again, then the next fake instance leaves (its interface-level URLs
 * and its application-level instance are removed), so that the registries hold all instances but one between steps
 * and an application of two or more instances never has none (Dubbo would push an empty list and clear its
 * addresses). The instances take turns in order.
 *
 * <p>Order of calls: {@link #step} from one thread, at the rate chosen; {@link #changes} from any.
 */
final class AddressChurn {

    private final RegistryShape shape;
    private final FakeRegistrations fakes;
    private final List<RegistryWriter> registries;
    private final AtomicLong changes = new AtomicLong();
    private int next;
    private int away = -1;

    AddressChurn(RegistryShape shape, FakeRegistrations fakes, List<RegistryWriter> registries) {
        this.shape = shape;
        this.fakes = fakes;
        this.registries = List.copyOf(registries);
    }

    /** The one that left before joins again, the next one leaves. */
    void step() throws Exception {
        int leaving = next;
        next = (next + 1) % shape.instances();
        if (away >= 0) {
            join(away);
        }
        for (RegistryWriter registry : registries) {
            for (URL url : fakes.urls(leaving)) {
                registry.removeProvider(url);
            }
            registry.removeInstance(fakes.instance(leaving));
        }
        changes.incrementAndGet();
        away = leaving;
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
}
