package io.rpcbench.grpc;

import io.grpc.stub.StreamObserver;
import io.rpcbench.user.UserProtoAnswers;
import io.rpcbench.user.proto.Empty;
import io.rpcbench.user.proto.Page;
import io.rpcbench.user.proto.PageRequest;
import io.rpcbench.user.proto.User;
import io.rpcbench.user.proto.UserRequest;
import io.rpcbench.user.proto.UserServiceGrpc;

/**
 * Seed 004's user service as a grpc-java server serves it, from the stub protoc-gen-grpc-java generates: the same
 * answers as the provider app's triple stub ({@link UserProtoAnswers}) for every method of {@code rpcbench/user.proto},
 * unary, server streaming, client streaming and bidirectional.
 */
final class GrpcUserService extends UserServiceGrpc.UserServiceImplBase {

    @Override
    public void ping(Empty request, StreamObserver<Empty> answer) {
        answer.onNext(Empty.getDefaultInstance());
        answer.onCompleted();
    }

    @Override
    public void getUser(UserRequest request, StreamObserver<User> answer) {
        answer.onNext(UserProtoAnswers.user(request.getId(), UserProtoAnswers.now()));
        answer.onCompleted();
    }

    @Override
    public void listUser(PageRequest request, StreamObserver<Page> answer) {
        answer.onNext(UserProtoAnswers.page(request.getPageNo(), UserProtoAnswers.now()));
        answer.onCompleted();
    }

    @Override
    public void streamUsers(PageRequest request, StreamObserver<User> answer) {
        UserProtoAnswers.streamPage(request.getPageNo(), answer::onNext);
        answer.onCompleted();
    }

    @Override
    public StreamObserver<UserRequest> collectUsers(StreamObserver<Page> answer) {
        UserProtoAnswers.Collected page = new UserProtoAnswers.Collected();
        return new StreamObserver<>() {
            @Override
            public void onNext(UserRequest request) {
                page.add(request);
            }

            @Override
            public void onError(Throwable cancelled) {
                // the client cancelled: nothing to answer
            }

            @Override
            public void onCompleted() {
                answer.onNext(page.page());
                answer.onCompleted();
            }
        };
    }

    @Override
    public StreamObserver<UserRequest> chatUsers(StreamObserver<User> answer) {
        return new StreamObserver<>() {
            @Override
            public void onNext(UserRequest request) {
                answer.onNext(UserProtoAnswers.user(request.getId(), UserProtoAnswers.now()));
            }

            @Override
            public void onError(Throwable cancelled) {
                // the client cancelled: nothing more to answer
            }

            @Override
            public void onCompleted() {
                answer.onCompleted();
            }
        };
    }
}
