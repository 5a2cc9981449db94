package io.rpcbench.agent.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.rpcbench.agent.FakeHost;

class SharedReadingsTest {
    private static final long MAX_AGE_NANOS = TimeUnit.MILLISECONDS.toNanos(SharedReadings.MAX_AGE_MILLIS);

    private final FakeHost host = new FakeHost();
    private long now = 1_000_000_000L;
    private final SharedReadings shared = new SharedReadings(host, new SharedReadings.Clock() {
        @Override
        public long nanoTime() {
            return now;
        }
    });

    @Test
    void callersWithinTheMaxAgeOfAReadingGetThatReading() {
        MemoryReading first = shared.memory();
        host.memory = new MemoryReading(2000, 500, 0, 0, 0, 0);
        now += MAX_AGE_NANOS - 1;

        assertThat(shared.memory()).isSameAs(first);
    }

    @Test
    void cpuTicksAreReadAfreshEvenWithinTheMaxAge() {
        shared.cpuTicks();
        shared.coreTicks(0);
        host.cpu = new CpuTicks(5, 0, 5, 90);
        host.cores.set(0, new CpuTicks(1, 0, 1, 8));
        now += 1;

        assertThat(shared.cpuTicks()).isSameAs(host.cpu);
        assertThat(shared.coreTicks(0)).isSameAs(host.cores.get(0));
    }

    @Test
    void aReadingAsOldAsTheMaxAgeIsTakenAfresh() {
        shared.memory();
        shared.interfaces();
        MemoryReading later = new MemoryReading(2000, 500, 0, 0, 0, 0);
        host.memory = later;
        host.interfaces = Collections.singletonList(new InterfaceReading("lo", 1, 2, 3, 4, 0, 0, 0, 0));
        now += MAX_AGE_NANOS;

        assertThat(shared.memory()).isSameAs(later);
        assertThat(shared.interfaces()).isSameAs(host.interfaces);
    }

    @Test
    void eachProcessAndEachCoreHasItsOwnReading() {
        ProcessReading one = new ProcessReading(1, 10, 20, 30, 40, 50, 60, 70);
        ProcessReading two = new ProcessReading(2, 11, 21, 31, 41, 51, 61, 71);
        host.processes.put(1L, one);
        host.processes.put(2L, two);

        assertThat(shared.process(1)).isSameAs(one);
        assertThat(shared.process(2)).isSameAs(two);
        assertThat(shared.process(3)).isNull();
        assertThat(shared.coreTicks(0)).isSameAs(host.cores.get(0));
        assertThat(shared.coreTicks(1)).isSameAs(host.cores.get(1));
        assertThat(shared.coreTicks(2)).isNull();
    }

    @Test
    void aProcessThatAppearsIsSeenOnceTheMaxAgeHasPassed() {
        assertThat(shared.process(7)).isNull();
        ProcessReading started = new ProcessReading(7, 1, 1, 1, 1, 1, 1, 1);
        host.processes.put(7L, started);

        assertThat(shared.process(7)).as("within the max age").isNull();
        now += MAX_AGE_NANOS;
        assertThat(shared.process(7)).isSameAs(started);
    }
}
