package io.rpcbench.sampler.live;

import io.rpcbench.seconds.LiveShipper;
import io.rpcbench.seconds.SampleTimes;
import java.time.Duration;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * rpcbench's <em>Live Figures</em> listener (Add &gt; Listener &gt; Live Figures (rpcbench)): sends every sample in
 * its scope, as per-second HdrHistograms of microseconds ({@link io.rpcbench.seconds.SampleFigures}), to the live
 * dashboard of {@code ./run-benchmark} at {@link #ADDRESS}, once a second and at the test's end; the PerfMon
 * collector's agent readings go with them. Under JMeter's remote engines it runs on each engine, as JMeter's Backend
 * Listener does, and the dashboard adds the engines' histograms: no sample travels to the controller for it.
 *
 * <p>It reads each sample as the JTL holds it (JMeter's time stamp, {@code elapsed}, the {@code elapsed_us} and
 * {@code lag_us} sample variables, read by the reports' rule: {@link SampleTimes}), so the live figures of a window
 * are those the final report computes from the JTL. With an empty address (the shipped plans' default, when the
 * {@code live.url} property is not given) it does nothing and costs nothing.
 *
 * <p>One instance serves every thread ({@link NoThreadClone}); recording is a striped lock and a histogram record.
 */
public class LiveFigures extends AbstractTestElement implements SampleListener, TestStateListener, NoThreadClone {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(LiveFigures.class);

    /** The property holding the dashboard's address: {@code http://host:port/path} or {@code file:/folder/}. */
    public static final String ADDRESS = "LiveFigures.address";

    /** What the shipped plans put in {@link #ADDRESS}: the address ./run-benchmark passes, or off. */
    public static final String DEFAULT_ADDRESS = "${__P(live.url,)}";

    private static final Duration INTERVAL = Duration.ofSeconds(1);

    private transient volatile LiveShipper shipper;
    private transient int elapsedUs = -1;
    private transient int lagUs = -1;

    public String getAddress() {
        return getPropertyAsString(ADDRESS);
    }

    public void setAddress(String address) {
        setProperty(ADDRESS, address);
    }

    @Override
    public void testStarted() {
        testStarted("local");
    }

    @Override
    public void testStarted(String host) {
        String address = getAddress().strip();
        if (address.isEmpty()) {
            LOG.info("Live Figures '{}' is off: no address (the live.url property is not set)", getName());
            return;
        }
        elapsedUs = variable(SampleTimes.ELAPSED_US);
        lagUs = variable(SampleTimes.LAG_US);
        if (elapsedUs < 0) {
            LOG.warn("Live Figures '{}': sample_variables does not name {}; response times are JMeter's whole ms",
                    getName(), SampleTimes.ELAPSED_US);
        }
        try {
            shipper = LiveShipper.start(address, host, INTERVAL, LOG::warn);
            LOG.info("Live Figures '{}' sends to {}", getName(), address);
        } catch (IllegalArgumentException e) {
            LOG.error("Live Figures '{}' is off: {}", getName(), e.getMessage());
        }
    }

    /** The index of {@code name} among JMeter's sample variables, or -1 when it is not one. */
    private static int variable(String name) {
        for (int i = 0; i < SampleEvent.getVarCount(); i++) {
            if (name.equals(SampleEvent.getVarName(i))) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public void sampleOccurred(SampleEvent event) {
        LiveShipper to = shipper;
        if (to == null) {
            return;
        }
        SampleResult result = event.getResult();
        long elapsed = result.getTime();
        SampleTimes times = SampleTimes.read(elapsed, value(event, elapsedUs), value(event, lagUs));
        to.record(result.getSampleLabel(), result.getTimeStamp(), times, elapsed, result.isSuccessful(),
                result.getResponseCode(), result.getBytesAsLong(), result.getSentBytes(), result.getAllThreads());
    }

    private static String value(SampleEvent event, int index) {
        return index < 0 ? null : event.getVarValue(index);
    }

    @Override
    public void sampleStarted(SampleEvent event) {
        // only whole samples count
    }

    @Override
    public void sampleStopped(SampleEvent event) {
        // only whole samples count
    }

    @Override
    public void testEnded() {
        testEnded("local");
    }

    @Override
    public void testEnded(String host) {
        LiveShipper to = shipper;
        shipper = null;
        if (to != null) {
            to.close(); // sends the rest: the live figures then hold every sample of the JTL
        }
    }
}
