package io.rpcbench.sampler.jmeter;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/** What is printed on {@code System.out} (JMeter's console) while captured, still printed as before. */
final class ConsoleLines implements AutoCloseable {

    private final PrintStream original;
    private final ByteArrayOutputStream copy = new ByteArrayOutputStream();

    private ConsoleLines(PrintStream original) {
        this.original = original;
    }

    static ConsoleLines capture() {
        ConsoleLines lines = new ConsoleLines(System.out);
        OutputStream tee = new OutputStream() {
            @Override
            public void write(int b) {
                lines.original.write(b);
                synchronized (lines.copy) {
                    lines.copy.write(b);
                }
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                lines.original.write(bytes, offset, length);
                synchronized (lines.copy) {
                    lines.copy.write(bytes, offset, length);
                }
            }
        };
        System.setOut(new PrintStream(tee, true, StandardCharsets.UTF_8));
        return lines;
    }

    List<String> lines() {
        synchronized (copy) {
            return Arrays.asList(copy.toString(StandardCharsets.UTF_8).split("\\R"));
        }
    }

    boolean any(Predicate<String> line) {
        return lines().stream().anyMatch(line);
    }

    @Override
    public void close() {
        System.setOut(original);
    }
}
