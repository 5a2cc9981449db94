package io.rpcbench.provider;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.provider.registry.EmbeddedZooKeeper;
import io.rpcbench.testing.JarProcess;
import io.rpcbench.user.User;
import io.rpcbench.user.UserService;
import java.time.LocalDateTime;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Seed 004's "Dubbo + Hessian2 2.7" column: the Dubbo 2.7.23 provider (module dubbo27-provider, its jar in a JVM of
 * its own) serves {@link UserService} on its dubbo port, and a typed Dubbo 3.3 consumer in this JVM gets every field
 * back, the {@code LocalDate} birthday and {@code LocalDateTime} timestamps written by Dubbo 2.7's hessian-lite
 * and read by Dubbo 3.3's. Called by direct URL and through ZooKeeper (no group: the 2.7 provider registers none).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class Dubbo27UserServiceIT {

    private static final Pattern READY = Pattern.compile(
            "rpcbench-dubbo27-provider ready dubbo=dubbo://127\\.0\\.0\\.1:(\\d+)");

    private static EmbeddedZooKeeper zooKeeper;
    private static JarProcess dubbo27;

    @BeforeAll
    static void startZooKeeperAndTheDubbo27Provider() throws Exception {
        JvmDefaults.apply();
        zooKeeper = EmbeddedZooKeeper.start("127.0.0.1", 0);
        dubbo27 = JarProcess.start(JarProcess.jar("rpcbench.dubbo27.jar",
                        "targets/dubbo27-provider/target/rpcbench-dubbo27-provider.jar"), READY,
                "--protocols", "dubbo", "--port", "0", "--registry", "zookeeper://" + zooKeeper.hostPort());
    }

    @AfterAll
    static void stopAll() {
        try {
            if (dubbo27 != null) {
                dubbo27.close();
            }
        } finally {
            if (zooKeeper != null) {
                zooKeeper.close();
            }
        }
    }

    @Test
    void directConsumerGetsEveryAnswerFromDubbo27() {
        try (UserConsumer<UserService> consumer = UserConsumer.direct(UserService.class,
                "dubbo://127.0.0.1:" + port(), "hessian2", null)) {
            callEveryMethod(consumer.service());
        }
    }

    @Test
    void registryConsumerGetsEveryAnswerFromDubbo27() {
        try (UserConsumer<UserService> consumer = UserConsumer.viaRegistry(UserService.class,
                "zookeeper://" + zooKeeper.hostPort(), null)) {
            callEveryMethod(consumer.service());
        }
    }

    private static void callEveryMethod(UserService users) {
        users.ping();
        LocalDateTime before = LocalDateTime.now();
        User user = users.getUser(UserAnswers.USER_ID);
        UserAnswers.assertUser(user, UserAnswers.USER_ID);
        // Made by the other JVM during the call, on the same clock: its date and time came through unchanged.
        assertThat(user.getCreateTime()).isBetween(before.minusSeconds(5), LocalDateTime.now().plusSeconds(5));
        UserAnswers.assertPage(users.listUser(UserAnswers.PAGE_NO));
    }

    private static int port() {
        return Integer.parseInt(dubbo27.ready().group(1));
    }
}
