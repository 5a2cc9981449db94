package io.rpcbench.benchmark.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.reports.dashboard.RunSummary;
import io.rpcbench.reports.statistics.LabelStatistics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two consumers' JTLs as one: every row kept, each thread name prefixed with its consumer, quoted fields intact. */
class ConsumerJtlsTest {

    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success,"
            + "bytes,\"elapsed_us\"";

    @TempDir
    Path dir;

    @Test
    void rowsOfBothConsumersAreKeptWithTheirConsumerBeforeTheThreadName() throws IOException {
        Path first = Files.writeString(dir.resolve("1.jtl"), HEADER + "\n"
                + "1700000000000,1,echo,OK,OK,Thread Group 1-1,true,100,1000\n"
                + "1700000000500,1,echo,500,\"a, quoted\nmessage\",Thread Group 1-2,false,0,1000\n");
        Path second = Files.writeString(dir.resolve("2.jtl"), HEADER + "\n"
                + "1700000000250,3,echo,OK,OK,\"Thread Group 1-1\",true,100,3000\n");
        Path merged = dir.resolve("merged.jtl");

        ConsumerJtls.merge(List.of(first, second), merged);

        assertThat(Files.readString(merged)).isEqualTo(HEADER + "\n"
                + "1700000000000,1,echo,OK,OK,consumer-1.localhost-Thread Group 1-1,true,100,1000\n"
                + "1700000000500,1,echo,500,\"a, quoted\nmessage\",consumer-1.localhost-Thread Group 1-2,false,0,1000\n"
                + "1700000000250,3,echo,OK,OK,\"consumer-2.localhost-Thread Group 1-1\",true,100,3000\n");
        LabelStatistics echo = RunSummary.of(merged).label("echo");
        assertThat(echo.samples()).isEqualTo(3);
        assertThat(echo.generators()).containsOnlyKeys("consumer-1.localhost", "consumer-2.localhost");
        assertThat(echo.generators().get("consumer-2.localhost").meanMs()).isEqualTo(3.0);
    }

    @Test
    void aConsumerWithAnotherHeaderIsRefusedNamingItsFile() throws IOException {
        Path first = Files.writeString(dir.resolve("1.jtl"), HEADER + "\n");
        Path second = Files.writeString(dir.resolve("2.jtl"), "timeStamp,elapsed,label,threadName\n");

        assertThatThrownBy(() -> ConsumerJtls.merge(List.of(first, second), dir.resolve("merged.jtl")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("consumer 2's JTL " + second)
                .hasMessageContaining("expected consumer 1's, '" + HEADER + "'");
    }

    @Test
    void aJtlWithoutThreadNamesIsRefused() throws IOException {
        Path first = Files.writeString(dir.resolve("1.jtl"), "timeStamp,elapsed,label\n");

        assertThatThrownBy(() -> ConsumerJtls.merge(List.of(first), dir.resolve("merged.jtl")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has no threadName column");
    }
}
