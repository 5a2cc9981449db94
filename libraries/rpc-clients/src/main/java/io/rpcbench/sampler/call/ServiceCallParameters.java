package io.rpcbench.sampler.call;

/**
 * The names of the parameters that say which method of a service to call and with what, whatever the protocol: the
 * samplers read them, and the classes that turn JSON into a call's arguments name them in a
 * {@link BadParameterException} when a value does not fit.
 */
public final class ServiceCallParameters {

    /** The service's interface, e.g. {@code com.example.OrderService} (Dubbo's: the registry's key of it too). */
    public static final String INTERFACE = "interface";

    /** The method to call, e.g. {@code findOrder}. */
    public static final String METHOD = "method";

    /** The method's parameter types as Java type names, comma-separated (the Dubbo service sampler). */
    public static final String PARAMETER_TYPES = "parameter_types";

    /** The call's arguments: one JSON array, a value per parameter. */
    public static final String ARGUMENTS = "arguments";

    private ServiceCallParameters() {}
}
