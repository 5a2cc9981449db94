package io.rpcbench.discovery;

import io.rpcbench.echo.EchoService;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The consumer's calls of the real echo service, one each {@link #call}, as the seed's consumer called a service every
 * 5 s: a call passes when the answer is the text sent; a failed call keeps its reason.
 */
final class EchoCalls {

    private final EchoService echo;
    private final AtomicLong calls = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicReference<String> lastFailure = new AtomicReference<>("");

    EchoCalls(EchoService echo) {
        this.echo = echo;
    }

    void call() {
        long n = calls.incrementAndGet();
        String text = "seed-004-discovery call " + n;
        try {
            String answer = echo.echo(text);
            if (!text.equals(answer)) {
                fail("answer '" + answer + "' to '" + text + "'");
            }
        } catch (RuntimeException e) {
            fail(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    private void fail(String reason) {
        failed.incrementAndGet();
        lastFailure.set(reason.replaceAll("\\s+", " "));
    }

    Map<String, String> figures() {
        Map<String, String> figures = new LinkedHashMap<>();
        figures.put(DiscoveryFigure.CALLS.key(), Long.toString(calls.get()));
        figures.put(DiscoveryFigure.FAILED_CALLS.key(), Long.toString(failed.get()));
        figures.put(DiscoveryFigure.LAST_FAILURE.key(), lastFailure.get());
        return figures;
    }
}
