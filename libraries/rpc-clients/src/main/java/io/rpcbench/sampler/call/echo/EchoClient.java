package io.rpcbench.sampler.call.echo;

import io.rpcbench.sampler.call.RpcClient;

/**
 * A client of the echo service, whatever the protocol: each call sends its {@link #request()}'s payload, and the
 * answer must be that payload's echo. What a sample checks and counts of it is the request's, once for every protocol
 * (a client whose transport counts the bytes on the wire, as Thrift's and Dubbo's do, says so instead).
 */
public interface EchoClient extends RpcClient {

    /** The request every call of this client sends. */
    EchoRequest request();

    /** What is wrong with the answer, or null when it is the request's echo. */
    @Override
    default String mismatch(Object response) {
        return request().mismatch(response);
    }

    /** The payload's bytes. */
    @Override
    default long sentBytes() {
        return request().payloadBytes();
    }

    /** The echo's bytes, the payload's size: what the protocol gives back. */
    @Override
    default long receivedBytes(Object response) {
        return request().responseBytes();
    }
}
