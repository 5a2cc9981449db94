package io.rpcbench.sampler.json;

import java.util.List;

/**
 * One method of a service: its name and its parameter types as Dubbo's metadata writes them (with type arguments,
 * e.g. {@code java.util.List<com.example.OrderLine>}).
 *
 * @param returnType the return type, or empty when unknown (types given by the user)
 */
public record MethodSignature(String name, List<String> parameterTypes, String returnType) {

    /** The erased parameter types, as {@code GenericService.$invoke} takes them. */
    public String[] erasedParameterTypes() {
        return parameterTypes.stream().map(t -> TypeName.parse(t).raw()).toArray(String[]::new);
    }

    /** {@code com.example.Order build(long, java.math.BigDecimal)}. */
    @Override
    public String toString() {
        return (returnType.isEmpty() ? "" : returnType + " ") + name + "(" + String.join(", ", parameterTypes) + ")";
    }
}
