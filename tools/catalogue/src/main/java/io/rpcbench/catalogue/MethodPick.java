package io.rpcbench.catalogue;

import io.rpcbench.sampler.json.MethodSignature;
import io.rpcbench.sampler.json.ServiceDefinition;
import io.rpcbench.sampler.json.TypeName;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Picks the method a plan calls among those a service's definition lists: by name alone when one method has it, by
 * name and {@code --parameter-types} among overloads. Each refusal names the option, the value and the methods or
 * overloads there are, so the user can copy the right one.
 */
final class MethodPick {

    static final String METHOD = "--method";
    static final String PARAMETER_TYPES = "--parameter-types";

    private MethodPick() {}

    /**
     * @param parameterTypes comma-separated types (erased or with type arguments, as {@code services} prints them), or
     *                       empty
     * @throws BadOptionException when no method or several fit
     */
    static MethodSignature of(ServiceDefinition definition, String name, String parameterTypes) {
        List<MethodSignature> named = definition.methodsNamed(name);
        if (named.isEmpty()) {
            throw BadOptionException.of(METHOD, name, "is not a method of " + definition.interfaceName(),
                    "one of its methods: " + definition.describeMethods());
        }
        if (parameterTypes.isBlank()) {
            if (named.size() > 1) {
                throw BadOptionException.of(METHOD, name, "is overloaded in " + definition.interfaceName(),
                        PARAMETER_TYPES + " naming the parameter types of one of: " + describe(named));
            }
            return named.get(0);
        }
        List<String> wanted = erased(TypeName.splitList(parameterTypes));
        List<MethodSignature> fitting = named.stream()
                .filter(method -> erased(method.parameterTypes()).equals(wanted))
                .toList();
        if (fitting.size() != 1) {
            throw BadOptionException.of(PARAMETER_TYPES, parameterTypes, "match" + (fitting.isEmpty() ? " no " : "es "
                    + fitting.size() + " ") + "overloads of " + name, "the parameter types of one of: "
                    + describe(named));
        }
        return fitting.get(0);
    }

    private static List<String> erased(List<String> types) {
        try {
            return types.stream().filter(t -> !t.isBlank()).map(t -> TypeName.parse(t).raw()).toList();
        } catch (IllegalArgumentException e) {
            throw BadOptionException.of(PARAMETER_TYPES, String.join(",", types), "is not a list of Java types ("
                    + e.getMessage() + ")", "comma-separated Java types, e.g. long,java.util.List<com.example.Line>");
        }
    }

    private static String describe(List<MethodSignature> methods) {
        return methods.stream().map(MethodSignature::toString).collect(Collectors.joining("; "));
    }
}
