package io.rpcbench.benchmark.lab;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The lab tests need root (network namespaces). Without it they fail, saying what is missing, unless the user opts
 * out with {@code -Drpcbench.lab.optional=true} (README); then they are skipped, counted as such. CI runs as root and
 * never opts out.
 */
public final class LabRoot {

    static final String OPT_OUT = "rpcbench.lab.optional";

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
