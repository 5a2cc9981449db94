package io.rpcbench.sampler.dubbo;

import io.rpcbench.sampler.call.FailureCategory;
import io.rpcbench.sampler.call.FailureClassifier;
import io.rpcbench.sampler.call.FailureRules;
import io.rpcbench.sampler.registry.RegistryUnreachableException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.dubbo.remoting.RemotingException;
import org.apache.dubbo.remoting.transport.ExceedPayloadLimitException;
import org.apache.dubbo.rpc.RpcException;

/**
 * What Dubbo's exceptions mean ({@link FailureRules} for {@link FailureClassifier}), for every Dubbo client: an
 * {@link RpcException}'s code decides its category, or defers to its cause when unknown; a {@link RemotingException} is
 * a connection failure, unless it carries the provider's own answer (a request it could not decode, a service it does
 * not export, a failure of its filters), which is found anywhere in the cause chain first and worded here; so is a
 * payload over Dubbo's limit.
 */
public final class DubboFailureRules implements FailureRules {

    /** The rules of every Dubbo client. */
    public static final FailureRules RULES = new DubboFailureRules();

    /** How a Dubbo provider answers a request it could not decode (an unknown service, arguments of the wrong type). */
    static final String PROVIDER_DECODE_FAILURE = "Fail to decode request";

    /**
     * How a Dubbo provider answers a call for a service it does not export (now: it is unexporting; or ever: another
     * group, or with Dubbo 2.7 another version), followed by the service key asked for and the keys it exports.
     */
    static final String PROVIDER_NOT_EXPORTED = "Not found exported service: ";

    /** The first line of an exception's text: its class name, and its message if any. */
    private static final Pattern EXCEPTION_LINE = Pattern.compile("[\\w$]+(\\.[\\w$]+)+(: .*)?");

    private DubboFailureRules() {}

    @Override
    public FailureCategory categorizeWhole(Throwable failure) {
        if (payloadLimit(failure) != null) {
            return FailureCategory.SERIALIZATION; // the codec refused to encode it: nothing to do with the connection
        }
        if (providerDecodeFailure(failure) != null) {
            return FailureCategory.SERIALIZATION; // the call reached the provider, which could not read it
        }
        if (notExported(failure) != null) {
            return FailureCategory.CONNECTION; // the call reached a port, but no service behind it
        }
        if (providerFilterFailure(failure) != null) {
            return FailureCategory.REMOTE_EXCEPTION; // the provider answered with an error of its own
        }
        return null;
    }

    @Override
    public FailureCategory decide(Throwable t) {
        if (t instanceof RegistryUnreachableException) {
            return FailureCategory.CONNECTION; // found out before Dubbo tried
        }
        if (t instanceof RpcException) {
            return dubbo((RpcException) t);
        }
        if (t instanceof org.apache.dubbo.remoting.TimeoutException) {
            return FailureCategory.TIMEOUT;
        }
        if (t instanceof RemotingException) {
            return FailureCategory.CONNECTION;
        }
        return null;
    }

    @Override
    public String detail(Throwable failure) {
        ExceedPayloadLimitException tooLarge = payloadLimit(failure);
        if (tooLarge != null) { // Dubbo's own message embeds the whole URL first, which would cut this part off
            return "the payload exceeds Dubbo's payload limit (the 'payload' setting of consumer and provider, "
                    + "8388608 bytes by default): " + tooLarge.getMessage();
        }
        String refusal = providerDecodeFailure(failure);
        if (refusal != null) { // the provider's own words, which Dubbo's message puts after the whole consumer URL
            return "the provider could not decode the request (an interface it does not export, or arguments that do "
                    + "not fit the method's parameter types): " + refusal.replace('\n', ' ').replace('\r', ' ');
        }
        String notExported = notExported(failure);
        if (notExported != null) {
            return notExported;
        }
        String filterFailure = providerFilterFailure(failure);
        if (filterFailure != null) {
            return "the provider failed the call before the service method ran (e.g. generic arguments it could not "
                    + "turn into the parameter types): " + filterFailure.replace('\n', ' ').replace('\r', ' ');
        }
        return null;
    }

    /**
     * True when a Dubbo consumer made no call because the registry lists no provider of the service (Dubbo's "No
     * provider available"): {@link SharedConsumerClient#explain} says why.
     */
    public static boolean noProvider(RpcException e) {
        return e.isForbidden() && String.valueOf(e.getMessage()).contains("No provider available");
    }

