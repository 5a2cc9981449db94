package io.rpcbench.dubbo27;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.user.Page;
import io.rpcbench.user.User;
import io.rpcbench.user.UserDesk;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.hessian2.Hessian2Serialization;
import org.junit.jupiter.api.Test;

/**
 * Seed 004's user bean through Dubbo 2.7.23's own hessian2 (its bundled hessian-lite), as the 2.7 provider writes
 * its answers: the {@code LocalDate} birthday and the {@code LocalDateTime} timestamps (with their nanoseconds) come
 * back equal, through hessian-lite's java.time handles. Reading them with Dubbo 3.3 is {@code Dubbo27UserServiceIT}
 * in provider-app.
 */
class UserHessian2Test {

    private static final URL PROVIDER = URL.valueOf("dubbo://127.0.0.1:20880");

    @Test
    void pageOfUsersWithDatesAndTimesRoundTrips() throws Exception {
        Page page = new UserDesk().listUser(2);
        LocalDateTime withNanos = LocalDateTime.of(2024, 2, 29, 23, 59, 59, 123_456_789);
        page.getUsers().get(0).setCreateTime(withNanos);

        byte[] bytes = write(page);
        Page back = read(bytes, Page.class);

        assertThat(back).isEqualTo(page);
        User first = back.getUsers().get(0);
        assertThat(first.getBirthday()).isEqualTo(UserDesk.BIRTHDAY);
        assertThat(first.getCreateTime()).isEqualTo(withNanos);
        assertThat(back.getUsers()).hasSize(UserDesk.PAGE_SIZE);
        // The handles Dubbo 3.3's hessian-lite reads too (same class names there).
        assertThat(new String(bytes, StandardCharsets.ISO_8859_1))
                .contains("com.alibaba.com.caucho.hessian.io.java8.LocalDateHandle")
                .contains("com.alibaba.com.caucho.hessian.io.java8.LocalDateTimeHandle");
    }

    private static byte[] write(Object value) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutput out = new Hessian2Serialization().serialize(PROVIDER, bytes);
        out.writeObject(value);
        out.flushBuffer();
        return bytes.toByteArray();
    }

    private static <T> T read(byte[] bytes, Class<T> type) throws Exception {
        ObjectInput in = new Hessian2Serialization().deserialize(PROVIDER, new ByteArrayInputStream(bytes));
        return in.readObject(type);
    }
}
