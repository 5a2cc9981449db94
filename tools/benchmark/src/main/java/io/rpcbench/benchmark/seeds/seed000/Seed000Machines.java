package io.rpcbench.benchmark.seeds.seed000;

/**
 * Seed 000's two machines, as every seed-000 scenario's seed column names them (its tables add how the seed ran the
 * cell, e.g. {@code "; 10 min"}).
 */
final class Seed000Machines {

    /** Both machines alike: the consumer's and the provider's. */
    static final String HARDWARE = "consumer and provider each a Huawei Tecal BH620, Intel Xeon E5520 "
            + "2.27 GHz (16 hardware threads), 6 GiB, 1 Gb/s Ethernet, Linux 2.6.18 (el5xen), JDK 1.6.0_18, -Xmx2g CMS";

    private Seed000Machines() {
    }
}
