package io.rpcbench.reports.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcbench.reports.ReportsCommand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seals what {@code rpcbench-reports compare} prints and the data of the page it writes, for the three committed
 * runs ({@link CompareFixtures}), run through the jar's entry point: golden files {@code compare-table.txt} and
 * {@code compare-data.json}. The other tests check the verdicts that matter against figures computed here from
 * the fixtures' JSON.
 *
 * <p>To accept an intended change, run with {@code -Drpcbench.golden.update=true} and review the diff.
 */
class CompareGoldenTest {

    private static final Path GOLDEN = Path.of("src/test/resources/io/rpcbench/reports/compare");
    private static final String PAGE = "compare-2024-05-01-dubbo-2.7-vs-2024-05-02-dubbo-3.3-vs-"
            + "2024-05-03-dubbo-3.3-tuned.html";
    private static final String DATA_START = "<script type=\"application/json\" id=\"comparison-data\">";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    private Path results;
    private final ReportsCommand command = new ReportsCommand();
    private int code;

    @BeforeEach
    void compareTheFixtures() {
        results = CompareFixtures.results(dir);
        List<String> args = new ArrayList<>(List.of("compare"));
        CompareFixtures.NAMES.forEach(name -> args.add(results.resolve(name).toString()));
        code = command.run(args.toArray(String[]::new));
    }

    @Test
    void printedTableMatchesTheGoldenFile() throws IOException {
        assertThat(code).as(command.err()).isZero();
        assertThat(command.err()).isEmpty();
        String printed = command.out().replace("\r\n", "\n");
        String page = "Page: " + results.resolve(PAGE).toAbsolutePath().normalize() + "\n";
        assertThat(printed).endsWith("\n" + page);

        assertGolden("compare-table.txt", printed.substring(0, printed.length() - page.length()));
    }

    @Test
    void pageDataMatchesTheGoldenFile() throws IOException {
        assertGolden("compare-data.json", pageData() + "\n");
    }

    @Test
    void pageIsSelfContained() throws IOException {
        String page = Files.readString(results.resolve(PAGE), StandardCharsets.UTF_8);

        assertThat(page).doesNotContain("src=", "<link", "http://", "https://", "@TITLE@", "@DATA@");
        assertThat(page).contains("<title>rpcbench comparison: 2024-05-01-dubbo-2.7 (baseline) vs "
                + "2024-05-02-dubbo-3.3, 2024-05-03-dubbo-3.3-tuned</title>");
    }

    @Test
    void worseBetterAndWithinNoiseFollowFromTheThirds() throws IOException {
        JsonNode base = figures(CompareFixtures.NAMES.get(0));
        JsonNode other = figures(CompareFixtures.NAMES.get(1));
        JsonNode data = MAPPER.readTree(pageData());

        // echo-100k / dubbo is entry 2 of both runs; echo-1k / dubbo entry 0; echo-1k / thrift entry 1.
        assertThat(tpsVerdict(data, "echo-100k", "dubbo"))
                .isEqualTo(expected("worse", base.get("runs").get(2), other.get("runs").get(2)))
                .isEqualTo("worse: TPS -18.2 % (noise +/-3.1 %)");
        assertThat(tpsVerdict(data, "echo-1k", "dubbo"))
                .isEqualTo(expected("better", base.get("runs").get(0), other.get("runs").get(0)));
        assertThat(tpsVerdict(data, "echo-1k", "thrift"))
                .isEqualTo(expected("within noise", base.get("runs").get(1), other.get("runs").get(1)));
    }

    @Test
    void unmatchedUnsteadyAndMissingFiguresAreSaid() {
        String printed = command.out();

        assertThat(printed).contains(
                "  echo-100k / thrift: only in 2024-05-01-dubbo-2.7\n",
                "  order-service / dubbo: only in 2024-05-02-dubbo-3.3\n",
                "not comparable: 2024-05-03-dubbo-3.3-tuned not steady",
                "not in 2024-05-03-dubbo-3.3-tuned",
                "worse: error % 0.00 -> 0.42 (from 0)",
                "2024-05-01-dubbo-2.7: no \"server\" figures in echo-100k / dubbo: shown as -");
        // Once, however many metrics the missing server figures hide.
        assertThat(printed.split("no \"server\" figures", -1)).hasSize(2);
    }

    private JsonNode figures(String run) throws IOException {
        return MAPPER.readTree(results.resolve(run).resolve("dashboard.json").toFile());
    }

    /** The verdict on TPS computed here: the difference and the larger thirds band, both rounded to 0.1. */
    private static String expected(String kind, JsonNode base, JsonNode other) {
        double b = base.get("total").get("tps").doubleValue();
        double o = other.get("total").get("tps").doubleValue();
        double band = Math.max(band(base), band(other));
        return String.format(Locale.ROOT, "%s: TPS %+.1f %% (noise +/-%.1f %%)", kind, (o - b) / b * 100, band);
    }

    private static double band(JsonNode run) {
        double min = Double.MAX_VALUE;
        double max = 0;
        double sum = 0;
        for (JsonNode third : run.get("steadiness").get("thirds")) {
            double tps = third.get("tps").doubleValue();
            min = Math.min(min, tps);
            max = Math.max(max, tps);
            sum += tps;
        }
        return (max - min) / (sum / 3) * 100;
    }

    private static String tpsVerdict(JsonNode data, String scenario, String system) {
        for (JsonNode row : data.get("rows")) {
            if (row.get("scenario").textValue().equals(scenario) && row.get("system").textValue().equals(system)) {
                JsonNode tps = row.get("metrics").get(0);
                assertThat(tps.get("metric").textValue()).isEqualTo("TPS");
                return tps.get("verdicts").get(1).get("text").textValue();
            }
        }
        throw new AssertionError("no row " + scenario + " / " + system + " in " + data);
    }

    private String pageData() throws IOException {
        String page = Files.readString(results.resolve(PAGE), StandardCharsets.UTF_8);
        int start = page.indexOf(DATA_START);
        assertThat(start).as("the page's data element").isPositive();
        return page.substring(start + DATA_START.length(), page.indexOf("</script>", start));
    }

    private static void assertGolden(String name, String actual) throws IOException {
        Path golden = GOLDEN.resolve(name);
        if (Boolean.getBoolean("rpcbench.golden.update")) {
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8).replace("\r\n", "\n"));
    }
}
