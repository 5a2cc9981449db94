package io.rpcbench.sampler.jmeter;

import io.rpcbench.sampler.BadParameterException;
import io.rpcbench.sampler.CallOutcome;
import io.rpcbench.sampler.EchoClient;
import io.rpcbench.sampler.EchoRequest;
import io.rpcbench.sampler.FailureCategory;
import io.rpcbench.sampler.FailureClassifier;
import io.rpcbench.sampler.SamplerParameters;
import io.rpcbench.sampler.TimedCall;
import java.nio.charset.StandardCharsets;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.protocol.java.sampler.AbstractJavaSamplerClient;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.Interruptible;
import org.apache.jmeter.samplers.SampleResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JMeter side of an echo sampler: maps JMeter's Java Request lifecycle onto an {@link EchoClient} and a
 * {@link CallOutcome} onto a {@link SampleResult}. All behaviour lives in the client and {@link TimedCall}.
 * A subclass names its own parameters and reads them into its settings type {@code S}; the timeout and payload
 * parameters are common to all.
 *
 * <p>JMeter asks {@link #getDefaultParameters} for the parameters a new sampler shows. It creates one instance
 * per thread and calls {@link #setupTest} once (parameters are read, validated and the client opened here),
 * {@link #runTest} per sample (never throws), then {@link #teardownTest} (the client is closed).
 *
 * <p>When a test is stopped, JMeter's Java Request forwards its {@link #interrupt()} (from the stopping thread)
 * to samplers that are {@link Interruptible}: the client's blocked call is made to fail, recorded as a failed
 * sample, so the thread can stop. JMeter may also call {@code teardownTest} from its test-end thread, so the
 * client reference is volatile.
 */
public abstract class EchoJavaSampler<S> extends AbstractJavaSamplerClient implements Interruptible {

    private static final Logger LOG = LoggerFactory.getLogger(EchoJavaSampler.class);

    private volatile EchoClient client;
    private String summary;
    private BadParameterException badParameter;
    private CallOutcome setupFailure;

    /**
     * Adds, with their defaults, the parameters that say where and how this sampler calls; the timeout and
     * payload parameters every echo sampler shares follow them.
     */
    protected abstract void addTargetParameters(Arguments arguments);

    /**
     * Reads and validates the parameters that say where and how this sampler calls.
     *
     * @throws BadParameterException when one is invalid
     */
    protected abstract S settings(SamplerParameters parameters);

    /** Opens the client that sends {@code request} as {@code settings} say. */
    protected abstract EchoClient open(S settings, EchoRequest request);

    /** Where the client calls, for the message when it could not be opened. */
    protected abstract String target(S settings);

    @Override
    public final Arguments getDefaultParameters() {
        Arguments arguments = new Arguments();
        addTargetParameters(arguments);
        arguments.addArgument(SamplerParameters.TIMEOUT_MS, Integer.toString(SamplerParameters.DEFAULT_TIMEOUT_MS));
        arguments.addArgument(SamplerParameters.PAYLOAD, SamplerParameters.DEFAULT_PAYLOAD);
        arguments.addArgument(SamplerParameters.SIZE_BYTES, Integer.toString(SamplerParameters.DEFAULT_SIZE_BYTES));
        arguments.addArgument(SamplerParameters.LIST_COUNT, Integer.toString(SamplerParameters.DEFAULT_LIST_COUNT));
        return arguments;
    }

    @Override
    public void setupTest(JavaSamplerContext context) {
        SamplerParameters parameters = new SamplerParameters(context::getParameter);
        EchoRequest request;
        S settings;
        try {
            request = parameters.echoRequest(); // the payload is built here, once per thread
            settings = settings(parameters);
        } catch (BadParameterException e) {
            badParameter = e;
            LOG.error("{}: every sample will fail: {}", getClass().getSimpleName(), e.getMessage());
            return;
        }
        try {
            client = open(settings, request);
            summary = request.summary();
        } catch (RuntimeException | LinkageError e) {
            // The library could not build a client at all: fail each sample with the reason instead of the thread.
            setupFailure = CallOutcome.failure(FailureClassifier.categorize(e),
                    "could not create the client: " + FailureClassifier.describe(
                            FailureClassifier.categorize(e), e, target(settings)),
                    "no call: no client");
            LOG.error("{}: could not create the client", getClass().getSimpleName(), e);
        }
    }

    @Override
    public SampleResult runTest(JavaSamplerContext context) {
        SampleResult result = new SampleResult();
        TimedCall.Stopwatch stopwatch = new TimedCall.Stopwatch() {
            @Override
            public void start() {
                result.sampleStart();
            }

            @Override
            public void stop() {
                result.sampleEnd();
            }
        };
        EchoClient current = client;
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
            outcome = TimedCall.run(current, summary, stopwatch);
        }
        result.setSuccessful(outcome.successful());
        result.setResponseCode(outcome.responseCode());
        result.setResponseMessage(outcome.message());
        // Short texts only: copying a 100 KiB payload into every result would cost more than the call.
        result.setSamplerData(outcome.summary());
        result.setDataType(SampleResult.TEXT);
        result.setResponseData(outcome.successful() ? outcome.summary() : outcome.message(), StandardCharsets.UTF_8.name());
        // JMeter reports headers + body size when non-zero, so the body size must carry the received bytes too.
        result.setBodySize(outcome.receivedBytes());
        result.setBytes(outcome.receivedBytes());
        result.setSentBytes(outcome.sentBytes());
        return result;
    }

    /**
     * Makes this thread's call in progress fail now where the library allows it (Thrift closes the socket);
     * a Dubbo call instead ends by its timeout.
     *
     * @return true when a call was in progress and was cut short, as JMeter's {@link Interruptible} asks
     */
    @Override
    public boolean interrupt() {
        EchoClient current = client;
        return current != null && current.interrupt();
    }

    @Override
    public void teardownTest(JavaSamplerContext context) {
        EchoClient current = client;
        client = null;
        if (current != null) {
            current.close();
        }
    }
}
