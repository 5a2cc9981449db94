package io.rpcbench.reports.page;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * Chart.js, read from its webjar (org.webjars.npm:chart.js) on the classpath so the page can inline it and
 * open from file:// with no network. The version is the webjar's own (its pom.properties), so upgrading the
 * dependency in the parent pom is all it takes.
 */
public final class ChartLibrary {

    private static final String POM_PROPERTIES = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";
    private static final String SCRIPT = "META-INF/resources/webjars/chart.js/%s/dist/chart.umd.min.js";

    private ChartLibrary() {}

    /** The webjar's version, e.g. "4.5.1". */
    static String version() {
        Properties properties = new Properties();
        try (InputStream in = resource(POM_PROPERTIES)) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + POM_PROPERTIES + " from the chart.js webjar", e);
        }
        return properties.getProperty("version");
    }

    /**
     * The minified script, safe to put in a {@code <script>} element: without its source-map comment (there is
     * no map beside the page) and with any {@code </script} written as {@code <\/script}.
     */
    public static String script() {
        String path = String.format(SCRIPT, version());
        try (InputStream in = resource(path)) {
            String script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return script.replaceAll("(?m)^//# sourceMappingURL=.*$", "").replace("</script", "<\\/script").strip();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + " from the chart.js webjar", e);
        }
    }

    private static InputStream resource(String path) {
        InputStream in = ChartLibrary.class.getClassLoader().getResourceAsStream(path);
        if (in == null) {
            throw new IllegalStateException(path + " is not on the classpath; the dashboard needs the webjar "
                    + "org.webjars.npm:chart.js (a dependency of rpcbench-reports)");
        }
        return in;
    }
}
