package io.rpcbench.agent.metric;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * {@code exec:<program>:<arg>:...} (only with {@code --allow-exec}): runs the command and reports the number on
 * the last line of its output. Stdout and stderr are read together as they come, at most {@link #MAX_OUTPUT_CHARS},
 * and the process is killed after {@link #TIMEOUT_SECONDS}: large or endless output cannot hang the agent (it hung
 * the original, which read stderr to the end before stdout).
 */
final class ExecMetric implements Metric {
    static final int TIMEOUT_SECONDS = 10;
    static final int MAX_OUTPUT_CHARS = 1 << 20;
    private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(
            new ThreadFactory() {
                @Override
                public Thread newThread(Runnable task) {
                    Thread thread = new Thread(task, "exec-watchdog");
                    thread.setDaemon(true);
                    return thread;
                }
            });

    private final String[] command;

    ExecMetric(MetricSpec spec) {
        if (spec.positional().isEmpty()) {
            throw new BadSpecException(spec, "exec needs a program, e.g. exec:/bin/sh:-c:echo 1");
        }
        this.command = spec.positional().toArray(new String[0]);
    }

    @Override
    public double read() throws IOException, InterruptedException {
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        ScheduledFuture<?> kill = WATCHDOG.schedule(new Runnable() {
            @Override
            public void run() {
                process.destroyForcibly();
            }
        }, TIMEOUT_SECONDS, TimeUnit.SECONDS);
        String last = "";
        try {
            process.getOutputStream().close();
            BufferedReader output = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), Charset.defaultCharset()));
            long chars = 0;
            String line;
            while ((line = output.readLine()) != null && chars < MAX_OUTPUT_CHARS) {
                chars += line.length() + 1;
                if (!line.trim().isEmpty()) {
                    last = line.trim();
                }
            }
        } finally {
            kill.cancel(false);
            process.destroyForcibly();
        }
        return Numbers.parse(last);
    }
}
