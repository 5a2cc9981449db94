package io.rpcbench.sampler.thrift;

import org.apache.thrift.TBase;

/**
 * A provider answered with one of the exceptions the method declares ({@code throws (1: ItemNotFound notFound)}):
 * a remote exception whose message carries the exception's type and fields as JSON, e.g.
 * {@code InventoryService.find threw notFound: io.rpcbench.example.thrift.ItemNotFound {"id":-1,"reason":"..."}}.
 * The generated exception is the cause. The answer was read whole, so the connection stays usable.
 */
public final class DeclaredThriftException extends Exception {
    private static final long serialVersionUID = 1L;

    /**
     * @param field     the result field that carried it, e.g. {@code notFound}
     * @param exception the generated exception, a {@link TBase}
     */
    @SuppressWarnings("rawtypes")
    public DeclaredThriftException(String method, String field, Exception exception) {
        super(method + " threw " + field + ": " + exception.getClass().getName() + " "
                + ThriftToJson.render((TBase) exception), exception);
    }
}
