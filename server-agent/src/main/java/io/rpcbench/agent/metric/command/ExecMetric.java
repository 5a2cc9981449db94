package io.rpcbench.agent.metric.command;

import io.rpcbench.agent.metric.BadSpecException;
import io.rpcbench.agent.metric.Metric;
import io.rpcbench.agent.metric.MetricSpec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code exec:<program>:<arg>:...} (only with {@code --allow-exec}): runs the command and reports the number on
 * the last line of its output. Stdout and stderr are read together as they come, keeping only the last line, and
 * the process is killed after {@link #TIMEOUT_SECONDS} (the value is then empty): large or endless output cannot hang
 * the agent (it hung the original, which read stderr to the end before stdout).
 */
public final class ExecMetric implements Metric {
    public static final int TIMEOUT_SECONDS = 10;
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

    public ExecMetric(MetricSpec spec) {
        if (spec.positional().isEmpty()) {
            throw new BadSpecException(spec, "exec needs a program, e.g. exec:/bin/sh:-c:echo 1");
        }
        this.command = spec.positional().toArray(new String[0]);
    }

    @Override
    public double read() throws IOException, InterruptedException {
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        final AtomicBoolean overran = new AtomicBoolean();
        ScheduledFuture<?> kill = WATCHDOG.schedule(new Runnable() {
            @Override
            public void run() {
                overran.set(true);
                process.destroyForcibly();
            }
        }, TIMEOUT_SECONDS, TimeUnit.SECONDS);
        String last = "";
        try {
            process.getOutputStream().close();
            BufferedReader output = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), Charset.defaultCharset()));
            String line;
            while ((line = output.readLine()) != null) {
                if (!line.trim().isEmpty()) {
                    last = line.trim();
                }
            }
        } finally {
            kill.cancel(false);
            process.destroyForcibly();
        }
        // A command the watchdog killed did not finish: its last line is not its answer.
        return overran.get() ? Double.NaN : Numbers.parse(last);
    }
}
