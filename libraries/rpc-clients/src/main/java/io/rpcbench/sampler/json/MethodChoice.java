package io.rpcbench.sampler.json;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.ServiceCallParameters;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Picks the method a sample calls: by name and parameter types when the user gave the types, else by name and the
 * number of arguments, among the methods the provider's metadata lists (generic) or the interface declares (typed).
 * When none or several fit, the {@link BadParameterException} lists the service's methods with their signatures.
 */
public final class MethodChoice {

    private MethodChoice() {}

    /** Generic invocation with types from the registry's metadata. */
    public static MethodSignature fromDefinition(ServiceDefinition definition, String name, int arity) {
        List<MethodSignature> named = definition.methodsNamed(name);
        if (named.isEmpty()) {
            throw BadParameterException.of(ServiceCallParameters.METHOD, name,
                    "is not a method of " + definition.interfaceName(),
                    "one of its methods: " + definition.describeMethods());
        }
        List<MethodSignature> fitting = named.stream().filter(m -> m.parameterTypes().size() == arity).toList();
        if (fitting.size() != 1) {
            throw ambiguous(name, arity, fitting.isEmpty(),
                    named.stream().map(MethodSignature::toString).collect(Collectors.joining("; ")));
        }
        return fitting.get(0);
    }

    /** Typed invocation: the interface's method, by the given types (erased names) or by arity when none given. */
    public static Method fromInterface(Class<?> service, String name, List<String> types, int arity) {
        List<Method> named = Arrays.stream(service.getMethods())
                .filter(m -> m.getName().equals(name) && !Modifier.isStatic(m.getModifiers()))
                .sorted(Comparator.comparing(MethodChoice::describe))
                .toList();
        if (named.isEmpty()) {
            throw BadParameterException.of(ServiceCallParameters.METHOD, name,
                    "is not a method of " + service.getName(), "one of its methods: " + describeAll(service));
        }
        List<Method> fitting;
        if (types.isEmpty()) {
            fitting = named.stream().filter(m -> m.getParameterCount() == arity).toList();
        } else {
            List<String> erased = types.stream().map(t -> TypeName.parse(t).raw()).toList();
            fitting = named.stream().filter(m -> erasedNames(m).equals(erased)).toList();
            if (fitting.isEmpty()) {
                throw BadParameterException.of(ServiceCallParameters.PARAMETER_TYPES, String.join(",", types),
                        "match no method " + name + " of " + service.getName(), "the types of one of: "
                                + named.stream().map(MethodChoice::describe).collect(Collectors.joining("; ")));
            }
        }
        if (fitting.size() != 1) {
            throw ambiguous(name, arity, fitting.isEmpty(),
                    named.stream().map(MethodChoice::describe).collect(Collectors.joining("; ")));
        }
        return fitting.get(0);
    }

    private static BadParameterException ambiguous(String name, int arity, boolean none, String candidates) {
        String problem = none ? "has no overload taking " + arity + " argument" + (arity == 1 ? "" : "s")
                : "has several overloads taking " + arity + " argument" + (arity == 1 ? "" : "s");
        return BadParameterException.of(ServiceCallParameters.METHOD, name, problem,
                (none ? "arguments for one of: " : "parameter_types naming one of: ") + candidates);
    }

    private static List<String> erasedNames(Method method) {
        return Arrays.stream(method.getParameterTypes()).map(Class::getTypeName).toList();
    }

    private static String describeAll(Class<?> service) {
        return Arrays.stream(service.getMethods())
                .filter(m -> !Modifier.isStatic(m.getModifiers()))
                .map(MethodChoice::describe)
                .sorted()
                .collect(Collectors.joining("; "));
    }

    /** {@code com.example.Order build(long, java.util.List<com.example.OrderLine>)}. */
    public static String describe(Method method) {
        return method.getGenericReturnType().getTypeName() + " " + method.getName() + "("
                + Arrays.stream(method.getGenericParameterTypes()).map(Type::getTypeName)
                        .collect(Collectors.joining(", "))
                + ")";
    }
}
