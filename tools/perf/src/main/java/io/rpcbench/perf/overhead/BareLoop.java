package io.rpcbench.perf.overhead;

import io.rpcbench.perf.process.CpuTime;
import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.echo.EchoRequest;
import io.rpcbench.sampler.dubbo.DubboEchoClient;
import io.rpcbench.sampler.dubbo.DubboServiceClient;
import io.rpcbench.sampler.dubbo.DubboServiceRequest;
import io.rpcbench.sampler.dubbo.DubboSettings;
import io.rpcbench.sampler.thrift.ThriftEchoClient;
import io.rpcbench.sampler.thrift.ThriftSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * The bare client loop of the overhead benchmark, in a JVM of its own: {@code threads} threads call the samplers'
 * own client ({@link RpcClient}, built from the same parameters a sampler reads) in a tight loop, without JMeter,
 * for a warm-up and then a measured window, and print one result line. What JMeter adds on top of this loop is
 * the samplers' overhead.
 *
 * <p>Per call it does what the samplers do around the timed call, untimed: {@code bind}, {@code prepare}, and the
 * response check ({@code mismatch}). A call is counted in the window it ended in; its time goes into two
 * histograms, in µs, and in whole ms as JMeter records it (so that p99 compares like with like). The JVM's own CPU
 * time ({@code /proc/self/stat}, all its threads) is read as the window opens and as it closes: {@code cpu_ticks}
 * is what the calls counted in the window cost, in clock ticks ({@code getconf CLK_TCK}), and {@code cpu_from_ms}
 * and {@code cpu_to_ms} the wall clock of the two readings (ms since the epoch), to cut a profile of the run to them.
 *
 * <pre>
 * java -cp ... io.rpcbench.perf.overhead.BareLoop --client dubbo --threads 20 --warmup 5 --measure 15 address=zookeeper://127.0.0.1:2181
 * bare-loop calls=183000 failures=0 seconds=15.000 tps=12200.0 p50_us=1500 p99_us=9000 p99_ms=9 cpu_ticks=2850 cpu_from_ms=1764000005000 cpu_to_ms=1764000020000
 * </pre>
 */
public final class BareLoop {

    static final String RESULT_PREFIX = "bare-loop ";

    /** The loop's threads are named this and their number from 0: the threads that make calls. */
    static final String THREAD_NAME_PREFIX = "bare-loop-";

    private BareLoop() {}

