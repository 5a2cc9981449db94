package io.rpcbench.sampler.jmeter;

import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jmeter.util.JMeterUtils;

/**
 * The JMeter property {@value #PROPERTY}: when {@code true}, a thread group's scheduled duration counts from the end
 * of each thread's rpcbench set-up instead of the thread's start. JMeter fixes a scheduled thread's end when it starts
 * the thread, and a Java Request sets its client up in the thread's first sample: a Dubbo consumer that takes 8 s to
 * find its provider through the registry on a busy machine then eats 8 s of a 10 s run. With this property each
 * thread's end moves later by the time its samplers' set-up took, so a run has its warm-up and measured window of calls
 * whatever the set-up costs; {@code run-benchmark} sets it, as its warm-up counts from the first call. Off by default:
 * a plan run in the user's own JMeter keeps the duration its thread group says.
 */
final class DurationAfterSetup {

    static final String PROPERTY = "duration_after_setup";

    private DurationAfterSetup() {}

    /**
     * Moves the current JMeter thread's scheduled end {@code setupMs} later when {@value #PROPERTY} is on and the
     * thread has a scheduled end; nothing outside a JMeter thread or for an unscheduled one.
     */
    static void setupTook(long setupMs) {
        JMeterThread thread = JMeterContextService.getContext().getThread();
        if (thread != null && setupMs > 0 && JMeterUtils.getPropDefault(PROPERTY, false)) {
            moveEnd(thread, setupMs);
        }
    }

    static void moveEnd(JMeterThread thread, long setupMs) {
        long end = thread.getEndTime();
        if (end > 0) { // 0: the thread group has no scheduled duration
            thread.setEndTime(end + setupMs);
        }
    }
}
