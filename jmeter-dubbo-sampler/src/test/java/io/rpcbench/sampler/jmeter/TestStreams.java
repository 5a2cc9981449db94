package io.rpcbench.sampler.jmeter;

import org.apache.dubbo.common.stream.StreamObserver;

/** A triple service in Dubbo's interface style, for the typed stream client's checks of its inputs. */
public interface TestStreams {

    /** A server stream: {@code count} answers. */
    void feed(int count, StreamObserver<String> answers);

    /** A bidirectional stream: an answer to each number. */
    StreamObserver<Long> chat(StreamObserver<String> answers);
}
