package io.rpcbench.elements.gui;

import io.rpcbench.elements.check.ChoiceCheck;
import io.rpcbench.elements.check.FieldCheck;
import io.rpcbench.elements.check.IntegerCheck;
import io.rpcbench.elements.check.JsonArgumentsCheck;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.thrift.ThriftMethod;
import io.rpcbench.sampler.thrift.ThriftServiceSettings;
import io.rpcbench.sampler.thrift.ThriftSettings;
import java.util.List;

/** The fields of the Thrift Request panel: the parameters of the Java Request {@code ThriftServiceSampler}. */
final class ThriftFields {

    static final String WHERE = "Where: the Thrift server, and how to talk to it";
    static final String WHAT = "What: the service, method and arguments";
    static final String RESULTS = "Results";
    static final String CALLS = "How calls are made";

    private ThriftFields() {}

    static List<FieldGroup> call() {
        return List.of(
                FieldGroup.of("where", WHERE,
                        Field.text(ThriftSettings.HOST, "Host", "The Thrift server's host name or IP address. Empty: "
                                + ThriftSettings.DEFAULT_HOST + ".", FieldCheck.NONE),
                        Field.text(ThriftSettings.PORT, "Port", "The Thrift server's port. Empty: "
                                + ThriftSettings.DEFAULT_PORT + ".", new IntegerCheck(ThriftSettings.PORT, 1, 65535,
                                        Integer.toString(ThriftSettings.DEFAULT_PORT))),
                        Field.choice(ThriftSettings.TRANSPORT, "Transport", "As the server is built: buffered (a plain "
                                + "socket, TThreadPoolServer's default) or framed. Empty: buffered.",
                                ThriftSettings.TRANSPORTS, new ChoiceCheck(ThriftSettings.TRANSPORT,
                                        ThriftSettings.TRANSPORTS, ThriftSettings.DEFAULT_TRANSPORT)),
                        Field.choice(ThriftSettings.PROTOCOL, "Protocol", "As the server is built: binary or compact. "
                                + "Empty: binary.", ThriftSettings.PROTOCOLS, new ChoiceCheck(ThriftSettings.PROTOCOL,
                                        ThriftSettings.PROTOCOLS, ThriftSettings.DEFAULT_PROTOCOL)),
                        Field.text(ThriftServiceSettings.MULTIPLEXED_SERVICE, "Multiplexed service", "The name the "
                                + "server registered the service under in its TMultiplexedProcessor. Empty: a plain, "
                                + "not multiplexed, server.", FieldCheck.NONE),
                        Field.text(SamplerParameters.TIMEOUT_MS, "Timeout (ms)", "How long a call may take before "
                                + "the sample fails as timeout, in milliseconds. Empty: "
                                + SamplerParameters.DEFAULT_TIMEOUT_MS + ".", new IntegerCheck(
                                        SamplerParameters.TIMEOUT_MS, 1, SamplerParameters.MAX_TIMEOUT_MS,
                                        Integer.toString(SamplerParameters.DEFAULT_TIMEOUT_MS)))),
                FieldGroup.of("what", WHAT,
                        Field.text(ThriftMethod.SERVICE, "Service class", "The generated service class (the outer "
                                + "class holding Iface, Client and the <method>_args classes), e.g. "
                                + "com.example.thrift.OrderService; its jar in JMeter's lib/ext or -Juser.classpath.",
                                FieldCheck.NONE),
                        Field.text(ThriftMethod.METHOD, "Method", "One method of that service, e.g. find.",
                                FieldCheck.NONE),
                        Field.json(ThriftServiceSettings.ARGUMENTS, "Arguments (JSON)", "A JSON array of the "
                                + "arguments in the IDL's order, or an object keyed by their IDL names, e.g. "
                                + "{\"code\": \"A-1\", \"items\": [{\"id\": 1, \"name\": \"washer\"}]}. ${var} and "
                                + "functions work anywhere in it, substituted at each sample.",
                                new JsonArgumentsCheck(ThriftServiceSettings.ARGUMENTS, false))),
                FieldGroup.of("results", RESULTS,
                        Field.text(ThriftServiceSettings.RESPONSE_MAX_BYTES, "Response size limit (bytes)", "The most "
                                + "of each answer kept as the sample's response data (the JSON text is cut there, and "
                                + "says so). Empty: " + ThriftServiceSettings.DEFAULT_RESPONSE_MAX_BYTES + " (64 KiB).",
                                new IntegerCheck(ThriftServiceSettings.RESPONSE_MAX_BYTES, 0,
                                        ThriftServiceSettings.MAX_RESPONSE_MAX_BYTES,
                                        Integer.toString(ThriftServiceSettings.DEFAULT_RESPONSE_MAX_BYTES)))));
    }

    static List<FieldGroup> advanced() {
        return List.of(FieldGroup.of("calls", CALLS, DubboFields.maxInFlight(),
                DubboFields.propertyOverrides("host=thrift.host, port=thrift.port")));
    }
}
