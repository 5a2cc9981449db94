package io.rpcbench.agent.host;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.GlobalMemory;
import oshi.hardware.HWDiskStore;
import oshi.hardware.HWPartition;
import oshi.hardware.HardwareAbstractionLayer;
import oshi.hardware.NetworkIF;
import oshi.hardware.VirtualMemory;
import oshi.software.os.InternetProtocolStats;
import oshi.software.os.OSFileStore;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

/**
 * The real machine, read through OSHI (pure Java plus JNA: no native library of our own, runs on x86-64 and aarch64).
 *
 * <p>Create one per agent; it is safe to call from several client threads.
 *
 * <p>Disks and network interfaces are listed through OSHI at most every {@link #DEVICE_LIST_SECONDS} s (a listing
 * costs 1 to 2 ms of CPU); in between, on Linux, their counters come from {@code /proc/diskstats} and
 * {@code /proc/net/dev} ({@link LinuxCounters}), so that every client's every line does not list them again. A
 * device that is gone from those files, or any other system, makes every reading a fresh listing. Memory and swap
 * come from {@code /proc/meminfo} and {@code /proc/vmstat} on Linux ({@link LinuxMemory}), else from OSHI.
 */
public final class OshiHost implements Host {
    static final long DEVICE_LIST_SECONDS = 10;
    private static final long DEVICE_LIST_NANOS = TimeUnit.SECONDS.toNanos(DEVICE_LIST_SECONDS);

    private final HardwareAbstractionLayer hardware;
    private final OperatingSystem os;
    private final CentralProcessor processor;
    private volatile Listing<DiskReading> diskListing;
    private volatile Listing<InterfaceReading> interfaceListing;

    /** Devices as OSHI listed them, and when (System.nanoTime). Immutable: threads share it. */
    private static final class Listing<T> {
        final List<T> devices;
        final long at;

        Listing(List<T> devices, long at) {
            this.devices = devices;
            this.at = at;
        }

        boolean fresh(long now) {
            return now - at < DEVICE_LIST_NANOS;
        }
    }

    public OshiHost() {
        SystemInfo info = new SystemInfo();
        this.hardware = info.getHardware();
        this.os = info.getOperatingSystem();
        this.processor = hardware.getProcessor();
    }

    @Override
    public CpuTicks cpuTicks() {
        return new CpuTicks(processor.getSystemCpuLoadTicks());
    }

    @Override
    public CpuTicks coreTicks(int core) {
        long[][] cores = processor.getProcessorCpuLoadTicks();
        return core >= 0 && core < cores.length ? new CpuTicks(cores[core]) : null;
    }

    @Override
    public int coreCount() {
        return processor.getLogicalProcessorCount();
    }

    @Override
    public MemoryReading memory() {
        MemoryReading fromProc = LinuxMemory.reading(procFile("/proc/meminfo"), procFile("/proc/vmstat"));
        if (fromProc != null) {
            return fromProc;
        }
        GlobalMemory memory = hardware.getMemory();
        VirtualMemory swap = memory.getVirtualMemory();
        return new MemoryReading(memory.getTotal(), memory.getAvailable(), swap.getSwapTotal(), swap.getSwapUsed(),
                swap.getSwapPagesIn(), swap.getSwapPagesOut());
    }

    @Override
    public List<DiskReading> disks() {
        Listing<DiskReading> listing = diskListing;
        long now = System.nanoTime();
        if (listing != null && listing.fresh(now)) {
            List<DiskReading> counted = LinuxCounters.disks(listing.devices, procFile("/proc/diskstats"));
            if (counted != null) {
                return counted;
            }
        }
        List<DiskReading> listed = listDisks();
        diskListing = new Listing<DiskReading>(listed, now);
        return listed;
    }

    private List<DiskReading> listDisks() {
        List<DiskReading> disks = new ArrayList<DiskReading>();
        for (HWDiskStore disk : hardware.getDiskStores()) {
            List<String> mounts = new ArrayList<String>();
            for (HWPartition partition : disk.getPartitions()) {
                if (!partition.getMountPoint().isEmpty()) {
                    mounts.add(partition.getMountPoint());
                }
            }
            disks.add(new DiskReading(disk.getName(), disk.getReads(), disk.getWrites(), disk.getReadBytes(),
                    disk.getWriteBytes(), disk.getCurrentQueueLength(), mounts));
        }
        return disks;
    }