    /**
     * The provider's message when a Dubbo provider answered that it could not decode the request (it reaches the
     * consumer as a {@link RemotingException} carrying the provider's error text), from that text on; else null.
     */
    private static String providerDecodeFailure(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage();
            int at = message == null ? -1 : message.indexOf(PROVIDER_DECODE_FAILURE);
            if (t instanceof RemotingException && at >= 0) {
                return message.substring(at);
            }
        }
        return null;
    }

    /**
     * The provider's error text when a Dubbo provider's own filters failed the call before the service ran, else
     * null. The provider answers such a failure with the exception's text and stack trace (Dubbo 3 wraps it in an
     * {@link RpcException}, whose prefix is dropped here; Dubbo 2.7's generic filter sends e.g. an
     * {@code InaccessibleObjectException} as it is), and the consumer throws that text as a
     * {@link RemotingException}: the provider answered, so it is no connection failure. A service's own exception
     * comes back as a result instead, not this way.
     */
    private static String providerFilterFailure(Throwable failure) {
        String prefix = RpcException.class.getName() + ": ";
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage();
            if (!(t instanceof RemotingException) || message == null) {
                continue;
            }
            int lineEnd = message.indexOf('\n'); // the provider's stack trace follows
            String line = (lineEnd < 0 ? message : message.substring(0, lineEnd)).trim();
            if (line.startsWith(prefix)) {
                return line.substring(prefix.length());
            }
            if (lineEnd > 0 && message.indexOf("\tat ", lineEnd) > 0 && EXCEPTION_LINE.matcher(line).matches()) {
                return line;
            }
        }
        return null;
    }

    /**
     * What the provider lacked, when a Dubbo provider answered that it does not export the service asked for (the
     * consumer throws the provider's text as a {@link RemotingException}): e.g. {@code the provider does not export
     * com.example.OrderService version 2.0 group green (it is unexporting, or serves another version or group); it
     * exports com.example.OrderService version 2.0 group blue}. Null for any other failure.
     */
    private static String notExported(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage();
            int at = message == null ? -1 : message.indexOf(PROVIDER_NOT_EXPORTED);
            if (t instanceof RemotingException && at >= 0) {
                int lineEnd = message.indexOf('\n', at);
                return notExportedText(message.substring(at + PROVIDER_NOT_EXPORTED.length(),
                        lineEnd < 0 ? message.length() : lineEnd));
            }
        }
        return null;
    }

    /** From {@code green/com.example.OrderService:2.0:20880 in [blue/com.example.OrderService:2.0:20880, ...], ...}. */
    private static String notExportedText(String answer) {
        int in = answer.indexOf(" in [");
        int listEnd = answer.indexOf(']', in + 1);
        if (in < 0 || listEnd < 0) { // not the shape Dubbo writes: its own words then
            return "the provider does not export the service (it is unexporting, or serves another version or group): "
                    + PROVIDER_NOT_EXPORTED + answer;
        }
        List<String> exported = new ArrayList<>();
        for (String key : answer.substring(in + " in [".length(), listEnd).split(",\\s*")) {
            if (!key.isBlank() && !key.contains("/org.apache.dubbo.") && !key.startsWith("org.apache.dubbo.")) {
                exported.add(serviceKeyText(key.strip())); // Dubbo's own services (MetadataService) are noise here
            }
        }
        return "the provider does not export " + serviceKeyText(answer.substring(0, in).strip())
                + " (it is unexporting, or serves another version or group); it exports "
                + (exported.isEmpty() ? "no other service" : String.join(", ", exported));
    }

    /** Dubbo's service key {@code [group/]interface[:version]:port} as {@code interface version V group G}. */
    private static String serviceKeyText(String key) {
        int slash = key.lastIndexOf('/');
        String group = slash < 0 ? "" : key.substring(0, slash);
        String rest = key.substring(slash + 1);
        int port = rest.lastIndexOf(':');
        String service = port < 0 ? rest : rest.substring(0, port);
        int colon = service.indexOf(':');
        String version = colon < 0 ? "" : service.substring(colon + 1);
        String name = colon < 0 ? service : service.substring(0, colon);
        return name + " version " + (version.isEmpty() ? "(none)" : version) + " group "
                + (group.isEmpty() ? "(none)" : group);
    }

    /** Dubbo's codec refusing a message over the payload limit, anywhere in the cause chain, or null. */
    private static ExceedPayloadLimitException payloadLimit(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ExceedPayloadLimitException tooLarge) {
                return tooLarge;
            }
        }
        return null;
    }

    private static FailureCategory dubbo(RpcException e) {
        if (e.isTimeout() || e.getCode() == RpcException.TIMEOUT_TERMINATE) {
            return FailureCategory.TIMEOUT;
        }
        if (e.isNetwork() || e.isNoInvokerAvailableAfterFilter()) {
            return FailureCategory.CONNECTION;
        }
        if (noProvider(e)) {
            return FailureCategory.CONNECTION; // what a consumer says when the registry lists no provider
        }
        if (e.isSerialization()) {
            return FailureCategory.SERIALIZATION;
        }
        if (e.getCode() == RpcException.UNKNOWN_EXCEPTION) {
            return null; // the cause decides
        }
        return FailureCategory.REMOTE_EXCEPTION; // biz, forbidden, limit, method not found, validation...
    }
}
