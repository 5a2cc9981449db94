package io.rpcbench.user;

import com.google.protobuf.Timestamp;
import io.rpcbench.user.proto.Page;
import io.rpcbench.user.proto.User;
import io.rpcbench.user.proto.UserRequest;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.function.Consumer;

/**
 * The protobuf user service's answers as messages, the same values as {@link UserDesk}'s beans, for every server that
 * serves {@code rpcbench/user.proto}: Dubbo's generated triple stub ({@link UserProtoDesk}) and a plain grpc-java
 * server (the grpc-provider module), so that both answer a call with the same message.
 */
public final class UserProtoAnswers {

    private static final Timestamp BIRTHDAY = timestamp(
            UserDesk.BIRTHDAY.atStartOfDay(ZoneOffset.UTC).toInstant());

    private UserProtoAnswers() {}

    /** The user {@code id}, created and updated {@code now}. */
    public static User user(long id, Timestamp now) {
        return User.newBuilder()
                .setId(id)
                .setName(UserDesk.name(id))
                .setSex(UserDesk.SEX)
                .setBirthday(BIRTHDAY)
                .setEmail(UserDesk.email(id))
                .setMobile(UserDesk.mobile(id))
                .setAddress(UserDesk.ADDRESS)
                .setIcon(UserDesk.icon(id))
                .addAllPermissions(UserDesk.PERMISSIONS)
                .setStatus(UserDesk.STATUS)
                .setCreateTime(now)
                .setUpdateTime(now)
                .build();
    }

    /** Page {@code pageNo} of {@link UserDesk#PAGE_SIZE} users. */
    public static Page page(int pageNo, Timestamp now) {
        Page.Builder page = Page.newBuilder().setPageNo(pageNo).setTotal(UserDesk.TOTAL);
        for (int i = 0; i < UserDesk.PAGE_SIZE; i++) {
            page.addUsers(user(UserDesk.idOnPage(pageNo, i), now));
        }
        return page.build();
    }

    /** Page {@code pageNo}'s users one by one, as a server stream sends them ({@code streamUsers}). */
    public static void streamPage(int pageNo, Consumer<User> send) {
        Timestamp now = now();
        for (int i = 0; i < UserDesk.PAGE_SIZE; i++) {
            send.accept(user(UserDesk.idOnPage(pageNo, i), now));
        }
    }

    /** The page of the ids a client streams ({@code collectUsers}): each request added, the page at the stream's end. */
    public static final class Collected {
        private final Timestamp now = now();
        private final Page.Builder page = Page.newBuilder();

        public void add(UserRequest request) {
            page.addUsers(user(request.getId(), now));
        }

        public Page page() {
            return page.setTotal(page.getUsersCount()).build();
        }
    }

    public static Timestamp now() {
        return timestamp(Instant.now());
    }

    public static Timestamp timestamp(Instant instant) {
        return Timestamp.newBuilder().setSeconds(instant.getEpochSecond()).setNanos(instant.getNano()).build();
    }
}
