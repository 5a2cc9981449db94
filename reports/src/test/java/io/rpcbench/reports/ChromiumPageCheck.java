package io.rpcbench.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * What the checks of our pages in headless Chromium share: the browser, found on first use in a test class, the
 * state the page's script reports in its {@code #rpcbench-status} element ({@code rpcbench-ok ...} or
 * {@code rpcbench-error: ...}), and a screenshot for a person to look at. Chromium is Debian's {@code chromium}
 * (.ci/run installs it); when it is missing the check fails saying how to install it, or its tests are skipped
 * with {@code -Drpcbench.chromium.optional=true}.
 *
 * <pre>{@code
 * private static final Path OUT = Path.of("target/dashboard-it");
 * private static final ChromiumPageCheck CHECK = new ChromiumPageCheck("the dashboard check", OUT);
 *
 * @Test
 * void pageIsDrawn() throws Exception {
 *     String dom = CHECK.chromium().dumpDom(html);  // skips the test if Chromium is missing and optional
 *     assertThat(ChromiumPageCheck.status(dom)).startsWith("rpcbench-ok ");
 *     CHECK.screenshot(html, "dashboard.png", 1400, 3000);
 * }
 * }</pre>
 */
public final class ChromiumPageCheck {

    private static final Pattern STATUS = Pattern.compile("id=\"rpcbench-status\"[^>]*>([^<]*)<");

    private final String check;
    private final Path out;
    private HeadlessChromium chromium;

    /**
     * @param check what the check is called in the message when Chromium is missing, e.g. {@code the dashboard check}
     * @param out   the folder for the pages, the screenshots and Chromium's logs
     */
    public ChromiumPageCheck(String check, Path out) {
        this.check = check;
        this.out = out;
    }

    /**
     * The browser, found on the first call; when Chromium is missing, fails the calling test naming how to install
     * it, or skips it if Chromium is optional.
     */
    public HeadlessChromium chromium() throws IOException {
        if (chromium == null) {
            var executable = HeadlessChromium.find();
            if (executable.isEmpty()) {
                String message = check + " needs chromium on the PATH; install it with 'apt-get install -y "
                        + "chromium' (or pass -Drpcbench.chromium.optional=true to skip this check)";
                if (!Boolean.getBoolean("rpcbench.chromium.optional")) {
                    Assertions.fail(message);
                }
                Assumptions.abort(message);
            }
            Files.createDirectories(out);
            chromium = new HeadlessChromium(executable.get(), out);
        }
        return chromium;
    }

    /** Saves a screenshot of the page as {@code png} in the folder and checks it shows a drawn page. */
    public void screenshot(Path html, String png, int width, int height) throws IOException, InterruptedException {
        Path file = out.resolve(png);
        chromium().screenshot(html, file, width, height);
        // A blank page of 1400 x 3000 px is a PNG of about 19 KB; a drawn one, well over 50 KB.
        assertThat(Files.size(file)).as("the size of %s", file).isGreaterThan(50_000);
    }

    /** The text of the page's {@code #rpcbench-status} element in the DOM Chromium dumped after the scripts ran. */
    public static String status(String dom) {
        Matcher matcher = STATUS.matcher(dom);
        assertThat(matcher.find()).as("the page's #rpcbench-status element in the dumped DOM").isTrue();
        return matcher.group(1);
    }
}
