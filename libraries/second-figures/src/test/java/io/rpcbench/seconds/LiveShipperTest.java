package io.rpcbench.seconds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LiveShipperTest {

    @Test
    void everySampleOfManyThreadsArrivesOnceInTheSecondItStartedIn(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("live.jsonl");
        List<String> log = new CopyOnWriteArrayList<>();
        LiveShipper shipper = LiveShipper.start(file.toUri().toString(), "engine-1", Duration.ofMillis(20), log::add);
        assertThat(LiveShipper.current()).contains(shipper);
        long base = 1_700_000_000_000L;
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 5_000; i++) {
                    shipper.record(i % 2 == 0 ? "a" : "b", base + i, SampleTimes.of(0, 100 + i % 300, false, 0), 0,
                            true, "200", 10, 5, 8);
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        shipper.reading("127.0.0.1 CPU combined", base, 42.5);
        shipper.close();
        assertThat(LiveShipper.current()).isEmpty();

        ObjectMapper json = new ObjectMapper();
        SampleFigures a = new SampleFigures();
        long secondsOfA = 0;
        int readings = 0;
        boolean last = false;
        for (String line : Files.readAllLines(file)) {
            LiveMessage message = json.readValue(line, LiveMessage.class);
            assertThat(message.engine()).isEqualTo("engine-1");
            last = message.last();
            readings += message.metrics().size();
            for (LiveMessage.Second second : message.seconds()) {
                assertThat(second.second()).isBetween(base / 1000, base / 1000 + 4);
                if (second.label().equals("a")) {
                    a.add(SampleFigures.of(second.figures()));
                    secondsOfA++;
                }
            }
        }
        assertThat(last).as("the last message says so").isTrue();
        assertThat(readings).isEqualTo(1);
        assertThat(a.samples()).isEqualTo(8 * 2_500);
        assertThat(a.maxMs()).isEqualTo(0.398);
        assertThat(secondsOfA).isGreaterThanOrEqualTo(5);
        assertThat(log).isEmpty();
    }

    @Test
    void anAddressOfNoKnownKindIsRefusedNamingIt() {
        assertThatThrownBy(() -> LiveShipper.start("ftp://x", "e", Duration.ofSeconds(1), line -> { }))
                .hasMessageContaining("'ftp://x'").hasMessageContaining("expected");
        assertThat(LiveShipper.current()).isEmpty();
    }
}