    public static void main(String[] args) throws Exception {
        String client = null;
        int threads = 1;
        int warmupSeconds = 5;
        int measureSeconds = 15;
        Map<String, String> parameters = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--client" -> client = args[++i];
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--warmup" -> warmupSeconds = Integer.parseInt(args[++i]);
                case "--measure" -> measureSeconds = Integer.parseInt(args[++i]);
                default -> {
                    int eq = args[i].indexOf('=');
                    if (eq <= 0) {
                        throw new IllegalArgumentException("argument '" + args[i]
                                + "': expected --client, --threads, --warmup, --measure or a sampler parameter name=value");
                    }
                    parameters.put(args[i].substring(0, eq), args[i].substring(eq + 1));
                }
            }
        }
        if (client == null) {
            throw new IllegalArgumentException("--client is missing: expected dubbo, dubbo-service or thrift");
        }
        System.out.println(RESULT_PREFIX + run(client, threads, warmupSeconds, measureSeconds, parameters));
        System.exit(0); // Dubbo's and Netty's threads would keep the JVM up
    }

    /** The counts of one thread, merged after the run. */
    private static final class ThreadResult {
        final Histogram micros = new Histogram(TimeUnit.SECONDS.toMicros(60), 3);
        final Histogram millis = new Histogram(60_000, 3);
        long calls;
        long failures;
    }

    static String run(String clientKind, int threads, int warmupSeconds, int measureSeconds,
            Map<String, String> parameters) throws Exception {
        SamplerParameters sampler = new SamplerParameters(parameters::get);
        List<RpcClient> clients = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            clients.add(open(clientKind, sampler));
        }
        List<ThreadResult> results = new ArrayList<>();
        AtomicReference<Throwable> broken = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> workers = new ArrayList<>();
        long[] window = new long[2];
        for (RpcClient client : clients) {
            ThreadResult result = new ThreadResult();
            results.add(result);
            Thread worker = new Thread(() -> {
                try {
                    start.await();
                    loop(client, sampler, result, window[0], window[1]);
                } catch (Throwable e) {
                    broken.compareAndSet(null, e);
                }
            }, THREAD_NAME_PREFIX + workers.size());
            workers.add(worker);
            worker.start();
        }
        long now = System.nanoTime();
        window[0] = now + TimeUnit.SECONDS.toNanos(warmupSeconds);
        window[1] = window[0] + TimeUnit.SECONDS.toNanos(measureSeconds);
        start.countDown();
        long pid = ProcessHandle.current().pid();
        awaitNanoTime(window[0]);
        CpuTime windowOpened = CpuTime.of(pid);
        long openedMs = System.currentTimeMillis();
        awaitNanoTime(window[1]);
        CpuTime windowClosed = CpuTime.of(pid);
        long closedMs = System.currentTimeMillis();
        for (Thread worker : workers) {
            worker.join();
        }
        clients.forEach(RpcClient::close);
        if (broken.get() != null) {
            throw new IllegalStateException("a loop thread failed", broken.get());
        }
        ThreadResult total = new ThreadResult();
        for (ThreadResult r : results) {
            total.micros.add(r.micros);
            total.millis.add(r.millis);
            total.calls += r.calls;
            total.failures += r.failures;
        }
        return String.format(Locale.ROOT, "calls=%d failures=%d seconds=%.3f tps=%.1f p50_us=%d p99_us=%d p99_ms=%d"
                + " cpu_ticks=%d cpu_from_ms=%d cpu_to_ms=%d", total.calls, total.failures, (double) measureSeconds,
                total.calls / (double) measureSeconds, total.micros.getValueAtPercentile(50),
                total.micros.getValueAtPercentile(99), total.millis.getValueAtPercentile(99),
                windowClosed.ticks() - windowOpened.ticks(), openedMs, closedMs);
    }

    /** Returns once {@link System#nanoTime()} has reached {@code instant} (a window's edge, not a readiness check). */
    private static void awaitNanoTime(long instant) {
        for (long left = instant - System.nanoTime(); left > 0; left = instant - System.nanoTime()) {
            LockSupport.parkNanos(left); // may return early, hence the loop
        }
    }

    private static void loop(RpcClient client, SamplerParameters sampler, ThreadResult result, long from, long to)
            throws Exception {
        while (true) {
            client.bind(sampler);
            client.prepare();
            long started = System.nanoTime();
            boolean passed;
            try {
                Object response = client.call();
                long ended = System.nanoTime();
                passed = client.mismatch(response) == null;
                if (!record(result, started, ended, passed, from, to)) {
                    return;
                }
            } catch (Exception e) {
                if (!record(result, started, System.nanoTime(), false, from, to)) {
                    return;
                }
            }
        }
    }

    /** Counts a call that ended in the window; false once the window is over. */
    private static boolean record(ThreadResult result, long started, long ended, boolean passed, long from, long to) {
        if (ended >= to) {
            return false;
        }
        if (ended >= from) {
            long nanos = ended - started;
            result.micros.recordValue(Math.min(nanos / 1_000, result.micros.getHighestTrackableValue()));
            result.millis.recordValue(Math.min(nanos / 1_000_000, result.millis.getHighestTrackableValue()));
            result.calls++;
            if (!passed) {
                result.failures++;
            }
        }
        return true;
    }

    private static RpcClient open(String kind, SamplerParameters parameters) {
        return switch (kind) {
            case "dubbo" -> new DubboEchoClient(DubboSettings.from(parameters), EchoRequest.from(parameters));
            case "dubbo-service" -> new DubboServiceClient(DubboServiceRequest.from(parameters));
            case "thrift" -> new ThriftEchoClient(ThriftSettings.from(parameters), EchoRequest.from(parameters));
            default -> throw new IllegalArgumentException("--client '" + kind
                    + "': expected dubbo, dubbo-service or thrift");
        };
    }
}
