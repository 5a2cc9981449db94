package io.rpcbench.benchmark;

import io.rpcbench.process.ChildProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Asks {@code swing-probe.groovy}, running inside a JMeter GUI as its {@code jsr223.init.file}, where a Swing component
 * is on the screen and what it holds: a question is a line on JMeter's standard input, the answer a line JMeter prints.
 * The probe only reads; the test clicks and types with xdotool ({@link XvfbDisplay}) at the places it reports.
 *
 * <p>Order of calls: start JMeter with {@link #INIT_OPTION}, make a probe {@link #of} its process, then ask
 * ({@link #await} a component, a tree row, a list entry, a character of a text; {@link #text} of a field,
 * {@link #awaitText}, or {@link #shownText} of one that may be hidden).
 */
final class SwingProbe {

    /** The option that makes JMeter run the probe at its start. */
    static final String INIT_OPTION = "-Jjsr223.init.file=" + resource("swing-probe.groovy");

    private static final Duration ANSWER_DEADLINE = Duration.ofSeconds(20);
    private static final Duration POLL_INTERVAL = Duration.ofMillis(200);

    /** Where a component is on the screen, in pixels, and whether it is enabled (or selected, for rows and entries). */
    record Box(int x, int y, int width, int height, boolean on) {

        int centreX() {
            return x + width / 2;
        }

        int centreY() {
            return y + height / 2;
        }

        /** A point in the right half of the box: a click there puts a text caret after the character. */
        int rightHalfX() {
            return x + Math.max(width * 3 / 4, 1);
        }
    }

    private final ChildProcess jmeter;
    private int questions;

    private SwingProbe(ChildProcess jmeter) {
        this.jmeter = jmeter;
    }

    static SwingProbe of(ChildProcess jmeter) {
        return new SwingProbe(jmeter);
    }

    /**
     * Asks the same question until its answer places something on screen that {@code wanted} accepts.
     *
     * @param question the verb and its arguments, as {@code swing-probe.groovy} lists them, e.g.
     *     {@code "component", "dubbo.browse"}
     * @param what what is awaited, for the message
     * @throws IllegalStateException when the deadline passes (with the last answer) or JMeter exits
     */
    Box await(Duration deadline, String what, Predicate<Box> wanted, String... question) {
        long end = System.nanoTime() + deadline.toNanos();
        while (true) {
            String answer = ask(question);
            if (answer.startsWith("at ")) {
                Box box = box(answer);
                if (wanted.test(box)) {
                    return box;
                }
            }
            if (System.nanoTime() > end) {
                throw new IllegalStateException("JMeter did not show " + what + " within " + deadline.toSeconds()
                        + " s; the probe's last answer to " + String.join(" ", question) + ": " + answer);
            }
            pause();
        }
    }

    /** As {@link #await(Duration, String, Predicate, String...)}, for anything shown. */
    Box await(Duration deadline, String what, String... question) {
        return await(deadline, what, box -> true, question);
    }

    /**
     * Waits until the showing text component named {@code field} holds {@code expected}: then every key typed before
     * has reached it, and what it set off on Swing's thread (a problem shown, a layout) is done.
     *
     * @throws IllegalStateException when the deadline passes, with the text it holds
     */
    void awaitText(Duration deadline, String field, String expected) {
        long end = System.nanoTime() + deadline.toNanos();
        String text = text(field);
        while (!text.equals(expected)) {
            if (System.nanoTime() > end) {
                throw new IllegalStateException(field + " does not hold " + expected + " after "
                        + deadline.toSeconds() + " s; it holds " + text);
            }
            pause();
            text = text(field);
        }
    }

    /** The text of the showing text component named {@code field}. */
    String text(String field) {
        String answer = ask("text", field);
        if (!answer.startsWith("text ")) {
            throw new IllegalStateException("no showing text component " + field + ": " + answer);
        }
        return new String(Base64.getDecoder().decode(answer.substring("text ".length()).strip()),
                StandardCharsets.UTF_8);
    }

    /** The text of the text component named {@code field} while it is shown; empty when it is hidden or absent. */
    Optional<String> shownText(String field) {
        String answer = ask("text", field);
        return answer.startsWith("text ") ? Optional.of(new String(Base64.getDecoder().decode(
                answer.substring("text ".length()).strip()), StandardCharsets.UTF_8)) : Optional.empty();
    }

    /** Asks one question and returns the probe's answer (without its prefix). */
    private String ask(String... question) {
        int number = ++questions;
        String prefix = "rpcbench-probe " + number + " ";
        try {
            jmeter.writeLine(number + "\t" + String.join("\t", question));
        } catch (IOException e) {
            throw new UncheckedIOException("JMeter no longer reads the probe's questions; last output:\n"
                    + jmeter.tail(), e);
        }
        String answer = jmeter.awaitLine(line -> line.startsWith(prefix), ANSWER_DEADLINE).substring(prefix.length());
        if (answer.startsWith("error ")) {
            throw new IllegalStateException("the probe could not answer " + String.join(" ", question) + ": " + answer);
        }
        return answer;
    }

    private static Box box(String answer) {
        List<String> words = List.of(answer.split(" "));
        return new Box(Integer.parseInt(words.get(1)), Integer.parseInt(words.get(2)), Integer.parseInt(words.get(3)),
                Integer.parseInt(words.get(4)), words.size() < 6 || words.get(5).equals("enabled")
                        || words.get(5).equals("selected"));
    }

    private static Path resource(String name) {
        try {
            return Path.of(SwingProbe.class.getResource(name).toURI());
        } catch (java.net.URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("test resource " + name + " not found next to SwingProbe", e);
        }
    }

    /** The wait between two questions while awaiting a state (a poll interval, not a readiness guess). */
    private static void pause() {
        try {
            Thread.sleep(POLL_INTERVAL.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for JMeter's GUI", e);
        }
    }
}
