package io.rpcbench.provider;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.user.Page;
import io.rpcbench.user.User;
import io.rpcbench.user.UserDesk;
import io.rpcbench.user.UserProtoDesk;
import java.util.List;
import java.util.stream.LongStream;

/**
 * What the user service answers, checked field by field against {@link UserDesk}'s data, for the Java beans
 * (hessian2 stacks) and for the protobuf messages (protobuf stacks) alike: user 7 for {@code getUser(7)}, and page 2
 * (users 30 to 44) for {@code listUser(2)}.
 */
final class UserAnswers {

    static final long USER_ID = 7;
    static final int PAGE_NO = 2;

    private UserAnswers() {}

    /** The ids page {@link #PAGE_NO} holds, in order. */
    static List<Long> pageIds() {
        long first = UserDesk.idOnPage(PAGE_NO, 0);
        return LongStream.range(first, first + UserDesk.PAGE_SIZE).boxed().toList();
    }

    static void assertUser(User user, long id) {
        assertThat(user.getId()).isEqualTo(id);
        assertThat(user.getName()).isEqualTo(UserDesk.name(id));
        assertThat(user.getSex()).isEqualTo(UserDesk.SEX);
        assertThat(user.getBirthday()).isEqualTo(UserDesk.BIRTHDAY);
        assertThat(user.getEmail()).isEqualTo(UserDesk.email(id));
        assertThat(user.getMobile()).isEqualTo(UserDesk.mobile(id));
        assertThat(user.getAddress()).isEqualTo(UserDesk.ADDRESS);
        assertThat(user.getIcon()).isEqualTo(UserDesk.icon(id));
        assertThat(user.getPermissions()).isEqualTo(UserDesk.PERMISSIONS);
        assertThat(user.getStatus()).isEqualTo(UserDesk.STATUS);
        assertThat(user.getCreateTime()).isNotNull().isEqualTo(user.getUpdateTime());
    }

    static void assertPage(Page page) {
        assertThat(page.getPageNo()).isEqualTo(PAGE_NO);
        assertThat(page.getTotal()).isEqualTo(UserDesk.TOTAL);
        assertThat(page.getUsers()).hasSize(UserDesk.PAGE_SIZE);
        assertThat(page.getUsers()).extracting(User::getId).containsExactlyElementsOf(pageIds());
        page.getUsers().forEach(user -> assertUser(user, user.getId()));
    }

    static void assertUser(io.rpcbench.user.proto.User user, long id) {
        assertThat(user.getId()).isEqualTo(id);
        assertThat(user.getName()).isEqualTo(UserDesk.name(id));
        assertThat(user.getSex()).isEqualTo(UserDesk.SEX);
        assertThat(UserProtoDesk.date(user.getBirthday())).isEqualTo(UserDesk.BIRTHDAY);
        assertThat(user.getEmail()).isEqualTo(UserDesk.email(id));
        assertThat(user.getMobile()).isEqualTo(UserDesk.mobile(id));
        assertThat(user.getAddress()).isEqualTo(UserDesk.ADDRESS);
        assertThat(user.getIcon()).isEqualTo(UserDesk.icon(id));
        assertThat(user.getPermissionsList()).isEqualTo(UserDesk.PERMISSIONS);
        assertThat(user.getStatus()).isEqualTo(UserDesk.STATUS);
        assertThat(user.getCreateTime().getSeconds()).isPositive();
        assertThat(user.getCreateTime()).isEqualTo(user.getUpdateTime());
    }

    static void assertPage(io.rpcbench.user.proto.Page page) {
        assertThat(page.getPageNo()).isEqualTo(PAGE_NO);
        assertThat(page.getTotal()).isEqualTo(UserDesk.TOTAL);
        assertThat(page.getUsersList()).hasSize(UserDesk.PAGE_SIZE);
        assertThat(page.getUsersList()).extracting(io.rpcbench.user.proto.User::getId)
                .containsExactlyElementsOf(pageIds());
        page.getUsersList().forEach(user -> assertUser(user, user.getId()));
    }
}
