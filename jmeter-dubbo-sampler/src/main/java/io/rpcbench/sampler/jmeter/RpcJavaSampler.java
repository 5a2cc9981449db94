package io.rpcbench.sampler.jmeter;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.CallOutcome;
import io.rpcbench.sampler.call.FailureCategory;
import io.rpcbench.sampler.call.FailureClassifier;
import io.rpcbench.sampler.call.ResponseData;
import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.TimedCall;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.protocol.java.sampler.AbstractJavaSamplerClient;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.Interruptible;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JMeterUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JMeter side of every rpcbench sampler: maps JMeter's Java Request lifecycle onto an {@link RpcClient} and a
 * {@link CallOutcome} onto a {@link SampleResult}. All behaviour lives in the client and {@link TimedCall}. A
 * subclass names its parameters and reads them into its setup type {@code C} (where and what to call).
 *
 * <p>JMeter asks {@link #getDefaultParameters} for the parameters a new sampler shows. It creates one instance
 * per thread and calls {@link #setupTest} once (parameters are read, validated and the client opened here),
 * {@link #runTest} per sample (never throws; the client first {@linkplain RpcClient#bind binds} the sample's own
 * values of parameters such as call arguments, which JMeter substitutes anew for each sample), then
 * {@link #teardownTest} (the client is closed). A sample only times the call and fills its result: what the
 * sample path needs from the parameters (the parameter lookup, the stopwatch, the summary) is made in
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
 * sample, so the thread can stop. JMeter may also call {@code teardownTest} from its test-end thread, so the
 * client reference is volatile.
 *
 * <p>The call's own time in microseconds ({@link CallOutcome#elapsedMicros()}) is put into the thread's variable
 * {@value #ELAPSED_MICROS_VARIABLE} after every sample, failed ones included (0 when no call was made), when JMeter's
 * property {@code sample_variables} names it: JMeter's thread then copies the variables that property names into the
 * sample's event after {@code runTest} returns (and its post-processors and assertions ran), and the JTL writers add
 * one column per name at the end of each row. Whether the property names it is read once in {@code setupTest}; when
 * it does not, no variable is put, so a sample costs nothing more.
 *
 * @param <C> the sampler's setup: its validated parameters
 */
public abstract class RpcJavaSampler<C> extends AbstractJavaSamplerClient implements Interruptible {

    /**
     * The JMeter variable, and so the JTL column, holding the call's own time in microseconds, written when
     * {@code sample_variables} names it (e.g. {@code -Jsample_variables=elapsed_us}).
     */
    public static final String ELAPSED_MICROS_VARIABLE = "elapsed_us";

    private static final Logger LOG = LoggerFactory.getLogger(RpcJavaSampler.class);
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
    private BadParameterException badParameter;
    private CallOutcome setupFailure;
    private boolean publishElapsedMicros;

    /** The sample in progress and its JMeter context: what {@link #stopwatch} and {@link #sampleParameters} read. */
    private RpcSampleResult sampleInProgress;
    private JavaSamplerContext contextInProgress;
    private final TimedCall.Stopwatch stopwatch = new TimedCall.Stopwatch() {
        @Override
        public void start() {
            sampleInProgress.sampleStart();
        }

        @Override
        public void stop() {
            sampleInProgress.sampleEnd();
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

    @Override
    public final Arguments getDefaultParameters() {
        Arguments arguments = new Arguments();
        addParameters(arguments);
        arguments.addArgument(PropertyOverrides.PARAMETER, "");
        return arguments;
    }

    @Override
    public void setupTest(JavaSamplerContext context) {
        publishElapsedMicros = namesElapsedMicros(JMeterUtils.getProperty(SampleEvent.SAMPLE_VARIABLES));
        C setup;
        try {
            PropertyOverrides overrides = overrides(context.getParameter(PropertyOverrides.PARAMETER));
            sampleParameters = new SamplerParameters(overrides.over(name -> contextInProgress.getParameter(name)));
            setup = setup(new SamplerParameters(overrides.over(context::getParameter)));
        } catch (BadParameterException e) {
            badParameter = e;
            LOG.error("{}: every sample will fail: {}", getClass().getSimpleName(), e.getMessage());
            return;
        }
        summary = summary(setup);
        try {
            client = open(setup);
        } catch (RuntimeException | LinkageError e) {
            // The library could not build a client at all: fail each sample with the reason instead of the thread.
            FailureCategory category = FailureClassifier.categorize(e);
            setupFailure = CallOutcome.failure(category,
                    "could not create the client: " + FailureClassifier.describe(category, e, target(setup)),
                    "no call: no client");
            LOG.error("{}: could not create the client", getClass().getSimpleName(), e);
        }
    }

    @Override
    public SampleResult runTest(JavaSamplerContext context) {
        RpcSampleResult result = new RpcSampleResult();
        sampleInProgress = result;
        contextInProgress = context;
        try {
            fill(result, outcome(result));
        } finally {
            sampleInProgress = null;
            contextInProgress = null; // JMeter makes a context per sample: none is kept past its sample
        }
        return result;
    }

    private CallOutcome outcome(RpcSampleResult result) {
        RpcClient current = client;
        CallOutcome outcome;
        if (badParameter != null) {
            outcome = TimedCall.refused(badParameter, stopwatch);
        } else if (setupFailure != null) {
            stopwatch.start();
            stopwatch.stop();
            outcome = setupFailure;
        } else if (current == null) { // torn down by JMeter's test-end thread while this thread still ran
            stopwatch.start();
            stopwatch.stop();
            outcome = CallOutcome.failure(FailureCategory.CONNECTION, "no call: the client is closed", summary);
        } else {
            outcome = bindAndRun(current);
            result.setEndpoint(current.answeredBy());
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
            String data = outcome.responseData();
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
        if (publishElapsedMicros) {
            publish(outcome.elapsedMicros());
        }
    }

    private byte[] summaryBytes(String sampleSummary) {
        if (sampleSummary != encodedSummary) {
            summaryBytes = sampleSummary.getBytes(StandardCharsets.UTF_8);
            encodedSummary = sampleSummary;
        }
        return summaryBytes;
    }

    private PropertyOverrides overrides(String text) {
        try {
            Arguments own = new Arguments();
            addParameters(own);
            return PropertyOverrides.parse(text, own.getArgumentsAsMap().keySet(), JMeterUtils::getProperty);
        } catch (IllegalArgumentException e) {
            throw new BadParameterException(e.getMessage());
        }
    }

    /**
     * Whether {@code sampleVariables}, the value of JMeter's {@code sample_variables} property (or null), names
     * {@value #ELAPSED_MICROS_VARIABLE}. Read as JMeter reads it: split at commas, names taken as written (a name
     * with a space around it is another variable to JMeter, so it is warned about instead).
     */
    static boolean namesElapsedMicros(String sampleVariables) {
        if (sampleVariables == null) {
            return false;
        }
        boolean named = false;
        boolean spaced = false;
        for (String name : sampleVariables.split(",")) {
            named |= name.equals(ELAPSED_MICROS_VARIABLE);
            spaced |= !name.equals(ELAPSED_MICROS_VARIABLE) && name.strip().equals(ELAPSED_MICROS_VARIABLE);
        }
        if (spaced && !named && WARNED.add(sampleVariables)) {
            LOG.warn("sample_variables '{}' names {} with spaces around it, which JMeter keeps as part of the name, so "
                    + "no sampler sets that variable; expected names separated by commas alone, e.g. 'other,{}'",
                    sampleVariables, ELAPSED_MICROS_VARIABLE, ELAPSED_MICROS_VARIABLE);
        }
        return named;
    }

    private static void publish(long elapsedMicros) {
        JMeterVariables variables = JMeterContextService.getContext().getVariables();
        if (variables != null) { // null only outside a JMeter thread, e.g. a sampler driven by a test
            variables.put(ELAPSED_MICROS_VARIABLE, Long.toString(elapsedMicros));
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
        RpcClient current = client;
        return current != null && current.interrupt();
    }

    @Override
    public void teardownTest(JavaSamplerContext context) {
        RpcClient current = client;
        client = null;
        if (current != null) {
            current.close();
        }
    }
}
