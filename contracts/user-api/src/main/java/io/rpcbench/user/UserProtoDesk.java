package io.rpcbench.user;

import com.google.protobuf.Timestamp;
import io.rpcbench.user.proto.DubboUserServiceTriple;
import io.rpcbench.user.proto.Empty;
import io.rpcbench.user.proto.Page;
import io.rpcbench.user.proto.PageRequest;
import io.rpcbench.user.proto.User;
import io.rpcbench.user.proto.UserRequest;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.apache.dubbo.common.stream.StreamObserver;

/**
 * The protobuf user service's answers ({@code rpcbench/user.proto}, {@link UserProtoAnswers}): exported
 * as Dubbo's generated triple stub (triple + protobuf) and, through its interface, over the dubbo protocol with
 * protobuf serialization. {@link #streamUsers} sends a page's users one message each; {@link #collectUsers} answers the
 * ids a client streams with one page, {@link #chatUsers} each id at once with its user.
 */
public class UserProtoDesk extends DubboUserServiceTriple.UserServiceImplBase {

    @Override
    public Empty ping(Empty request) {
        return Empty.getDefaultInstance();
    }

    @Override
    public User getUser(UserRequest request) {
        return UserProtoAnswers.user(request.getId(), UserProtoAnswers.now());
    }

    @Override
    public Page listUser(PageRequest request) {
        return UserProtoAnswers.page(request.getPageNo(), UserProtoAnswers.now());
    }

    @Override
    public void streamUsers(PageRequest request, StreamObserver<User> responseObserver) {
        UserProtoAnswers.streamPage(request.getPageNo(), responseObserver::onNext);
        responseObserver.onCompleted();
    }

    /** The users of the ids streamed, one page when the client ends its stream; nothing when it cancels. */
    @Override
    public StreamObserver<UserRequest> collectUsers(StreamObserver<Page> responseObserver) {
        UserProtoAnswers.Collected page = new UserProtoAnswers.Collected();
        return new StreamObserver<>() {
            @Override
            public void onNext(UserRequest request) {
                page.add(request);
            }

            @Override
            public void onError(Throwable cancelled) {
                // the client cancelled or failed: its stream has ended, and so has the answer
            }

            @Override
            public void onCompleted() {
                responseObserver.onNext(page.page());
                responseObserver.onCompleted();
            }
        };
    }

    /** Each id streamed answered at once with its user; the stream ends when the client ends its side. */
    @Override
    public StreamObserver<UserRequest> chatUsers(StreamObserver<User> responseObserver) {
        return new StreamObserver<>() {
            @Override
            public void onNext(UserRequest request) {
                responseObserver.onNext(UserProtoAnswers.user(request.getId(), UserProtoAnswers.now()));
            }

            @Override
            public void onError(Throwable cancelled) {
                // the client cancelled or failed: nothing more to answer
            }

            @Override
            public void onCompleted() {
                responseObserver.onCompleted();
            }
        };
    }

    /** The date of a birthday timestamp, for checks. */
    public static LocalDate date(Timestamp timestamp) {
        return Instant.ofEpochSecond(timestamp.getSeconds(), timestamp.getNanos()).atZone(ZoneOffset.UTC).toLocalDate();
    }
}
