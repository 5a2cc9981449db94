package io.rpcbench.catalogue;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The registry clients' own log (the Nacos client warns of its settings on every start) stays out of the command's
 * output unless {@code --verbose} is given, and then only warnings show.
 */
class LibraryLoggingTest {

    private final Logger root = Logger.getLogger("");
    private final Logger nacos = Logger.getLogger("com.alibaba.nacos.client.config");
    private final List<LogRecord> published = new ArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (isLoggable(record)) {
                published.add(record);
            }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };
    private Level rootLevel;

    @BeforeEach
    void capture() {
        rootLevel = root.getLevel();
        root.addHandler(capture);
    }

    @AfterEach
    void restore() {
        root.removeHandler(capture);
        root.setLevel(rootLevel);
        for (Handler handler : root.getHandlers()) {
            handler.setLevel(Level.ALL);
        }
    }

    @Test
    void withoutVerboseTheLibrariesLogNothing() {
        CatalogueCommand.quietLibraries(false);

        nacos.warning("[settings] ...");
        nacos.severe("fails");

        assertThat(published).isEmpty();
    }

    @Test
    void withVerboseTheirWarningsShowAndTheirChatterDoesNot() {
        CatalogueCommand.quietLibraries(true);

        nacos.info("starting");
        nacos.warning("[settings] ...");

        assertThat(published).extracting(LogRecord::getMessage).containsExactly("[settings] ...");
    }

    @Test
    void everyCommandTakesVerbose() {
        picocli.CommandLine line = CatalogueCommand.commandLine(new FakeRegistry(List.of()), name -> null);

        for (List<String> command : List.of(List.of("services"),
                List.of("plan", "--method", "m", "--out", "plan.jmx"))) {
            List<String> args = new java.util.ArrayList<>(command);
            args.addAll(List.of("--registry", "zookeeper://127.0.0.1:2181", "--verbose"));
            picocli.CommandLine.ParseResult parsed = line.parseArgs(args.toArray(String[]::new));
            assertThat(parsed.subcommand().hasMatchedOption("--verbose")).as(command.get(0)).isTrue();
        }
    }
}
