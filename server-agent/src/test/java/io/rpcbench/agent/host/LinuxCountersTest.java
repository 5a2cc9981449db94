package io.rpcbench.agent.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

class LinuxCountersTest {
    private static final String DISKSTATS = ""
            + "   7       0 loop0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
            + " 254       0 vda 750387 59704 39841834 1529003 223758 201756 132282400 563658 3 200872 2127791\n"
            + " 254       1 vda1 700000 59000 39000000 1500000 220000 200000 132000000 560000 0 190000 2000000\n";
    private static final String NET_DEV = ""
            + "Inter-|   Receive                                                |  Transmit\n"
            + " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls"
            + " carrier compressed\n"
            + "    lo: 2499681277062 261350009    0    0    0     0          0         0 2499681277062 261350009    0"
            + "    0    0     0       0          0\n"
            + "  eth0:345515365   15169    2    5    0     0          0         0  1483278   11583    1    0    0"
            + "     0       0          0\n";

    private static DiskReading listed(String name, String mount) {
        return new DiskReading(name, 1, 2, 3, 4, 5, Collections.singletonList(mount));
    }

    @Test
    void listedDisksTakeTheirCountersFromDiskstatsWithSectorsAsBytes() {
        List<DiskReading> disks = LinuxCounters.disks(Collections.singletonList(listed("/dev/vda", "/")), DISKSTATS);

        assertThat(disks).hasSize(1);
        DiskReading vda = disks.get(0);
        assertThat(vda.name).isEqualTo("/dev/vda");
        assertThat(vda.reads).isEqualTo(750387);
        assertThat(vda.writes).isEqualTo(223758);
        assertThat(vda.readBytes).isEqualTo(39841834L * 512);
        assertThat(vda.writeBytes).isEqualTo(132282400L * 512);
        assertThat(vda.queueLength).isEqualTo(3);
        assertThat(vda.mountPoints).containsExactly("/");
    }

    @Test
    void aListedDiskMissingFromDiskstatsAsksForAFreshListing() {
        assertThat(LinuxCounters.disks(Arrays.asList(listed("/dev/vda", "/"), listed("/dev/sdb", "/data")),
                DISKSTATS)).isNull();
        assertThat(LinuxCounters.disks(Collections.singletonList(listed("/dev/vda", "/")), null)).isNull();
    }

    @Test
    void listedInterfacesTakeTheirCountersFromNetDevAndKeepTheirSpeed() {
        InterfaceReading before = new InterfaceReading("eth0", 0, 0, 0, 0, 0, 0, 0, 1000000000L);

        List<InterfaceReading> interfaces = LinuxCounters.interfaces(Collections.singletonList(before), NET_DEV);

        assertThat(interfaces).hasSize(1);
        InterfaceReading eth0 = interfaces.get(0);
        assertThat(eth0.name).isEqualTo("eth0");
        assertThat(eth0.bytesRecv).isEqualTo(345515365L);
        assertThat(eth0.packetsRecv).isEqualTo(15169);
        assertThat(eth0.inErrors).isEqualTo(2);
        assertThat(eth0.inDrops).isEqualTo(5);
        assertThat(eth0.bytesSent).isEqualTo(1483278);
        assertThat(eth0.packetsSent).isEqualTo(11583);
        assertThat(eth0.outErrors).isEqualTo(1);
        assertThat(eth0.speed).isEqualTo(1000000000L);
    }

    @Test
    void anInterfaceGoneFromNetDevAsksForAFreshListing() {
        InterfaceReading veth = new InterfaceReading("veth0", 0, 0, 0, 0, 0, 0, 0, 0);
        assertThat(LinuxCounters.interfaces(Collections.singletonList(veth), NET_DEV)).isNull();
        assertThat(LinuxCounters.interfaces(Collections.singletonList(veth), null)).isNull();
    }

    @Test
    void wordsAreSplitAtRunsOfSpacesFromTheGivenIndex() {
        assertThat(LinuxCounters.words("   7       0 loop0 0", 0)).containsExactly("7", "0", "loop0", "0");
        assertThat(LinuxCounters.words("  eth0:345515365   15169    2 ", 7)).containsExactly("345515365", "15169", "2");
        assertThat(LinuxCounters.words("    ", 0)).isEmpty();
        assertThat(LinuxCounters.words("", 0)).isEmpty();
    }
}
