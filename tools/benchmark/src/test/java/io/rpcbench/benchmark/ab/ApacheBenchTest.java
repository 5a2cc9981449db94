package io.rpcbench.benchmark.ab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding ab and the words it is run with; running it is {@code ApacheBenchIT}. */
class ApacheBenchTest {

    private static final String ECHO = "http://127.0.0.1:50051/io.rpcbench.echo.EchoService/echo";

    @Test
    void missingAbIsReportedNamingItsDebianPackage(@TempDir Path emptyDir) {
        assertThatThrownBy(() -> ApacheBench.onPath(emptyDir.toString()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("ApacheBench (ab) is not on the PATH; install Debian's apache2-utils package (as root:"
                        + " apt-get install -y apache2-utils), then run again");
    }

    @Test
    void seed003LoadIsTenAtATimeWithoutKeepAlivePostingPlainText() {
        AbLoad load = AbLoad.seed003(ECHO, 1_000_000, "abcd");

        assertThat(load.arguments(Path.of("/tmp/body.txt")))
                .containsExactly("-c", "10", "-n", "1000000", "-p", "/tmp/body.txt", "-T", "text/plain", ECHO);
    }

    @Test
    void keepAliveAndGetAreWhatTheLoadSays() {
        AbLoad load = new AbLoad(ECHO, 4, 100, null, null, true);

        assertThat(load.arguments(Path.of("unused"))).containsExactly("-c", "4", "-n", "100", "-k", ECHO);
    }

    @Test
    void badLoadsAreRejectedNamingTheValue() {
        assertThatThrownBy(() -> AbLoad.seed003("http://127.0.0.1:50051", 100, "abcd"))
                .hasMessage("ab url 'http://127.0.0.1:50051' is not usable; expected http://host:port/path");
        assertThatThrownBy(() -> AbLoad.seed003(ECHO, 5, "abcd"))
                .hasMessage("ab requests 5 is out of range; expected at least the concurrency, 10");
        assertThatThrownBy(() -> new AbLoad(ECHO, 0, 5, null, null, false))
                .hasMessage("ab concurrency 0 is out of range; expected 1 or more");
        assertThatThrownBy(() -> new AbLoad(ECHO, 1, 5, "abcd", null, false))
                .hasMessage("ab body and content type go together; got body 4 chars and content type null");
    }
}
