package io.rpcbench.agent.host;

/**
 * Memory and swap from the kernel's own text ({@code /proc/meminfo}, {@code /proc/vmstat}), with the figures OSHI
 * gives for them: MemTotal and MemAvailable, SwapTotal and SwapTotal - SwapFree (kB, as bytes), and the pswpin and
 * pswpout page counts.
 *
 * <p>Why: OSHI reads /proc/meminfo twice and /proc/vmstat once per reading and splits each of their ~250 lines with
 * a regular expression; these two texts searched for six names cost a fraction of that, most of all while the
 * agent's code is still interpreted. {@link OshiHost} asks OSHI when this finds a figure missing (an old kernel
 * without MemAvailable, not Linux).
 */
final class LinuxMemory {
    private static final long KB = 1024;

    private LinuxMemory() {}

    /** The reading, or {@code null} when a text is missing or lacks one of the figures. */
    static MemoryReading reading(String meminfo, String vmstat) {
        if (meminfo == null || vmstat == null) {
            return null;
        }
        long total = value(meminfo, "MemTotal:");
        long available = value(meminfo, "MemAvailable:");
        long swapTotal = value(meminfo, "SwapTotal:");
        long swapFree = value(meminfo, "SwapFree:");
        long pagesIn = value(vmstat, "pswpin");
        long pagesOut = value(vmstat, "pswpout");
        if (total < 0 || available < 0 || swapTotal < 0 || swapFree < 0 || pagesIn < 0 || pagesOut < 0) {
            return null;
        }
        return new MemoryReading(total * KB, available * KB, swapTotal * KB, (swapTotal - swapFree) * KB, pagesIn,
                pagesOut);
    }

    /** The number after {@code name} at the start of a line of {@code text}, or -1 when there is none. */
    static long value(String text, String name) {
        int at = text.startsWith(name + " ") || text.startsWith(name + "\t") ? 0 : -1;
        if (at < 0) {
            int line = text.indexOf("\n" + name + " ");
            if (line < 0) {
                line = text.indexOf("\n" + name + "\t");
            }
            at = line < 0 ? -1 : line + 1;
        }
        if (at < 0) {
            return -1;
        }
        int i = at + name.length();
        while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i++;
        }
        int start = i;
        while (i < text.length() && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
            i++;
        }
        return i == start ? -1 : Long.parseLong(text.substring(start, i));
    }
}
