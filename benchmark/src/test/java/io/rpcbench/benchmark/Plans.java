package io.rpcbench.benchmark;

import io.rpcbench.reports.JtlReader;
import io.rpcbench.reports.JtlSample;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What the integration tests share: the checkout under test and short headless runs of its plans. */
final class Plans {

    static final ProjectLayout LAYOUT = new ProjectLayout(Path.of(
            System.getProperty("rpcbench.project.dir", "..")).toAbsolutePath().normalize());

    /** A few seconds with two threads: enough samples to check, short enough for every build. */
    static final Map<String, String> SHORT_RUN = Map.of("threads", "2", "rampup", "0", "duration", "3");

    private Plans() {}

    static List<JtlSample> samples(Path jtl) {
        List<JtlSample> samples = new ArrayList<>();
        JtlReader.read(jtl, samples::add);
        return samples;
    }
}
