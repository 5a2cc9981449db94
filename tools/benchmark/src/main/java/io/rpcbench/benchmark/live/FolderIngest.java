package io.rpcbench.benchmark.live;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcbench.seconds.LiveMessage;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The engines' messages from files in a folder, for engines that cannot reach the live server but share its disk
 * (a lab of network namespaces on this machine): each engine appends one JSON message a line to a file of its own
 * ({@code file:folder/} address); this reads every file's new whole lines twice a second, and once more on
 * {@link #drain()}, which the job calls after JMeter has exited so that the last messages are in before the plan's
 * figures are read.
 */
public final class FolderIngest implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long EVERY_MS = 500;

    private final Path folder;
    private final LiveRun run;
    private final Map<Path, Long> read = new HashMap<>();
    private final Thread reader;
    private volatile boolean closed;
    private long unreadable;

    private FolderIngest(Path folder, LiveRun run) {
        this.folder = folder;
        this.run = run;
        this.reader = new Thread(this::readEvery, "rpcbench live folder");
        reader.setDaemon(true);
    }

    static FolderIngest start(Path folder, LiveRun run) {
        FolderIngest ingest = new FolderIngest(folder, run);
        ingest.reader.start();
        return ingest;
    }

    Path folder() {
        return folder;
    }

    public String address() {
        return folder.toUri().toString().endsWith("/") ? folder.toUri().toString() : folder.toUri() + "/";
    }

    private void readEvery() {
        while (!closed) {
            try {
                Thread.sleep(EVERY_MS);
                drain();
            } catch (InterruptedException stop) {
                return;
            } catch (IOException e) {
                // tried again at the next interval
            }
        }
    }

    /** Reads every file's whole lines not read yet. */
    public synchronized void drain() throws IOException {
        List<Path> files;
        try (Stream<Path> listed = Files.list(folder)) {
            files = listed.filter(f -> f.getFileName().toString().endsWith(".jsonl")).sorted().toList();
        }
        for (Path file : files) {
            long from = read.getOrDefault(file, 0L);
            try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
                long length = in.length();
                if (length <= from) {
                    continue;
                }
                byte[] bytes = new byte[(int) Math.min(length - from, 64L << 20)];
                in.seek(from);
                in.readFully(bytes);
                int lastNewline = lastNewline(bytes);
                if (lastNewline < 0) {
                    continue; // a line still being written
                }
                String text = new String(bytes, 0, lastNewline + 1, StandardCharsets.UTF_8);
                for (String line : text.split("\n")) {
                    if (!line.isBlank()) {
                        try {
                            run.accept(JSON.readValue(line, LiveMessage.class));
                        } catch (IOException notAMessage) {
                            unreadable++;
                        }
                    }
                }
                read.put(file, from + lastNewline + 1);
            }
        }
    }

    private static int lastNewline(byte[] bytes) {
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** Lines that were not a message (counted, never silently dropped: the job reports them). */
    public synchronized long unreadable() {
        return unreadable;
    }

    @Override
    public void close() {
        closed = true;
        reader.interrupt();
    }
}
