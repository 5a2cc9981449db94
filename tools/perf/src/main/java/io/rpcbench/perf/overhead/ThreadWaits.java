package io.rpcbench.perf.overhead;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * The time the threads that make calls spent waiting, from a JFR recording's {@code jdk.ThreadPark} (parked in
 * {@code LockSupport.park*}: a lock of java.util.concurrent, a queue, a future) and {@code jdk.JavaMonitorEnter}
 * (blocked entering a {@code synchronized} monitor another thread held) events, cut to a window: each event counts
 * with the part of it inside the window, on the thread that waited. Per wait site (the first frame outside
 * {@code java.util.concurrent.locks} and {@code jdk.internal.misc}, with its caller), the time summed. Divided by
 * the calls of the window, it says how much of a call its thread spends waiting, and where.
 *
 * <p>Order of calls: construct with the threads that make calls and the window, {@link #read} a recording (or
 * {@link #add} waits), then {@link #perCall} and {@link #markdown}. Output depends only on the inputs (fixed locale,
 * ties by name), so a test seals it.
 *
 * <pre>{@code
 * ThreadWaits bare = new ThreadWaits(ThreadWaits.BARE_LOOP_THREADS, from, to).read(bareJfr);
 * String table = ThreadWaits.markdown(title, new Side(bare, 20, callsA), new Side(jmeter, 20, callsB), 5);
 * }</pre>
 */
final class ThreadWaits {

    /** The bare loop's calling threads ({@link BareLoop#THREAD_NAME_PREFIX} and a number). */
    static final Pattern BARE_LOOP_THREADS = Pattern.compile(Pattern.quote(BareLoop.THREAD_NAME_PREFIX) + "\\d+");

    /** JMeter's thread group threads, which run the samplers: {@code <thread group> <group>-<thread>}. */
    static final Pattern JMETER_THREADS = Pattern.compile(".+ \\d+-\\d+");

    /** The waits counted, by their JFR event. */
    enum Kind {
        PARK("jdk.ThreadPark", "park", "parked"),
        MONITOR("jdk.JavaMonitorEnter", "monitor", "blocked on monitors");

        final String event;
        final String shortName;
        final String description;

        Kind(String event, String shortName, String description) {
            this.event = event;
            this.shortName = shortName;
            this.description = description;
        }
    }

    /** Where a wait happened: its kind and the frames that name it ({@link #site}). */
    record Site(Kind kind, String frames) {}

    /** A site's wait per call on each side, in µs. */
    record SiteRow(Site site, double microsBare, double microsJMeter) {

        double difference() {
            return microsJMeter - microsBare;
        }
    }

    /** One run's waits with the threads that made its calls and the calls of the window. */
    record Side(ThreadWaits waits, int threads, long calls) {

        double microsPerCall(long nanos) {
            return calls == 0 ? Double.NaN : nanos / 1_000.0 / calls;
        }

        double microsPerCall(Kind kind) {
            return microsPerCall(waits.nanos(kind));
        }

        /** The share of the calling threads' time in the window spent in waits of {@code kind} (0 to 1). */
        double shareOfThreadsTime(Kind kind) {
            long window = waits.windowNanos() * threads;
            return window <= 0 ? Double.NaN : (double) waits.nanos(kind) / window;
        }
    }

    /** The events' threshold: every wait is recorded, however short. */
    static final String THRESHOLD = "0 ms";

    /**
     * The overrides of JFR's {@code settings=profile} (10 ms thresholds) that record every wait, as
     * {@code -XX:StartFlightRecording} takes them (JDK 17 and later: {@code event#setting=value}).
     */
    static final String JFR_SETTINGS = Kind.PARK.event + "#threshold=" + THRESHOLD.replace(" ", "") + ","
            + Kind.MONITOR.event + "#threshold=" + THRESHOLD.replace(" ", "");

    private static final List<String> WAIT_MACHINERY = List.of("java.util.concurrent.locks", "jdk.internal.misc");

    private final Pattern callThreads;
    private final long fromMs;
    private final long toMs;
    private final Map<Kind, Long> nanos = new EnumMap<>(Kind.class);
    private final Map<Site, Long> bySite = new HashMap<>();
    private final Set<Long> threadsSeen = new HashSet<>();

    /**
     * @param callThreads the names of the threads that make calls
     * @param fromMs the window's start, ms since the epoch
     * @param toMs the window's end (exclusive)
     */
    ThreadWaits(Pattern callThreads, long fromMs, long toMs) {
        if (toMs < fromMs) {
            throw new IllegalArgumentException("window " + fromMs + " to " + toMs + " ms: the end is before the start");
        }
        this.callThreads = callThreads;
        this.fromMs = fromMs;
        this.toMs = toMs;
        for (Kind kind : Kind.values()) {
            nanos.put(kind, 0L);
        }
    }

    /** Adds the park and monitor waits of {@code recording} on the calling threads, cut to the window. */
    ThreadWaits read(Path recording) throws IOException {
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                String type = event.getEventType().getName();
                Kind kind = type.equals(Kind.PARK.event) ? Kind.PARK
                        : type.equals(Kind.MONITOR.event) ? Kind.MONITOR : null;
                RecordedThread thread = kind == null ? null : event.getThread();
                if (thread != null && thread.getJavaName() != null) {
                    add(kind, thread.getJavaName(), thread.getJavaThreadId(), event.getStartTime(),
                            event.getEndTime(), site(event.getStackTrace()));
                }
            }
        }
        return this;
    }

    /**
     * Adds one wait of {@code thread} from {@code start} to {@code end}: the part inside the window, when the thread
     * is one that makes calls.
     *
     * @param frames the wait's site ({@link #site(List)})
     */
    void add(Kind kind, String threadName, long threadId, Instant start, Instant end, String frames) {
        if (!callThreads.matcher(threadName).matches()) {
            return;
        }
        long inWindow = overlapNanos(start, end, fromMs, toMs);
        if (inWindow <= 0) {
            return;
        }
        threadsSeen.add(threadId);
        nanos.merge(kind, inWindow, Long::sum);
        bySite.merge(new Site(kind, frames), inWindow, Long::sum);
    }

    /** The part of {@code start} to {@code end} inside {@code fromMs} to {@code toMs}, in ns (0 when none). */
    static long overlapNanos(Instant start, Instant end, long fromMs, long toMs) {
        Instant from = Instant.ofEpochMilli(fromMs);
        Instant to = Instant.ofEpochMilli(toMs);
        Instant a = start.isAfter(from) ? start : from;
        Instant b = end.isBefore(to) ? end : to;
        return b.isAfter(a) ? java.time.Duration.between(a, b).toNanos() : 0;
    }

    private static String site(RecordedStackTrace stack) {
        List<String> frames = new ArrayList<>();
        if (stack != null) {
            for (RecordedFrame frame : stack.getFrames()) {
                frames.add(frame.getMethod().getType().getName() + "." + frame.getMethod().getName());
            }
        }
        return site(frames);
    }

    /**
     * A wait's site from its frames ({@code class.method}, top first): the first frame outside
     * {@code java.util.concurrent.locks} and {@code jdk.internal.misc} (the park machinery), and its caller, as
     * {@code `A.m` ← `B.n`}; {@code (no stack)} when there is none.
     */
    static String site(List<String> frames) {
        int first = 0;
        while (first < frames.size() && isWaitMachinery(frames.get(first))) {
            first++;
        }
        if (first == frames.size()) {
            return frames.isEmpty() ? "(no stack)" : "`" + frames.get(frames.size() - 1) + "`";
        }
        String site = "`" + frames.get(first) + "`";
        return first + 1 < frames.size() ? site + " ← `" + frames.get(first + 1) + "`" : site;
    }

    private static boolean isWaitMachinery(String frame) {
        return WAIT_MACHINERY.stream().anyMatch(frame::startsWith);
    }

    long nanos(Kind kind) {
        return nanos.get(kind);
    }

    long windowNanos() {
        return (toMs - fromMs) * 1_000_000;
    }

    /** How many calling threads waited at least once in the window. */
    int threadsSeen() {
        return threadsSeen.size();
    }

    Map<Site, Long> bySite() {
        return Map.copyOf(bySite);
    }

    /**
     * The {@code top} sites with the most wait per call on each side, together (so at most twice {@code top}), most
     * first by the larger of the two, ties by kind and name.
     */
    static List<SiteRow> topSites(Side bare, Side jmeter, int top) {
        Set<Site> sites = new LinkedHashSet<>();
        sites.addAll(top(bare, top));
        sites.addAll(top(jmeter, top));
        return sites.stream().map(site -> new SiteRow(site,
                        bare.microsPerCall(bare.waits().bySite.getOrDefault(site, 0L)),
                        jmeter.microsPerCall(jmeter.waits().bySite.getOrDefault(site, 0L))))
                .sorted(Comparator.comparingDouble((SiteRow r) -> -Math.max(r.microsBare(), r.microsJMeter()))
                        .thenComparing(r -> r.site().kind()).thenComparing(r -> r.site().frames()))
                .toList();
    }

    private static List<Site> top(Side side, int top) {
        return side.waits().bySite.entrySet().stream()
                .sorted(Map.Entry.<Site, Long>comparingByValue().reversed()
                        .thenComparing(e -> e.getKey().kind()).thenComparing(e -> e.getKey().frames()))
                .limit(top).map(Map.Entry::getKey).toList();
    }

    /**
     * The time parked and blocked on monitors per call, (a) beside (b), with each's share of the calling threads'
     * time, then the sites with the most wait per call ({@link #topSites}).
     */
    static String markdown(String title, Side bare, Side jmeter, int top) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%s: time parked (jdk.ThreadPark) and blocked "
                + "entering monitors (jdk.JavaMonitorEnter) on the threads that make calls, every wait recorded "
                + "(threshold %s) and cut to the run's window, over its calls: (a) the bare loop, %d calls in "
                + "%.1f s, waits on %d of %d threads; (b) JMeter, %d calls in %.1f s, waits on %d of %d threads. A "
                + "synchronous call parks its thread until the answer comes, so most of the parked time is the "
                + "wait for the provider; the share is of the calling threads' time in the window.%n%n", title,
                THRESHOLD, bare.calls(), bare.waits().windowNanos() / 1e9, bare.waits().threadsSeen(), bare.threads(),
                jmeter.calls(), jmeter.waits().windowNanos() / 1e9, jmeter.waits().threadsSeen(), jmeter.threads()));
        out.append("| per call | µs (a) | µs (b) | b − a µs | share of threads' time (a) | share (b) |\n"
                + "|---|---|---|---|---|---|\n");
        for (Kind kind : Kind.values()) {
            out.append(String.format(Locale.ROOT, "| %s (%s) | %s | %s | %s | %s | %s |%n", kind.description,
                    kind.event, micros(bare.microsPerCall(kind)), micros(jmeter.microsPerCall(kind)),
                    signed(jmeter.microsPerCall(kind) - bare.microsPerCall(kind)),
                    percent(bare.shareOfThreadsTime(kind)), percent(jmeter.shareOfThreadsTime(kind))));
        }
        out.append(String.format(Locale.ROOT, "%n| wait sites, the %d most per call on either side (first frame "
                + "outside java.util.concurrent.locks and jdk.internal.misc ← its caller) | wait | µs/call (a) "
                + "| µs/call (b) | b − a µs/call |%n|---|---|---|---|---|%n", top));
        topSites(bare, jmeter, top).forEach(r -> out.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s |%n",
                r.site().frames(), r.site().kind().shortName, micros(r.microsBare()), micros(r.microsJMeter()),
                signed(r.difference()))));
        return out.toString();
    }

    private static String micros(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%.2f", value);
    }

    private static String signed(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%+.2f", value);
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "n/a" : String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }
}
