package io.rpcbench.reports.dashboard;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A small distributed run, written by the tests: the JTL a JMeter controller with {@code -R 198.18.0.21,198.18.0.22}
 * gets back (thread names {@code <engine>-Thread Group 1-<n>}, elapsed_us, the answering provider in the URL
 * column), and the PerfMon file of four agents: the two engines' hosts and two provider hosts (198.18.0.31 and .32,
 * each with the provider process's series, label=provider). 10 s from {@link #T0}; the measured window is
 * [T0 + 2 s, T0 + 8 s) ({@link #WARMUP}, {@link #MEASURED}). Every value comes from a formula here, so tests can
 * compute the expected figures from {@link #samples()} and {@link #reading} without the reports code.
 *
 * <ul>
 *   <li>198.18.0.21: 2 threads, a call every 100 ms each (20/s), 0.800-1.699 ms, no errors;</li>
 *   <li>198.18.0.22: 2 threads, a call every 125 ms each (16/s), 2.5-6.5 ms and one of 45 ms, every 12th failed
 *       (timeout);</li>
 *   <li>one call in three answered by dubbo://198.18.0.32:20880, the others by dubbo://198.18.0.31:20880.</li>
 * </ul>
 */
public final class DistributedRunFixture {

    static final String PLAN = "dubbo-echo-1k";
    static final long T0 = 1_800_000_000_000L;
    static final Duration WARMUP = Duration.ofSeconds(2);
    static final Duration MEASURED = Duration.ofSeconds(6);
    /** The window those give, worked out in the tests that rely on it. */
    static final long WINDOW_START = T0 + 2_000;
    static final long WINDOW_END = T0 + 8_000;

    static final String ENGINE_1 = "198.18.0.21";
    static final String ENGINE_2 = "198.18.0.22";
    static final String PROVIDER_HOST_1 = "198.18.0.31";
    static final String PROVIDER_HOST_2 = "198.18.0.32";

    static final List<String> CPU_HOSTS = List.of(ENGINE_1, ENGINE_2, PROVIDER_HOST_1, PROVIDER_HOST_2);
    /** Label of a PerfMon series: host, type, name. */
    static final List<String> PROVIDER_SERIES = List.of("CPU combined", "Memory usedperc", "CPU provider",
            "Memory provider", "Network I/O bytesrecv");

    private static final String JTL_HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,"
            + "dataType,success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect,"
            + "\"elapsed_us\"";
    private static final String PERFMON_HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,"
            + "dataType,success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";

    private DistributedRunFixture() {}

    /** One call of the run, as the test reasons about it. */
    record Sample(long start, String engine, int thread, long us, boolean success, String provider) {
        long elapsedMs() {
            return us / 1000;
        }

        String threadName() {
            return engine + "-Thread Group 1-" + thread;
        }
    }

    /** Every call of the run, by engine and start. */
    static List<Sample> samples() {
        List<Sample> samples = new ArrayList<>();
        for (int k = 0; k < 100; k++) {
            for (int thread = 1; thread <= 2; thread++) {
                int i = 2 * k + thread - 1;
                samples.add(new Sample(T0 + 50L * (thread - 1) + 100L * k, ENGINE_1, thread, 800 + i * 137L % 900,
                        true, provider(i)));
            }
        }
        for (int k = 0; k < 80; k++) {
            for (int thread = 1; thread <= 2; thread++) {
                int i = 2 * k + thread - 1;
                long us = i == 50 ? 45_000 : 2_500 + i * 211L % 4_000;
                samples.add(new Sample(T0 + 60L * (thread - 1) + 125L * k, ENGINE_2, thread, us, i % 12 != 5,
                        provider(i + 1)));
            }
        }
        return samples;
    }

    private static String provider(int i) {
        return "dubbo://" + (i % 3 == 0 ? PROVIDER_HOST_2 : PROVIDER_HOST_1) + ":20880";
    }

    /** The value of a PerfMon series ({@code host} and one of {@link #PROVIDER_SERIES}) at second {@code s}. */
    static double reading(String host, String series, int s) {
        return switch (host + " " + series) {
            case ENGINE_1 + " CPU combined" -> 55 + s;
            case ENGINE_2 + " CPU combined" -> 65 + s % 3;
            case PROVIDER_HOST_1 + " CPU combined" -> 40 + s;
            case PROVIDER_HOST_1 + " Memory usedperc" -> 20 + s / 10.0;
            case PROVIDER_HOST_1 + " CPU provider" -> 150 + 2 * s;
            case PROVIDER_HOST_1 + " Memory provider" -> 300;
            case PROVIDER_HOST_1 + " Network I/O bytesrecv" -> 100_000 + 1_000 * s;
            case PROVIDER_HOST_2 + " CPU combined" -> 30 + s % 2 * 10;
            case PROVIDER_HOST_2 + " Memory usedperc" -> 30;
            case PROVIDER_HOST_2 + " CPU provider" -> 90 + s;
            case PROVIDER_HOST_2 + " Memory provider" -> 280;
            case PROVIDER_HOST_2 + " Network I/O bytesrecv" -> 50_000;
            default -> throw new IllegalArgumentException("no series " + host + " " + series);
        };
    }

    /** When the collector took its reading of second {@code s}. */
    static long readingTime(int s) {
        return T0 + 1_000L * s + 7;
    }

    /** The seconds whose readings fall in the measured window. */
    static List<Integer> windowSeconds() {
        List<Integer> seconds = new ArrayList<>();
        for (int s = 0; s <= 10; s++) {
            if (readingTime(s) >= WINDOW_START && readingTime(s) < WINDOW_END) {
                seconds.add(s);
            }
        }
        return seconds;
    }

    /** Writes {@code <plan>.jtl} (rows in order of their end, as JMeter writes them) into {@code folder}. */
    static Path writeJtl(Path folder) {
        StringBuilder jtl = new StringBuilder(JTL_HEADER).append('\n');
        samples().stream().sorted(Comparator.comparingLong((Sample s) -> s.start() + s.elapsedMs())
                        .thenComparing(Sample::threadName))
                .forEach(s -> jtl.append(String.format(Locale.ROOT,
                        "%d,%d,%s,%s,%s,%s,text,%b,,1100,1090,2,4,%s,%d,0,0,%d%n", s.start(), s.elapsedMs(), PLAN,
                        s.success() ? "OK" : "timeout", s.success() ? "OK" : "Timeout after 100 ms", s.threadName(),
                        s.success(), s.provider(), s.elapsedMs(), s.us())));
        return write(folder.resolve(PLAN + ".jtl"), jtl.toString());
    }

    /** Writes {@code <plan>-perfmon.jtl}: every series of {@link #reading} once a second, 0 to 10 s. */
    static Path writePerfMon(Path folder) {
        StringBuilder perfmon = new StringBuilder(PERFMON_HEADER).append('\n');
        for (int s = 0; s <= 10; s++) {
            for (String host : CPU_HOSTS) {
                List<String> series = host.startsWith("198.18.0.3") ? PROVIDER_SERIES : List.of("CPU combined");
                for (String name : series) {
                    perfmon.append(String.format(Locale.ROOT, "%d,%d,%s %s,,,,,true,,0,0,0,0,null,0,0,0%n",
                            readingTime(s), Math.round(reading(host, name, s) * 1000), host, name));
                }
            }
        }
        return write(folder.resolve(PLAN + "-perfmon.jtl"), perfmon.toString());
    }

    /** The run as the dashboard reads it, with the fixture's window; writes both files into {@code folder}. */
    public static RunInput run(Path folder) {
        return RunInput.named(PLAN, writeJtl(folder), Optional.of(writePerfMon(folder)), Optional.empty())
                .withWindow(WARMUP, Optional.of(MEASURED));
    }

    private static Path write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            return Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
