package io.rpcbench.agent.host;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The kernel's cumulative disk and network counters, read from one text each ({@code /proc/diskstats},
 * {@code /proc/net/dev}) for devices already listed.
 *
 * <p>Why: listing the disks and interfaces through OSHI (udev, /sys, one file per counter) costs 1 to 2 ms of CPU
 * per call, and every {@code disks:} and {@code network:} spec of every client calls it once a line; reading these
 * two files costs about 0.04 ms. {@link OshiHost} lists the devices now and then (their names, mount points and
 * speed) and takes their counters from here for every reading. Both sources count the same kernel counters: reads
 * and writes completed, bytes as 512-byte sectors, I/Os in progress; bytes, packets, errors and drops per interface
 * (the drop column of /proc/net/dev also counts missed packets).
 */
final class LinuxCounters {
    private static final long SECTOR_BYTES = 512;

    private LinuxCounters() {}

    /**
     * The listed disks ({@code /dev/vda}) with their counters from {@code diskstats}; {@code null} when the text is
     * missing or lacks one of them (the caller lists the disks afresh then).
     */
    static List<DiskReading> disks(List<DiskReading> listed, String diskstats) {
        if (diskstats == null) {
            return null;
        }
        // major minor name reads merged sectors-read ms writes merged sectors-written ms in-progress ...
        Map<String, String[]> byName = new HashMap<String, String[]>();
        for (String line : diskstats.split("\n")) {
            String[] fields = words(line, 0);
            if (fields.length >= 12) {
                byName.put("/dev/" + fields[2], fields);
            }
        }
        List<DiskReading> result = new ArrayList<DiskReading>();
        for (DiskReading disk : listed) {
            String[] f = byName.get(disk.name);
            if (f == null) {
                return null;
            }
            try {
                result.add(new DiskReading(disk.name, Long.parseLong(f[3]), Long.parseLong(f[7]),
                        Long.parseLong(f[5]) * SECTOR_BYTES, Long.parseLong(f[9]) * SECTOR_BYTES,
                        Long.parseLong(f[11]), disk.mountPoints));
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return result;
    }

    /**
     * The listed interfaces with their counters from {@code netDev}; {@code null} when the text is missing or lacks
     * one of them.
     */
    static List<InterfaceReading> interfaces(List<InterfaceReading> listed, String netDev) {
        if (netDev == null) {
            return null;
        }
        // name: rx-bytes packets errs drop fifo frame compressed multicast tx-bytes packets errs drop ...
        Map<String, String[]> byName = new HashMap<String, String[]>();
        for (String line : netDev.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                String[] fields = words(line, colon + 1);
                if (fields.length >= 11) {
                    byName.put(line.substring(0, colon).trim(), fields);
                }
            }
        }
        List<InterfaceReading> result = new ArrayList<InterfaceReading>();
        for (InterfaceReading nif : listed) {
            String[] f = byName.get(nif.name);
            if (f == null) {
                return null;
            }
            try {
                result.add(new InterfaceReading(nif.name, Long.parseLong(f[0]), Long.parseLong(f[8]),
                        Long.parseLong(f[1]), Long.parseLong(f[9]), Long.parseLong(f[2]), Long.parseLong(f[10]),
                        Long.parseLong(f[3]), nif.speed));
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return result;
    }

    /**
     * The words of {@code line} from index {@code from} on, between spaces. Not {@code split("\\s+")}, which
     * compiles a pattern for every line: while the agent's code is still interpreted (its first minutes at one line
     * a second), that made a reading of these files cost 1 to 2 ms of CPU instead of about 0.1 ms.
     */
    static String[] words(String line, int from) {
        List<String> words = new ArrayList<String>(20);
        int start = -1;
        for (int i = from; i <= line.length(); i++) {
            boolean space = i == line.length() || line.charAt(i) == ' ';
            if (space && start >= 0) {
                words.add(line.substring(start, i));
                start = -1;
            } else if (!space && start < 0) {
                start = i;
            }
        }
        return words.toArray(new String[0]);
    }
}
