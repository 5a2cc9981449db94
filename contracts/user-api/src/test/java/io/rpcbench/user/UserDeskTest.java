package io.rpcbench.user;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.user.proto.PageRequest;
import io.rpcbench.user.proto.UserRequest;
import java.util.ArrayList;
import java.util.List;
import org.apache.dubbo.common.stream.StreamObserver;
import org.junit.jupiter.api.Test;

class UserDeskTest {

    private final UserDesk desk = new UserDesk();
    private final UserProtoDesk protoDesk = new UserProtoDesk();

    @Test
    void aUserCarriesItsIdInEveryField() {
        User user = desk.getUser(7);

        assertThat(user.getId()).isEqualTo(7);
        assertThat(user.getName()).isEqualTo("User 7");
        assertThat(user.getEmail()).isEqualTo("user7@example.com");
        assertThat(user.getMobile()).isEqualTo("+86 138 00000007");
        assertThat(user.getIcon()).endsWith("/7.png");
        assertThat(user.getPermissions()).hasSize(15);
        assertThat(user.getCreateTime()).isEqualTo(user.getUpdateTime());
    }

    @Test
    void aPageHoldsFifteenConsecutiveUsers() {
        Page page = desk.listUser(2);

        assertThat(page.getPageNo()).isEqualTo(2);
        assertThat(page.getTotal()).isEqualTo(UserDesk.TOTAL);
        assertThat(page.getUsers()).extracting(User::getId)
                .containsExactly(30L, 31L, 32L, 33L, 34L, 35L, 36L, 37L, 38L, 39L, 40L, 41L, 42L, 43L, 44L);
    }

    @Test
    void theProtobufTwinAnswersTheSameValues() {
        User bean = desk.getUser(12);
        io.rpcbench.user.proto.User message = protoDesk.getUser(UserRequest.newBuilder().setId(12).build());

        assertThat(message.getId()).isEqualTo(bean.getId());
        assertThat(message.getName()).isEqualTo(bean.getName());
        assertThat(message.getSex()).isEqualTo(bean.getSex());
        assertThat(UserProtoDesk.date(message.getBirthday())).isEqualTo(bean.getBirthday());
        assertThat(message.getEmail()).isEqualTo(bean.getEmail());
        assertThat(message.getMobile()).isEqualTo(bean.getMobile());
        assertThat(message.getAddress()).isEqualTo(bean.getAddress());
        assertThat(message.getIcon()).isEqualTo(bean.getIcon());
        assertThat(message.getPermissionsList()).isEqualTo(bean.getPermissions());
        assertThat(message.getStatus()).isEqualTo(bean.getStatus());
    }

    @Test
    void theProtobufPageAndStreamHoldTheSameUsersAsTheBeanPage() {
        List<Long> beanIds = desk.listUser(3).getUsers().stream().map(User::getId).toList();
        PageRequest third = PageRequest.newBuilder().setPageNo(3).build();

        io.rpcbench.user.proto.Page page = protoDesk.listUser(third);
        List<io.rpcbench.user.proto.User> streamed = new ArrayList<>();
        boolean[] completed = new boolean[1];
        protoDesk.streamUsers(third, new StreamObserver<>() {
            @Override
            public void onNext(io.rpcbench.user.proto.User user) {
                streamed.add(user);
            }

            @Override
            public void onError(Throwable error) {
                throw new AssertionError(error);
            }

            @Override
            public void onCompleted() {
                completed[0] = true;
            }
        });

        assertThat(page.getPageNo()).isEqualTo(3);
        assertThat(page.getUsersList()).extracting(io.rpcbench.user.proto.User::getId).isEqualTo(beanIds);
        assertThat(streamed).extracting(io.rpcbench.user.proto.User::getId).isEqualTo(beanIds);
        assertThat(completed[0]).isTrue();
    }

    /** What a client streams is answered: a page of the ids at the end, or each id at once with its user. */
    @Test
    void theClientStreamsAnswerWithTheUsersOfTheIdsSent() {
        Collected<io.rpcbench.user.proto.Page> page = new Collected<>();
        Collected<io.rpcbench.user.proto.User> chat = new Collected<>();
        StreamObserver<UserRequest> collecting = protoDesk.collectUsers(page);
        StreamObserver<UserRequest> chatting = protoDesk.chatUsers(chat);

        for (long id : new long[] {7, 8, 9}) {
            collecting.onNext(UserRequest.newBuilder().setId(id).build());
            chatting.onNext(UserRequest.newBuilder().setId(id).build());
            assertThat(chat.items).as("answered at once").hasSize((int) id - 6);
            assertThat(page.items).as("answered at the end").isEmpty();
        }
        collecting.onCompleted();
        chatting.onCompleted();

        assertThat(page.items).singleElement().satisfies(answer -> {
            assertThat(answer.getTotal()).isEqualTo(3);
            assertThat(answer.getUsersList()).extracting(io.rpcbench.user.proto.User::getName)
                    .containsExactly("User 7", "User 8", "User 9");
        });
        assertThat(chat.items).extracting(io.rpcbench.user.proto.User::getId).containsExactly(7L, 8L, 9L);
        assertThat(page.completed).isTrue();
        assertThat(chat.completed).isTrue();
    }

    /** A response observer that keeps what it is given. */
    private static final class Collected<T> implements StreamObserver<T> {
        final List<T> items = new ArrayList<>();
        boolean completed;

        @Override
        public void onNext(T item) {
            items.add(item);
        }

        @Override
        public void onError(Throwable error) {
            throw new AssertionError(error);
        }

        @Override
        public void onCompleted() {
            completed = true;
        }
    }
}
