package io.rpcbench.agent.metric;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * One metric spec as a PerfMon client writes it: {@code type:param:param...}, e.g. {@code cpu:idle},
 * {@code memory:usedperc:unit=mb}, {@code cpu:name=java#1:percent}, {@code jmx:url=localhost\:4711:gc-time}.
 *
 * <p>Parameters are split on every {@code :} not preceded by a backslash, then {@code \:} becomes {@code :}.
 * Named parameters ({@code pid= name= core= fs= iface= unit= label=}) fill their fields; the others are
 * positional: the last one is the {@link #field()} (as in the original agent), and {@code exec}, {@code tail}
 * and {@code jmx} read all of them. The type is cut at the first space because the collector's GUI sends
 * names such as {@code disks i/o}. Parsing never fails: a malformed value is kept and rejected by the metric.
 */
public final class MetricSpec {

    private final String text;
    private final String type;
    private final List<String> positional;
    private String pid = "";
    private String name = "";
    private String core = "";
    private String fs = "";
    private String iface = "";
    private String unit = "";
    private String label = "";

    private MetricSpec(String text, String type, List<String> positional) {
        this.text = text;
        this.type = type;
        this.positional = positional;
    }

    public static MetricSpec parse(String text) {
        String trimmed = text.trim();
        int colon = trimmed.indexOf(':');
        String type = colon < 0 ? trimmed : trimmed.substring(0, colon).trim();
        String params = colon < 0 ? "" : trimmed.substring(colon + 1).trim();
        if (type.indexOf(' ') > 0) {
            type = type.substring(0, type.indexOf(' '));
        }
        MetricSpec spec = new MetricSpec(text, type.toLowerCase(Locale.ROOT), new ArrayList<String>());
        if (!params.isEmpty()) {
            for (String token : params.split("(?<!\\\\):", -1)) {
                spec.take(token.replace("\\:", ":"));
            }
        }
        return spec;
    }

    private void take(String token) {
        if (token.startsWith("pid=")) {
            pid = valueOf(token);
        } else if (token.startsWith("name=")) {
            name = valueOf(token);
        } else if (token.startsWith("core=")) {
            core = valueOf(token);
        } else if (token.startsWith("fs=")) {
            fs = valueOf(token);
        } else if (token.startsWith("iface=")) {
            iface = valueOf(token);
        } else if (token.startsWith("unit=")) {
            unit = valueOf(token);
        } else if (token.startsWith("label=")) {
            label = valueOf(token);
        } else if (!token.isEmpty()) {
            positional.add(token);
        }
    }

    private static String valueOf(String token) {
        return token.substring(token.indexOf('=') + 1);
    }

    /** The spec as the client sent it, for log lines. */
    public String text() {
        return text;
    }

    /** Lower-case metric family: cpu, memory, swap, disks, network, tcp, jmx, exec, tail. */
    public String type() {
        return type;
    }

    /**
     * The last positional parameter that is not a {@code key=value} option, lower case, or "" when the client
     * wants the family's default.
     */
    public String field() {
        for (int i = positional.size() - 1; i >= 0; i--) {
            if (positional.get(i).indexOf('=') < 0) {
                return positional.get(i).toLowerCase(Locale.ROOT);
            }
        }
        return "";
    }

    public List<String> positional() {
        return Collections.unmodifiableList(positional);
    }

    /** Value of the first positional parameter {@code key=value}, or "" (jmx's url=, user=, password=). */
    public String option(String key) {
        for (String p : positional) {
            if (p.startsWith(key + "=")) {
                return valueOf(p);
            }
        }
        return "";
    }

    public String pid() {
        return pid;
    }

    public String name() {
        return name;
    }

    public String core() {
        return core;
    }

    public String fs() {
        return fs;
    }

    public String iface() {
        return iface;
    }

    public String unit() {
        return unit;
    }

    public String label() {
        return label;
    }

    /** True when the spec names one process ({@code pid=} or {@code name=}). */
    public boolean namesProcess() {
        return !pid.isEmpty() || !name.isEmpty();
    }

    @Override
    public String toString() {
        return text;
    }
}
