package io.rpcbench.sampler.jmeter;

import io.rpcbench.sampler.arrival.DueTime;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.CallOutcome;
import io.rpcbench.sampler.call.FailureCategory;
import io.rpcbench.sampler.call.FailureClassifier;
import io.rpcbench.sampler.call.FailureRules;
import io.rpcbench.sampler.call.ResponseData;
import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.RunScope;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.TimedCall;
import io.rpcbench.seconds.StreamFigures;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.protocol.java.sampler.AbstractJavaSamplerClient;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.Interruptible;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.threads.openmodel.OpenModelThreadGroup;
import org.apache.jmeter.util.JMeterUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JMeter side of every rpcbench sampler: maps JMeter's Java Request lifecycle onto an {@link RpcClient} and a
 * {@link CallOutcome} onto a {@link SampleResult}. All behaviour lives in the client and {@link TimedCall}. A
 * subclass names its parameters and reads them into its setup type {@code C} (where and what to call).
 *
 * <p>JMeter asks {@link #getDefaultParameters} for the parameters a new sampler shows. It creates one instance
 * per thread and calls {@link #setupTest} once (parameters are read, validated and the client opened here; with
 * {@value #MAX_IN_FLIGHT}, by each sample, within the cap),
 * {@link #runTest} per sample (never throws; the client first {@linkplain RpcClient#bind binds} the sample's own
 * values of parameters such as call arguments, which JMeter substitutes anew for each sample), then
 * {@link #closeClient} when the run ends (not JMeter's {@code teardownTest}: see there). A sample only times the call
 * and fills its result: what the sample path needs from the parameters (the parameter lookup, the stopwatch, the summary) is made in
 * {@code setupTest}, once per thread, and the summary's bytes in the first sample that passes with it. A response text
 * the client left for {@linkplain ResponseData#later later} stays unrendered in the {@link RpcSampleResult} until
 * something reads the sample's data.
 *
 * <p>Every sampler also takes {@value PropertyOverrides#PARAMETER} (last, empty by default): parameters replaced by
 * JMeter properties when these are set, read once in {@code setupTest} (see {@link PropertyOverrides}), which is how
 * the shipped plans take their {@code -J} properties without a function in any parameter.
 *
 * <p>When a test is stopped, JMeter's Java Request forwards its {@link #interrupt()} (from the stopping thread)
 * to samplers that are {@link Interruptible}: the client's blocked call is made to fail, recorded as a failed
 * sample of category {@code stopped} (not the provider's failure), so the thread can stop; a Dubbo call, which
 * cannot be cut short, fails the same way when JMeter interrupts the thread. JMeter may also call
 * {@link #closeClient} from the run's end, on another thread, so the client reference is volatile.
 *
 * <p>The call's own time in microseconds ({@link CallOutcome#elapsedMicros()}) is put into the thread's variable
 * {@value #ELAPSED_MICROS_VARIABLE} after every sample, failed ones included (0 when no call was made and no due time
 * was set), when JMeter's property {@code sample_variables} names it: JMeter's thread then copies the variables that
 * property names into the sample's event after {@code runTest} returns (and its post-processors and assertions ran),
 * and the JTL writers add one column per name at the end of each row. Whether the property names it is read once in
 * {@code setupTest}; when it does not, no variable is put, so a sample costs nothing more.
 *
 * <p>Open workloads: when a thread group that issues arrivals from a schedule set the iteration's {@link DueTime}, the
 * first sample of the iteration {@linkplain DueTime#take takes} it and is measured from it, what the caller waited:
 * JMeter's start (and so the time stamp, with {@code sampleresult.timestamp.start}) is the due time, its elapsed the
 * end minus the due time in ms; {@value #ELAPSED_MICROS_VARIABLE} is the microseconds from the due time to the call's
 * end, and {@value #LAG_MICROS_VARIABLE} (when {@code sample_variables} names it) those from the due time to the
 * call's start, the schedule lag (0 when the call started on time or early). The call's own time is
 * {@value #ELAPSED_MICROS_VARIABLE} - {@value #LAG_MICROS_VARIABLE}. A sample that made no call is timed from its due
 * time too (its lag is then its whole time). A sample with no due time (any other thread group, a later sample of
 * the iteration) is timed as before, and its {@value #LAG_MICROS_VARIABLE} is empty: JMeter's variables outlive the
 * iteration, so a value left by an earlier sample would otherwise be written on its row.
 *
 * <p>Streams: a sample that was a stream puts its per-message figures into {@value StreamFigures#VARIABLE} when
 * {@code sample_variables} names it ({@link StreamFigures#text}: messages sent and received, time to the first, gaps,
 * a ping-pong's round trips), empty for any other sample.
 *
 * @param <C> the sampler's setup: its validated parameters
 */
public abstract class RpcJavaSampler<C> extends AbstractJavaSamplerClient implements Interruptible {

    /**
     * The JMeter variable, and so the JTL column, holding the call's own time in microseconds (for a sample with a
     * {@link DueTime}: from the due time to the call's end, see the class javadoc), written when
     * {@code sample_variables} names it (e.g. {@code -Jsample_variables=elapsed_us}).
     */
    public static final String ELAPSED_MICROS_VARIABLE = "elapsed_us";

    /**
     * The JMeter variable, and so the JTL column, holding a sample's schedule lag in microseconds, from when its call
     * was due ({@link DueTime}) to when it started; empty for a sample that had no due time. Written when
     * {@code sample_variables} names it (e.g. {@code -Jsample_variables=elapsed_us,lag_us}).
     */
    public static final String LAG_MICROS_VARIABLE = "lag_us";

    /**
     * The parameter capping the calls of this sampler (its label, JVM-wide) in flight at once; a sample due when the
     * cap is reached makes no call and fails as {@code dropped} at once. 0 (the default): no cap.
     */
    public static final String MAX_IN_FLIGHT = "max_in_flight";

    /** The calls in flight per sampler label, for {@link #MAX_IN_FLIGHT}. */
    private static final Map<String, InFlight> IN_FLIGHT = new ConcurrentHashMap<>();

    private static final Logger LOG = LoggerFactory.getLogger(RpcJavaSampler.class);

    static {
        // What the sampler threads share lasts to the end of the JMeter run (see RunScope): JMeter's test start time
        // is the run's id, 0 between runs.
        RunScope.use(JMeterContextService::getTestStartTime);
    }
    /** The misspelt {@code sample_variables} values already warned about: once per JVM, not once per thread. */
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    private volatile RpcClient client;
    private String summary;
    /**
     * The last sample's summary and its bytes, the response data of a sample that has no response text (an echo):
     * encoded once per summary, so once per thread, or once per size for a request whose size changes.
     */
    private String encodedSummary;
    private byte[] summaryBytes;
    /**
     * Set by {@link #interrupt()}: JMeter is stopping this thread (or a Sample Timeout cut this sample); a call that
     * fails meanwhile was cut off. Cleared when the sample ends.
     */
    private volatile boolean stopping;
    private BadParameterException badParameter;
    private CallOutcome setupFailure;
    private boolean publishElapsedMicros;
    private boolean publishLagMicros;
    private boolean publishStreamFigures;
    /** This sampler's calls in flight and their cap; null when max_in_flight is 0. */
    private InFlight inFlight;
    /**
     * With a cap, or on an arrival thread of JMeter's Open Model Thread Group: the setup each sample opens its client
     * with (within the cap), closed again after its call.
     */
    private C perSampleSetup;

    /** The sample in progress and its JMeter context: what {@link #stopwatch} and {@link #sampleParameters} read. */
    private RpcSampleResult sampleInProgress;
    private JavaSamplerContext contextInProgress;
    /** When the call of the sample in progress was due, or null: then the sample is timed from its own start. */
    private DueTime dueInProgress;
    /**
     * For a sample with a due time: what it is measured from (the due time, or the call's start when that came
     * early) as {@link System#nanoTime()} and as wall-clock ms, and its schedule lag in ns; set by the stopwatch's
     * start.
     */
    private long fromNanos;
    private long fromMillis;
    private long lagNanos;
    private final TimedCall.Stopwatch stopwatch = new TimedCall.Stopwatch() {
        @Override
        public void start() {
            DueTime due = dueInProgress;
            if (due == null) {
                sampleInProgress.sampleStart();
                return;
            }
            long now = System.nanoTime();
            lagNanos = Math.max(0, now - due.nanos());
            fromNanos = now - lagNanos;
            fromMillis = due.millis() + (fromNanos - due.nanos()) / 1_000_000;
            sampleInProgress.startAt(fromMillis);
        }

        @Override
        public void stop() {
            if (dueInProgress == null) {
                sampleInProgress.sampleEnd();
                return;
            }
            // The end read from the same clock as the lag, so that JMeter's elapsed and the micros agree
            sampleInProgress.endAt(fromMillis + (System.nanoTime() - fromNanos) / 1_000_000);
        }
    };
    /**
     * The parameters as JMeter substituted them for the sample in progress, those named in property_overrides
     * replaced, for {@link RpcClient#bind} (made in setupTest).
     */
    private SamplerParameters sampleParameters;

    /** Adds every parameter of this sampler with its default, in the order the GUI shows them. */
    protected abstract void addParameters(Arguments arguments);

    /**
     * Reads and validates the parameters, once per thread.
     *
     * @throws BadParameterException when one is invalid
     */
    protected abstract C setup(SamplerParameters parameters);

    /** Opens the client that calls as {@code setup} says. */
    protected abstract RpcClient open(C setup);

    /** Where the client calls, for the message when it could not be opened. */
    protected abstract String target(C setup);

    /** A short description of the request, the sample's request data, e.g. {@code echo string 1024 bytes}. */
    protected abstract String summary(C setup);

    /**
     * What the protocol's exceptions mean when its client cannot even be built (for the calls,
     * {@link RpcClient#failureRules()} says it): none of its own by default.
     */
    protected FailureRules failureRules() {
        return FailureRules.NONE;
    }

    @Override
    public final Arguments getDefaultParameters() {
        Arguments arguments = new Arguments();
        addParameters(arguments);
        arguments.addArgument(MAX_IN_FLIGHT, "0");
        arguments.addArgument(PropertyOverrides.PARAMETER, "");
        return arguments;
    }

    @Override
    public void setupTest(JavaSamplerContext context) {
        long began = System.currentTimeMillis();
        try {
            prepare(context);
        } finally {
            DurationAfterSetup.setupTook(System.currentTimeMillis() - began);
        }
    }

    private void prepare(JavaSamplerContext context) {
        String sampleVariables = JMeterUtils.getProperty(SampleEvent.SAMPLE_VARIABLES);
        publishElapsedMicros = names(sampleVariables, ELAPSED_MICROS_VARIABLE);
        publishLagMicros = names(sampleVariables, LAG_MICROS_VARIABLE);
        publishStreamFigures = names(sampleVariables, StreamFigures.VARIABLE);
        C setup;
        try {
            PropertyOverrides overrides = overrides(context.getParameter(PropertyOverrides.PARAMETER));
            sampleParameters = new SamplerParameters(overrides.over(name -> contextInProgress.getParameter(name)));
            SamplerParameters parameters = new SamplerParameters(overrides.over(context::getParameter));
            setup = setup(parameters);
            int maxInFlight = parameters.integer(MAX_IN_FLIGHT, 0, 0, Integer.MAX_VALUE);
            inFlight = maxInFlight == 0 ? null : IN_FLIGHT.compute(label(), (label, shared) ->
                    shared != null && shared.max == maxInFlight ? shared : new InFlight(maxInFlight));
        } catch (BadParameterException e) {
            badParameter = e;
            LOG.error("{}: every sample will fail: {}", getClass().getSimpleName(), e.getMessage());
            return;
        }
        summary = summary(setup);
        if (inFlight != null || arrivalThread()) {
            perSampleSetup = setup; // each sample opens its client, within the cap if there is one (see outcome)
        } else {
            openClient(setup);
            closeClientWhenTheRunEnds();
        }
    }

    /**
     * Builds, before the run's first sample, what this sampler's threads will share in the run under way (the Dubbo
     * consumer of these parameters, a connected Thrift socket left idle for the first thread), so the first arrival
     * does not pay for it: reads the parameters as {@code setupTest} would, opens a client,
     * {@linkplain RpcClient#prepare prepares} it (a Thrift socket connects) and closes it at once, which during a run
     * keeps the shared part to the run's end ({@link RunScope}). For the engine's thread, before the thread groups
     * start (see {@link ClientsReady}); this instance takes no samples. Outside a run ({@link RunScope#current()} 0)
     * closing ends it at once, so nothing is kept. A bad parameter or a client that cannot be built or connected is
     * returned, not thrown; the samples then fail as they would have.
     *
     * @param context the sampler's parameters as its first sample would see them
     * @return null when ready, else why not (a bad parameter, a client that could not be built or connected)
     */
    public final String prepareForRun(JavaSamplerContext context) {
        C setup;
        try {
            PropertyOverrides overrides = overrides(context.getParameter(PropertyOverrides.PARAMETER));
            setup = setup(new SamplerParameters(overrides.over(context::getParameter)));
        } catch (BadParameterException e) {
            return "bad parameter: " + e.getMessage();
        }
        RpcClient opened;
        try {
            opened = open(setup);
        } catch (RuntimeException | LinkageError e) {
            FailureCategory category = FailureClassifier.categorize(e, failureRules());
            return "could not create the client: " + FailureClassifier.describe(category, e, target(setup),
                    failureRules());
        }
        try {
            opened.prepare();
            return null;
        } catch (Exception e) {
            FailureCategory category = FailureClassifier.categorize(e, opened.failureRules());
            return "could not prepare the client: " + FailureClassifier.describe(category, e, opened.target(),
                    opened.failureRules());
        } finally {
            opened.close();
        }
    }

    /**
     * Whether this is a thread of JMeter's Open Model Thread Group: a thread per arrival, which makes its iteration
     * and ends. Its client is opened and closed by each sample, so that a shared socket goes back to the run at once
     * rather than when the run ends.
     */
    private static boolean arrivalThread() {
        return JMeterContextService.getContext().getThreadGroup() instanceof OpenModelThreadGroup;
    }

    /**
     * Has {@link #closeClient} run when the JMeter run ends (not JMeter's {@code teardownTest}: see there). Outside a
     * run (a sampler driven by a test) the caller closes the client.
     */
    private void closeClientWhenTheRunEnds() {
        long run = RunScope.current();
        if (run != 0 && client != null) {
            RunScope.whenEnded(run, this::closeClient);
        }
    }

    /** Opens the client, or keeps why it could not be opened for every sample. */
    private void openClient(C setup) {
        try {
            client = open(setup);
        } catch (RuntimeException | LinkageError e) {
            // The library could not build a client at all: fail each sample with the reason instead of the thread.
            FailureCategory category = FailureClassifier.categorize(e, failureRules());
            setupFailure = CallOutcome.failure(category, "could not create the client: "
                    + FailureClassifier.describe(category, e, target(setup), failureRules()),
                    "no call: no client");
            LOG.error("{}: could not create the client", getClass().getSimpleName(), e);
        }
    }

    @Override
    public SampleResult runTest(JavaSamplerContext context) {
        RpcSampleResult result = new RpcSampleResult();
        sampleInProgress = result;
        contextInProgress = context;
        dueInProgress = DueTime.take(); // the iteration's first sample takes it: later ones are timed from their start
        try {
            fill(result, outcome(result));
        } finally {
            sampleInProgress = null;
            contextInProgress = null; // JMeter makes a context per sample: none is kept past its sample
            dueInProgress = null;
            // An interrupt that did not end the thread (JMeter's Sample Timeout) was about this sample only.
            stopping = false;
        }
        return result;
    }

    /**
     * The sample's outcome. With a cap ({@value #MAX_IN_FLIGHT}), and on an Open Model arrival thread, each sample
     * opens its client (within the cap), makes its call and closes the client before it leaves the cap: under an open
     * model, the arrivals that come while a Dubbo consumer is built (seconds) are dropped at once beyond the cap
     * instead of piling up as threads waiting for it, and a run never holds more Thrift sockets than the cap (a
     * thread-per-connection server gives each its worker). Opening and closing take the run's shared consumer or an idle socket ({@link RunScope}), untimed.
     */
    private CallOutcome outcome(RpcSampleResult result) {
        if (badParameter != null) {
            return TimedCall.refused(badParameter, stopwatch);
        }
        if (perSampleSetup == null) {
            return setupFailure != null ? noCall(setupFailure) : call(result);
        }
        if (inFlight != null && !inFlight.enter()) {
            return noCall(CallOutcome.failure(FailureCategory.DROPPED, FailureCategory.DROPPED.code() + ": "
                    + inFlight.max + " calls of " + label() + " were in flight (max_in_flight), so this one was not "
                    + "made: the provider, or this JMeter, is not keeping up with the arrivals", summary));
        }
        try {
            openClient(perSampleSetup);
            CallOutcome failedOpen = setupFailure;
            if (failedOpen != null) {
                setupFailure = null; // this sample's failure: the next one tries again
                return noCall(failedOpen);
            }
            return call(result);
        } finally {
            RpcClient used = client;
            client = null;
            if (used != null) {
                used.close();
            }
            if (inFlight != null) {
                inFlight.exit();
            }
        }
    }

    /** A sample that made no call: an empty time, and {@code outcome}. */
    private CallOutcome noCall(CallOutcome outcome) {
        stopwatch.start();
        stopwatch.stop();
        return outcome;
    }

    private CallOutcome call(RpcSampleResult result) {
        RpcClient current = client;
        if (current == null) { // torn down by JMeter's test-end thread while this thread still ran
            return noCall(CallOutcome.failure(FailureCategory.CONNECTION, "no call: the client is closed", summary));
        }
        CallOutcome outcome = bindAndRun(current);
        result.setEndpoint(current.answeredBy());
        if (stopping && !outcome.successful() && outcome.failure() != FailureCategory.STOPPED) {
            // e.g. Thrift's socket closed under the call by interrupt(): the library says "connection"
            outcome = TimedCall.stopped(current.target(), outcome.message(), outcome.summary())
                    .withElapsedMicros(outcome.elapsedMicros());
        }
        return outcome;
    }

    private void fill(RpcSampleResult result, CallOutcome outcome) {
        result.setSuccessful(outcome.successful());
        result.setResponseCode(outcome.responseCode());
        result.setResponseMessage(outcome.message());
        // Short texts only: copying a 100 KiB payload into every result would cost more than the call.
        result.setSamplerData(outcome.summary());
        result.setDataType(SampleResult.TEXT);
        ResponseData text = outcome.responseText();
        // JMeter counts the data's bytes for a sample of 0 bytes (its "not set"): an answer of 0 bytes, such as an
        // empty protobuf message, gets its data now, so its bytes do not depend on whether something read it first.
        if (text != null && !text.rendered() && outcome.receivedBytes() > 0) {
            result.setResponseDataLater(text); // rendered when a listener, assertion or extractor reads it
        } else {
            String data;
            try {
                data = outcome.responseData();
            } catch (RuntimeException e) { // a text left for later that failed to render after all: as a reader sees it
                data = RpcSampleResult.RENDER_FAILED + e;
            }
            // A passing echo's data is the summary itself: its bytes are encoded when the summary changes, not per
            // sample.
            result.setDataEncoding(StandardCharsets.UTF_8.name());
            result.setResponseData(data == outcome.summary() ? summaryBytes(data)
                    : data.getBytes(StandardCharsets.UTF_8));
        }
        // JMeter reports headers + body size when non-zero, so the body size must carry the received bytes too.
        result.setBodySize(outcome.receivedBytes());
        result.setBytes(outcome.receivedBytes());
        result.setSentBytes(outcome.sentBytes());
        if (publishElapsedMicros || publishLagMicros) {
            publish(outcome.elapsedMicros());
        }
        if (publishStreamFigures) {
            publishStream(outcome.stream());
        }
    }

    private byte[] summaryBytes(String sampleSummary) {
        if (sampleSummary != encodedSummary) {
            summaryBytes = sampleSummary.getBytes(StandardCharsets.UTF_8);
            encodedSummary = sampleSummary;
        }
        return summaryBytes;
    }

    /** The sampler's label (its element's name in the plan), or its class outside a JMeter thread. */
    private String label() {
        var sampler = JMeterContextService.getContext().getCurrentSampler();
        return sampler != null ? sampler.getName() : getClass().getName();
    }

    /** The calls in flight of one sampler label, and their cap. */
    private static final class InFlight {
        final int max;
        private final AtomicInteger calls = new AtomicInteger();

        InFlight(int max) {
            this.max = max;
        }

        /** Counts one more call in flight, unless {@link #max} are. */
        boolean enter() {
            while (true) {
                int now = calls.get();
                if (now >= max) {
                    return false;
                }
                if (calls.compareAndSet(now, now + 1)) {
                    return true;
                }
            }
        }

        void exit() {
            calls.decrementAndGet();
        }
    }

    private PropertyOverrides overrides(String text) {
        try {
            Arguments own = new Arguments();
            addParameters(own);
            own.addArgument(MAX_IN_FLIGHT, "0");
            return PropertyOverrides.parse(text, own.getArgumentsAsMap().keySet(), JMeterUtils::getProperty);
        } catch (IllegalArgumentException e) {
            throw new BadParameterException(e.getMessage());
        }
    }

    /** Whether {@code sampleVariables} names {@value #ELAPSED_MICROS_VARIABLE}: see {@link #names}. */
    static boolean namesElapsedMicros(String sampleVariables) {
        return names(sampleVariables, ELAPSED_MICROS_VARIABLE);
    }

    /**
     * Whether {@code sampleVariables}, the value of JMeter's {@code sample_variables} property (or null), names
     * {@code variable}. Read as JMeter reads it: split at commas, names taken as written (a name with a space around
     * it is another variable to JMeter, so it is warned about instead, once per JVM).
     */
    static boolean names(String sampleVariables, String variable) {
        if (sampleVariables == null) {
            return false;
        }
        boolean named = false;
        boolean spaced = false;
        for (String name : sampleVariables.split(",")) {
            named |= name.equals(variable);
            spaced |= !name.equals(variable) && name.strip().equals(variable);
        }
        if (spaced && !named && WARNED.add(variable + " in " + sampleVariables)) {
            LOG.warn("sample_variables '{}' names {} with spaces around it, which JMeter keeps as part of the name, so "
                    + "no sampler sets that variable; expected names separated by commas alone, e.g. 'other,{}'",
                    sampleVariables, variable, variable);
        }
        return named;
    }

    /**
     * Puts the sample's times into the variables {@code sample_variables} names: {@code callMicros}, the call's own
     * time, is {@value #ELAPSED_MICROS_VARIABLE} unless the sample had a due time, which adds its lag.
     */
    private void publish(long callMicros) {
        JMeterVariables variables = JMeterContextService.getContext().getVariables();
        if (variables == null) { // null only outside a JMeter thread, e.g. a sampler driven by a test
            return;
        }
        boolean due = dueInProgress != null;
        long lagMicros = due ? lagNanos / 1000 : 0;
        if (publishElapsedMicros) {
            variables.put(ELAPSED_MICROS_VARIABLE, Long.toString(lagMicros + callMicros));
        }
        if (publishLagMicros) {
            variables.put(LAG_MICROS_VARIABLE, due ? Long.toString(lagMicros) : "");
        }
    }

    /**
     * Puts a stream's per-message figures into {@value StreamFigures#VARIABLE} ({@link StreamFigures#text}), empty for
     * a sample that was not a passing stream: JMeter's variables outlive the sample.
     */
    private static void publishStream(StreamFigures figures) {
        JMeterVariables variables = JMeterContextService.getContext().getVariables();
        if (variables != null) {
            variables.put(StreamFigures.VARIABLE, figures == null ? "" : figures.text());
        }
    }

    private CallOutcome bindAndRun(RpcClient current) {
        try {
            current.bind(sampleParameters);
        } catch (BadParameterException e) { // e.g. ${var} made the arguments invalid for this sample only
            return TimedCall.refused(e, stopwatch);
        }
        return TimedCall.run(current, sampleSummary(summary), stopwatch);
    }

    /**
     * The summary of the sample about to be made, after its {@link RpcClient#bind}: {@code setupSummary} (the
     * {@link #summary} made once in setupTest) unless the request changes from sample to sample.
     */
    protected String sampleSummary(String setupSummary) {
        return setupSummary;
    }

    /**
     * Makes this thread's call in progress fail now where the library allows it (Thrift closes the socket);
     * a Dubbo call instead ends by its timeout.
     *
     * @return true when a call was in progress and was cut short, as JMeter's {@link Interruptible} asks
     */
    @Override
    public boolean interrupt() {
        stopping = true;
        RpcClient current = client;
        return current != null && current.interrupt();
    }

    /**
     * Closes this thread's client: its share of the run's Dubbo consumer, its Thrift socket. JMeter's
     * {@code teardownTest} is deliberately not overridden: JMeter's Java Request keeps every sampler whose class declares
     * it in a static set, each with its thread's copy of the plan, until the test ends, and only then calls it. Under
     * the Open Model Thread Group, a thread per arrival, that set grew by every arrival (at 2,000 a second: the heap's
     * live part by ~40 MB/s, and young collections that paused 30-100 ms, which became the run's p99). So the client
     * is closed when the run ends ({@link RunScope}, the time JMeter called {@code teardownTest}), or after each
     * sample on an arrival thread; a test that drives a sampler itself calls this.
     */
    public void closeClient() {
        RpcClient current = client;
        client = null;
        if (current != null) {
            current.close();
        }
    }
}
