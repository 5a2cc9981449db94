package io.rpcbench.benchmark.lab;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The lab tests need root (network namespaces). Without it they fail, saying what is missing, unless the user opts
 * out with {@code -Drpcbench.lab.optional=true} (docs/tests.md); then they are skipped, counted as such. CI runs as root and
 * never opts out.
 */
public final class LabRoot {

    public static final String OPT_OUT = "rpcbench.lab.optional";

    /**
     * The lock every test that makes a lab holds ({@code @ResourceLock(LabRoot.LOCK)}), one at a time: the ITs run
     * several classes at once, and two labs at once could share an address range, and would see each other's
     * namespaces. (Labs on subnets of their own could share it; tried, the two Nacos and ZooKeeper lab classes side by
     * side with a third class made the order service's first call too slow on 2 vCPUs.)
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
