package io.rpcbench.benchmark.lab;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The lab tests need root (network namespaces). Without it they fail, saying what is missing, unless the user opts
 * out with {@code -Drpcbench.lab.optional=true} (README); then they are skipped, counted as such. CI runs as root and
 * never opts out.
 */
public final class LabRoot {

    public static final String OPT_OUT = "rpcbench.lab.optional";

    /**
     * The lock every test that makes a lab holds: the ITs run several classes at a time, and two labs at once could
     * share an address range, and would see each other's namespaces. A class whose labs use a subnet of its own (a
     * fixed one no other class uses) and that checks only its own namespaces holds it shared,
     * {@code @ResourceLock(value = LabRoot.LOCK, mode = ResourceAccessMode.READ)}, and runs beside such others; a class
     * whose lab is the benchmark's (subnet {@code Lab.DEFAULT_SUBNET}) or that compares every namespace of the machine
     * before and after holds it alone, {@code @ResourceLock(LabRoot.LOCK)}.
     */
    public static final String LOCK = "rpcbench-lab-network";

    private LabRoot() {
    }

    public static void require() {
        if (LabNetwork.isRoot()) {
            return;
        }
        String message = "the lab tests make network namespaces, which needs root; run the build as root "
                + "(or pass -D" + OPT_OUT + "=true to skip them)";
        if (!Boolean.getBoolean(OPT_OUT)) {
            Assertions.fail(message);
        }
        Assumptions.abort(message);
    }
}
