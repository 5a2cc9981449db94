package io.rpcbench.agent.host;

import java.io.File;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
 */
public final class OshiHost implements Host {

    private final HardwareAbstractionLayer hardware;
    private final OperatingSystem os;
    private final CentralProcessor processor;

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
        GlobalMemory memory = hardware.getMemory();
        VirtualMemory swap = memory.getVirtualMemory();
        return new MemoryReading(memory.getTotal(), memory.getAvailable(), swap.getSwapTotal(), swap.getSwapUsed(),
                swap.getSwapPagesIn(), swap.getSwapPagesOut());
    }

    @Override
    public List<DiskReading> disks() {
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
