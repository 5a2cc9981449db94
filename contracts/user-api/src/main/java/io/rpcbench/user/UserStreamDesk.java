package io.rpcbench.user;

import org.apache.dubbo.common.stream.StreamObserver;

/** The answers of {@link UserStreams}: the users {@link UserDesk} answers, as streams. */
public class UserStreamDesk implements UserStreams {

    private final UserDesk desk = new UserDesk();

    @Override
    public void streamUsers(int pageNo, StreamObserver<User> users) {
        for (User user : desk.listUser(pageNo).getUsers()) {
            users.onNext(user);
        }
        users.onCompleted();
    }

    @Override
    public StreamObserver<Long> chatUsers(StreamObserver<User> users) {
        return new StreamObserver<>() {
            @Override
            public void onNext(Long id) {
                users.onNext(desk.getUser(id));
            }

            @Override
            public void onError(Throwable cancelled) {
                // the client cancelled or failed: nothing more to answer
            }

            @Override
            public void onCompleted() {
                users.onCompleted();
            }
        };
    }
}
