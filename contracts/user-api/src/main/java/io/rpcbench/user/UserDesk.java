package io.rpcbench.user;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The user service's answers for hessian2: a new user per call, as a service reading a database would hand out,
 * with the creation time of the call. {@link UserProtoDesk} answers the protobuf twin with the same values, taken
 * from the constants here, so that the five stacks of seed 004 carry the same data.
 *
 * <pre>{@code
 * UserService users = new UserDesk();
 * users.getUser(7).getEmail();                // user7@example.com
 * users.listUser(2).getUsers().get(0).getId(); // 30: page 2 holds users 30 to 44
 * }</pre>
 */
public class UserDesk implements UserService {

    /** Users per page. */
    public static final int PAGE_SIZE = 15;
    /** The total a page reports. */
    public static final int TOTAL = 1000;
    public static final int SEX = 1;
    public static final int STATUS = 1;
    public static final LocalDate BIRTHDAY = LocalDate.of(1990, 5, 17);
    /** A street address with Chinese characters, as the seed's users had: hessian2 and protobuf encode them apart. */
    public static final String ADDRESS = "北京市海淀区中关村大街 27 号 中关村大厦 1605 室";
    public static final List<Integer> PERMISSIONS = List.of(1, 2, 3, 4, 5, 6, 7, 8, 19, 86, 88, 89, 90, 91, 92);

    public static String name(long id) {
        return "User " + id;
    }

    public static String email(long id) {
        return "user" + id + "@example.com";
    }

    public static String mobile(long id) {
        return "+86 138 " + String.format("%08d", id % 100_000_000L);
    }

    public static String icon(long id) {
        return "https://example.com/avatars/" + id + ".png";
    }

    /** The id of the {@code index}th user (from 0) of page {@code pageNo}. */
    public static long idOnPage(int pageNo, int index) {
        return (long) pageNo * PAGE_SIZE + index;
    }

    @Override
    public void ping() {
        // The seed's call with no argument and no result: nothing to do but answer.
    }

    @Override
    public User getUser(long id) {
        return user(id, LocalDateTime.now());
    }

    @Override
    public Page listUser(int pageNo) {
        LocalDateTime now = LocalDateTime.now();
        List<User> users = new ArrayList<>(PAGE_SIZE);
        for (int i = 0; i < PAGE_SIZE; i++) {
            users.add(user(idOnPage(pageNo, i), now));
        }
        Page page = new Page();
        page.setPageNo(pageNo);
        page.setTotal(TOTAL);
        page.setUsers(users);
        return page;
    }

    private static User user(long id, LocalDateTime now) {
        User user = new User();
        user.setId(id);
        user.setName(name(id));
        user.setSex(SEX);
        user.setBirthday(BIRTHDAY);
        user.setEmail(email(id));
        user.setMobile(mobile(id));
        user.setAddress(ADDRESS);
        user.setIcon(icon(id));
        user.setPermissions(new ArrayList<>(PERMISSIONS));
        user.setStatus(STATUS);
        user.setCreateTime(now);
        user.setUpdateTime(now);
        return user;
    }
}
