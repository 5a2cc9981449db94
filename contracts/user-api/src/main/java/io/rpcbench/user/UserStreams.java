package io.rpcbench.user;

import org.apache.dubbo.common.stream.StreamObserver;

/**
 * Seed 004's users as streams, in Dubbo 3 triple's interface style: a plain Java interface whose methods take or
 * return a {@link StreamObserver}, no {@code .proto} (each message hessian2 inside triple's protobuf wrapper). Dubbo
 * reads a method's kind from its signature: a request and an observer of answers is a server stream, an observer of
 * answers returning an observer of requests a bidirectional stream.
 */
public interface UserStreams {

    /** The users of page {@code pageNo}, one message each ({@link UserDesk#PAGE_SIZE} of them), then the end. */
    void streamUsers(int pageNo, StreamObserver<User> users);

    /** Each id the client sends answered at once with its user; the stream ends when the client ends its side. */
    StreamObserver<Long> chatUsers(StreamObserver<User> users);
}