    @Override
    public List<FileSystemReading> fileSystems() {
        List<FileSystemReading> result = new ArrayList<FileSystemReading>();
        for (OSFileStore store : os.getFileSystem().getFileStores(true)) {
            result.add(new FileSystemReading(store.getMount(), store.getTotalSpace(), store.getFreeSpace(),
                    store.getUsableSpace()));
        }
        return result;
    }

    @Override
    public List<InterfaceReading> interfaces() {
        Listing<InterfaceReading> listing = interfaceListing;
        long now = System.nanoTime();
        if (listing != null && listing.fresh(now)) {
            List<InterfaceReading> counted = LinuxCounters.interfaces(listing.devices, procFile("/proc/net/dev"));
            if (counted != null) {
                return counted;
            }
        }
        List<InterfaceReading> listed = listInterfaces();
        interfaceListing = new Listing<InterfaceReading>(listed, now);
        return listed;
    }

    /** The text of a /proc file, or null where there is none (not Linux). */
    private static String procFile(String path) {
        try {
            return new String(Files.readAllBytes(Paths.get(path)), StandardCharsets.US_ASCII);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private List<InterfaceReading> listInterfaces() {
        List<InterfaceReading> result = new ArrayList<InterfaceReading>();
        // true: include loopback, as the original did; a benchmark on one host talks over lo.
        for (NetworkIF nif : hardware.getNetworkIFs(true)) {
            result.add(new InterfaceReading(nif.getName(), nif.getBytesRecv(), nif.getBytesSent(), nif.getPacketsRecv(),
                    nif.getPacketsSent(), nif.getInErrors(), nif.getOutErrors(), nif.getInDrops(), nif.getSpeed()));
        }
        return result;
    }

    @Override
    public Map<String, Integer> tcpStates() {
        Map<String, Integer> counts = new HashMap<String, Integer>();
        for (InternetProtocolStats.IPConnection connection : os.getInternetProtocolStats().getConnections()) {
            if (connection.getType().startsWith("tcp")) {
                String state = connection.getState().name();
                Integer before = counts.get(state);
                counts.put(state, before == null ? 1 : before + 1);
            }
        }
        return counts;
    }

    @Override
    public ProcessReading process(long pid) {
        if (pid < 0 || pid > Integer.MAX_VALUE) {
            return null;
        }
        OSProcess process = os.getProcess((int) pid);
        if (process == null) {
            return null;
        }
        return new ProcessReading(pid, process.getUserTime(), process.getKernelTime(), process.getUpTime(),
                process.getResidentSetSize(), process.getVirtualSize(), process.getMinorFaults(),
                process.getMajorFaults());
    }

    @Override
    public List<Long> pidsNamed(String name) {
        String wanted = name.toLowerCase(Locale.ROOT);
        List<Long> pids = new ArrayList<Long>();
        for (OSProcess process : os.getProcesses()) {
            String path = process.getPath();
            String executable = path == null ? "" : new File(path).getName().toLowerCase(Locale.ROOT);
            if (wanted.equals(executable) || wanted.equals(process.getName().toLowerCase(Locale.ROOT))) {
                pids.add((long) process.getProcessID());
            }
        }
        Collections.sort(pids);
        return pids;
    }

    /** One line per fact, for {@code --sysinfo}: what specs can name on this machine. */
    public List<String> describe() {
        List<String> lines = new ArrayList<String>();
        lines.add("os=" + os + " cores=" + coreCount() + " memory=" + hardware.getMemory().getTotal());
        for (FileSystemReading fs : fileSystems()) {
            lines.add("filesystem fs=" + fs.mount + " total=" + fs.total);
        }
        for (DiskReading disk : disks()) {
            lines.add("disk " + disk.name + " mounted at " + disk.mountPoints);
        }
        for (InterfaceReading nif : interfaces()) {
            lines.add("network iface=" + nif.name);
        }
        return lines;
    }
}
