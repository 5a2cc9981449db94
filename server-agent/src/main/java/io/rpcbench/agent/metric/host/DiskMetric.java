package io.rpcbench.agent.metric.host;

import io.rpcbench.agent.host.DiskReading;
import io.rpcbench.agent.host.FileSystemReading;
import io.rpcbench.agent.host.Host;
import io.rpcbench.agent.metric.Counter;
import io.rpcbench.agent.metric.Fields;
import io.rpcbench.agent.metric.Metric;
import io.rpcbench.agent.metric.MetricSpec;
import io.rpcbench.agent.metric.Unit;
import java.util.List;

/**
 * {@code disks:<field>[:fs=<mount>][:unit=]}: disk activity and file-system space, summed over all disks and local
 * file systems, or only those of the file system mounted at {@code fs=}.
 * Fields: queue (default, requests in flight now), reads, writes (operations since the previous reading),
 * readbytes, writebytes (bytes since the previous reading), useperc (percent of space used), total, used, free
 * (bytes, including space reserved for root), available (bytes free for users).
 */
public final class DiskMetric implements Metric {
    private static final Fields FIELDS = new Fields("queue", "reads", "writes", "readbytes", "writebytes", "useperc",
            "total", "used", "free", "available");

    private final Host host;
    private final String field;
    private final String fs;
    private final double divisor;
    private final Counter counter = new Counter();

    public DiskMetric(Host host, MetricSpec spec) {
        this.host = host;
        this.field = FIELDS.pick(spec);
        this.fs = spec.fs();
        this.divisor = Unit.divisor(spec);
    }

    @Override
    public double read() {
        if (field.equals("useperc") || field.equals("total") || field.equals("used") || field.equals("free")
                || field.equals("available")) {
            return space(host.fileSystems());
        }
        return activity(host.disks());
    }

    private double space(List<FileSystemReading> fileSystems) {
        double total = 0;
        double free = 0;
        double usable = 0;
        boolean any = false;
        for (FileSystemReading f : fileSystems) {
            if (fs.isEmpty() || fs.equals(f.mount)) {
                any = true;
                total += f.total;
                free += f.free;
                usable += f.usable;
            }
        }
        if (!any) {
            return Double.NaN;
        }
        if (field.equals("useperc")) {
            return total > 0 ? 100.0 * (total - free) / total : Double.NaN;
        } else if (field.equals("total")) {
            return total / divisor;
        } else if (field.equals("used")) {
            return (total - free) / divisor;
        } else if (field.equals("free")) {
            return free / divisor;
        }
        return usable / divisor;
    }

    private double activity(List<DiskReading> disks) {
        double sum = 0;
        boolean any = false;
        for (DiskReading disk : disks) {
            if (fs.isEmpty() || disk.mountPoints.contains(fs)) {
                any = true;
                sum += valueOf(disk);
            }
        }
        if (!any) {
            return Double.NaN;
        }
        if (field.equals("queue")) {
            return sum;
        }
        boolean bytes = field.endsWith("bytes");
        return counter.change(sum) / (bytes ? divisor : 1);
    }

    private double valueOf(DiskReading disk) {
        if (field.equals("queue")) {
            return disk.queueLength;
        } else if (field.equals("reads")) {
            return disk.reads;
        } else if (field.equals("writes")) {
            return disk.writes;
        } else if (field.equals("readbytes")) {
            return disk.readBytes;
        }
        return disk.writeBytes;
    }
}
