package io.rpcbench.agent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.rpcbench.agent.host.CpuTicks;
import io.rpcbench.agent.host.DiskReading;
import io.rpcbench.agent.host.FileSystemReading;
import io.rpcbench.agent.host.Host;
import io.rpcbench.agent.host.InterfaceReading;
import io.rpcbench.agent.host.MemoryReading;
import io.rpcbench.agent.host.ProcessReading;

/** A machine whose readings the test sets: fields are public so a test changes them between two reads. */
public final class FakeHost implements Host {
    public CpuTicks cpu = new CpuTicks(0, 0, 0, 0);
    public List<CpuTicks> cores = new ArrayList<CpuTicks>(Arrays.asList(new CpuTicks(0, 0, 0, 0),
            new CpuTicks(0, 0, 0, 0)));
    public MemoryReading memory = new MemoryReading(1000, 250, 400, 100, 7, 9);
    public List<DiskReading> disks = new ArrayList<DiskReading>();
    public List<FileSystemReading> fileSystems = new ArrayList<FileSystemReading>();
    public List<InterfaceReading> interfaces = new ArrayList<InterfaceReading>();
    public Map<String, Integer> tcp = new HashMap<String, Integer>();
    public Map<Long, ProcessReading> processes = new HashMap<Long, ProcessReading>();
    public Map<String, List<Long>> names = new HashMap<String, List<Long>>();
    /** How long every memory reading takes, to play a slow metric. */
    public volatile long memoryDelayMillis;

    @Override
    public CpuTicks cpuTicks() {
        return cpu;
    }

    @Override
    public CpuTicks coreTicks(int core) {
        return core < cores.size() ? cores.get(core) : null;
    }

    @Override
    public int coreCount() {
        return cores.size();
    }

    @Override
    public MemoryReading memory() {
        if (memoryDelayMillis > 0) {
            try {
                Thread.sleep(memoryDelayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return memory;
    }

    @Override
    public List<DiskReading> disks() {
        return disks;
    }

    @Override
    public List<FileSystemReading> fileSystems() {
        return fileSystems;
    }

    @Override
    public List<InterfaceReading> interfaces() {
        return interfaces;
    }

    @Override
    public Map<String, Integer> tcpStates() {
        return tcp;
    }

    @Override
    public ProcessReading process(long pid) {
        return processes.get(pid);
    }

    @Override
    public List<Long> pidsNamed(String name) {
        List<Long> pids = names.get(name);
        return pids == null ? Collections.<Long>emptyList() : pids;
    }
}
