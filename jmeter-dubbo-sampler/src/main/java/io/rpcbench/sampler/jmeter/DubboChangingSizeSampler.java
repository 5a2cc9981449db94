package io.rpcbench.sampler.jmeter;

import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.echo.ChangingSizeClient;
import io.rpcbench.sampler.call.echo.EchoRequest;
import io.rpcbench.sampler.call.echo.IntervalRequests;
import io.rpcbench.sampler.call.echo.SizeChange;
import io.rpcbench.sampler.dubbo.DubboSettings;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * The Dubbo echo sampler ({@link DubboSampler}) with a payload whose size changes at random every interval, seed
 * 000's high-pressure test: in place of {@code size_bytes} it takes {@value SizeChange#MIN_BYTES},
 * {@value SizeChange#MAX_BYTES} (default 20 to 204800), {@value SizeChange#EVERY_SECONDS} (default 600) and
 * {@value SizeChange#SEED} (default 1); see {@link SizeChange} for how a size is drawn and why every thread and
 * every JMeter with the same clock switch together.
 *
 * <p>Each sample's size is in the JTL three ways: the received bytes (the echo's payload plus Dubbo's envelope), the
 * request summary ({@code echo string 51234 bytes}), and the thread's variable {@value #SIZE_VARIABLE}, a column of
 * its own when JMeter's {@code sample_variables} names it (e.g. {@code -Jsample_variables=elapsed_us,size_bytes}), by
 * which a report can group samples. The label stays the sampler's name, so a run has one row per sampler.
 *
 * <p>Order of calls: as {@link RpcJavaSampler}; the request of each interval is built once per JVM and shared
 * ({@link IntervalRequests}), the thread's client switches to it in the first sample of the interval
 * ({@link ChangingSizeClient}).
 */
public class DubboChangingSizeSampler extends DubboSampler {

    /** The JMeter variable, and so the JTL column when {@code sample_variables} names it, holding the sample's size. */
    public static final String SIZE_VARIABLE = "size_bytes";

    private IntervalRequests requests;
    private ChangingSizeClient changing;
    /** The text of the last size put into the variable, made once per size rather than per sample. */
    private String sizeText = "";
    private int sizeOfText = -1;

    @Override
    protected void addParameters(Arguments arguments) {
        super.addParameters(arguments);
        // The size is drawn, not given: a size_bytes left in the list would look as if it counted.
        arguments.removeArgument(SamplerParameters.SIZE_BYTES);
        arguments.addArgument(SizeChange.MIN_BYTES, Integer.toString(SizeChange.DEFAULT_MIN_BYTES));
        arguments.addArgument(SizeChange.MAX_BYTES, Integer.toString(SizeChange.DEFAULT_MAX_BYTES));
        arguments.addArgument(SizeChange.EVERY_SECONDS, Integer.toString(SizeChange.DEFAULT_EVERY_SECONDS));
        arguments.addArgument(SizeChange.SEED, Integer.toString(SizeChange.DEFAULT_SEED));
    }

    @Override
    protected EchoSetup<DubboSettings> setup(SamplerParameters parameters) {
        EchoSetup<DubboSettings> setup = super.setup(parameters);
        EchoRequest fixed = setup.request();
        requests = IntervalRequests.shared(SizeChange.from(parameters), fixed.kind(), fixed.listCount());
        return setup;
    }

    @Override
    protected RpcClient open(EchoSetup<DubboSettings> setup) {
        changing = new ChangingSizeClient(requests, System::currentTimeMillis,
                request -> DubboChangingSizeSampler.super.open(new EchoSetup<>(setup.settings(), request)));
        return changing;
    }

    @Override
    protected String summary(EchoSetup<DubboSettings> setup) {
        return setup.request().kind().userName() + " of " + requests.change().describe();
    }

    @Override
    protected String sampleSummary(String setupSummary) {
        return changing.summary();
    }

    @Override
    public SampleResult runTest(JavaSamplerContext context) {
        SampleResult result = super.runTest(context);
        ChangingSizeClient current = changing;
        JMeterVariables variables = JMeterContextService.getContext().getVariables();
        if (current != null && variables != null) { // no variables outside a JMeter thread, e.g. in a unit test
            int size = current.request().sizeBytes();
            if (size != sizeOfText) {
                sizeText = Integer.toString(size);
                sizeOfText = size;
            }
            variables.put(SIZE_VARIABLE, sizeText);
        }
        return result;
    }
}
