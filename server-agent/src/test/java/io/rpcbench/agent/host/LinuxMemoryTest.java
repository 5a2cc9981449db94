package io.rpcbench.agent.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

import org.junit.jupiter.api.Test;

import oshi.SystemInfo;
import oshi.hardware.GlobalMemory;

class LinuxMemoryTest {
    private static final String MEMINFO = ""
            + "MemTotal:        8130044 kB\n"
            + "MemFree:          512000 kB\n"
            + "MemAvailable:    6000000 kB\n"
            + "Buffers:           10000 kB\n"
            + "SwapCached:            0 kB\n"
            + "SwapTotal:       2097148 kB\n"
            + "SwapFree:        2000000 kB\n"
            + "HugePages_Total:       0\n";
    private static final String VMSTAT = "nr_free_pages 128000\npgpgin 4000\npgpgout 5000\npswpin 17\npswpout 23\n";

    @Test
    void memoryAndSwapAreReadInBytesAndSwapPagesAsCounted() {
        MemoryReading memory = LinuxMemory.reading(MEMINFO, VMSTAT);

        assertThat(memory.total).isEqualTo(8130044L * 1024);
        assertThat(memory.available).isEqualTo(6000000L * 1024);
        assertThat(memory.swapTotal).isEqualTo(2097148L * 1024);
        assertThat(memory.swapUsed).isEqualTo((2097148L - 2000000L) * 1024);
        assertThat(memory.swapPagesIn).isEqualTo(17);
        assertThat(memory.swapPagesOut).isEqualTo(23);
    }

    @Test
    void aMissingFigureOrTextLeavesTheReadingToOshi() {
        assertThat(LinuxMemory.reading(MEMINFO.replace("MemAvailable:", "MemUnknown:"), VMSTAT)).isNull();
        assertThat(LinuxMemory.reading(MEMINFO, "pswpin 17\n")).isNull();
        assertThat(LinuxMemory.reading(null, VMSTAT)).isNull();
        assertThat(LinuxMemory.value("SwapFreeX: 5 kB\nSwapFree: 7 kB\n", "SwapFree:")).isEqualTo(7);
    }

    @Test
    void onThisLinuxHostTheFiguresAreOshis() throws IOException {
        assumeTrue(new File("/proc/meminfo").isFile(), "a Linux host");
        MemoryReading ours = LinuxMemory.reading(text("/proc/meminfo"), text("/proc/vmstat"));
        GlobalMemory oshi = new SystemInfo().getHardware().getMemory();

        assertThat(ours.total).isEqualTo(oshi.getTotal());
        assertThat(ours.swapTotal).isEqualTo(oshi.getVirtualMemory().getSwapTotal());
        // Read a moment apart: what is available moves a little.
        assertThat((double) ours.available).isCloseTo(oshi.getAvailable(), within(0.05 * ours.total));
    }

    private static String text(String path) throws IOException {
        return new String(Files.readAllBytes(Paths.get(path)), StandardCharsets.US_ASCII);
    }
}
