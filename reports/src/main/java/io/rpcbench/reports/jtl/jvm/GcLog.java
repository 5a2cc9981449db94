package io.rpcbench.reports.jtl.jvm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The GC pauses of a JVM's unified GC log written with {@code -Xlog:gc:file=F:utctime} (as {@code ./run-benchmark}
 * runs JMeter: {@value #FILE_NAME} beside the JTL), e.g.
 * {@code [2026-11-29T07:20:01.123+0000] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 25M->4M(256M) 3.456ms}.
 * Lines that are not a pause (concurrent phases, other tags) are skipped; so is a line cut off by a JVM that is still
 * writing.
 */
public final class GcLog {

    /** The file's name beside a run's JTL. */
    public static final String FILE_NAME = "jmeter-gc.log";

    private static final Pattern PAUSE = Pattern.compile("^\\[([^\\]]+)\\].*\\bPause\\b.*?([0-9]+(?:\\.[0-9]+)?)ms\\s*$");
    private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

    /**
     * One pause.
     *
     * @param endMs      when the log line was written (the pause's end), ms since the epoch
     * @param durationMs how long it was, ms
     */
    public record Pause(long endMs, double durationMs) {
        public long startMs() {
            return endMs - Math.round(durationMs);
        }
    }

    private GcLog() {}

    /** The pauses in {@code file}; none when it does not exist. */
    public static List<Pause> pauses(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException absent) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the GC log " + file, e);
        }
        List<Pause> pauses = new ArrayList<>();
        for (String line : lines) {
            Matcher m = PAUSE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            try {
                long end = OffsetDateTime.parse(m.group(1), UTC_TIME).toInstant().toEpochMilli();
                pauses.add(new Pause(end, Double.parseDouble(m.group(2))));
            } catch (DateTimeParseException | NumberFormatException notATimedPause) {
                // a decoration other than utctime: the line cannot be placed in time
            }
        }
        return pauses;
    }

    /** The ms of pauses that overlap {@code [fromMs, toMs)}. */
    public static double pausedMs(List<Pause> pauses, long fromMs, long toMs) {
        double sum = 0;
        for (Pause pause : pauses) {
            if (pause.endMs() >= fromMs && pause.startMs() < toMs) {
                sum += pause.durationMs();
            }
        }
        return sum;
    }
}
