package io.rpcbench.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.provider.dubbo.DubboEndpoint;
import io.rpcbench.provider.user.UserStack;
import io.rpcbench.user.UserDesk;
import io.rpcbench.user.UserService;
import io.rpcbench.user.proto.Empty;
import io.rpcbench.user.proto.PageRequest;
import io.rpcbench.user.proto.User;
import io.rpcbench.user.proto.UserRequest;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.stream.StreamObserver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Seed 004's user service over the provider's four Dubbo 3.3 stacks ({@code --user-service}), started in-process on
 * free ports, each called by a typed Dubbo 3.3 consumer of its own as a user writes one: by direct URL, and through
 * ZooKeeper, both with the stack's group. Every answer is checked field by field ({@link UserAnswers}). A call that
 * succeeds reached its stack: each endpoint exports its service under its own group only, and a provider answers a
 * group it does not export with "Not found exported service".
 *
 * <p>The consumers stay open until every test has run: closing one destroys its {@code FrameworkModel}, which in
 * Dubbo 3.3 closes every triple server of the JVM, the provider's too ({@link UserConsumer}).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class UserServiceStacksTest {

    private static final String LOOPBACK_IN_DUBBO = "[::ffff:127.0.0.1]";

    private static final Map<String, UserConsumer<?>> CONSUMERS = new ConcurrentHashMap<>();

    private static EchoProvider provider;

    @BeforeAll
    static void startProvider() {
        JvmDefaults.apply();
        // The echo endpoint starts first, so its model is the JVM's default one, as in the provider app: triple's
        // hessian2 wrapping checks classes against that model's allow list (TripleWrappingAllowList).
        provider = EchoProvider.start(ProviderCommand.settings("--zookeeper-port", "0", "--dubbo-port", "0",
                "--no-thrift", "--threads", "20", "--user-service", "--user-service-port", "0"));
    }

    @AfterAll
    static void stopConsumersThenTheProvider() {
        try {
            CONSUMERS.values().forEach(UserConsumer::close);
        } finally {
            if (provider != null) {
                provider.close();
            }
        }
    }

    /** The service of the consumer named {@code name}, opened on first use and kept until the end (class comment). */
    private static Object service(String name, Supplier<UserConsumer<?>> open) {
        return CONSUMERS.computeIfAbsent(name, n -> open.get()).service();
    }

    @Test
    void readyLineListsTheFourStacksInOrderWithTheirRealPorts() {
        assertThat(provider.readyLine()).matches("rpcbench-provider ready zookeeper=127\\.0\\.0\\.1:\\d+"
                + " dubbo=dubbo://127\\.0\\.0\\.1:\\d+"
                + " user-dubbo-hessian2=dubbo://127\\.0\\.0\\.1:\\d+ user-dubbo-protobuf=dubbo://127\\.0\\.0\\.1:\\d+"
                + " user-tri-protobuf=tri://127\\.0\\.0\\.1:\\d+ user-tri-hessian2=tri://127\\.0\\.0\\.1:\\d+");
        List<Integer> ports = List.of(UserStack.values()).stream().map(s -> endpoint(s).port()).toList();
        assertThat(ports).doesNotHaveDuplicates().doesNotContain(0);
    }

    @ParameterizedTest
    @EnumSource(UserStack.class)
    void directConsumerGetsEveryAnswer(UserStack stack) {
        callEveryMethod(stack, "direct", type -> UserConsumer.direct(type, stack, endpoint(stack).endpoint()));
    }

    @ParameterizedTest
    @EnumSource(UserStack.class)
    void registryConsumerGetsEveryAnswerFromTheStackOfItsGroup(UserStack stack) {
        callEveryMethod(stack, "registry",
                type -> UserConsumer.viaRegistry(type, stack, "zookeeper://" + provider.registry()));
    }

    /** Calls ping, getUser(7) and listUser(2) and checks the answers. */
    private static void callEveryMethod(UserStack stack, String route, Function<Class<?>, UserConsumer<?>> open) {
        String name = route + " " + stack.key();
        if (stack.serviceInterface() == UserService.class) {
            UserService users = (UserService) service(name, () -> open.apply(UserService.class));
            users.ping();
            UserAnswers.assertUser(users.getUser(UserAnswers.USER_ID), UserAnswers.USER_ID);
            UserAnswers.assertPage(users.listUser(UserAnswers.PAGE_NO));
        } else {
            io.rpcbench.user.proto.UserService users = (io.rpcbench.user.proto.UserService) service(name,
                    () -> open.apply(io.rpcbench.user.proto.UserService.class));
            assertThat(users.ping(Empty.getDefaultInstance())).isEqualTo(Empty.getDefaultInstance());
            UserAnswers.assertUser(users.getUser(UserRequest.newBuilder().setId(UserAnswers.USER_ID).build()),
                    UserAnswers.USER_ID);
            UserAnswers.assertPage(users.listUser(PageRequest.newBuilder().setPageNo(UserAnswers.PAGE_NO).build()));
        }
    }

    /** What the dubbo protocol's requests were serialized with, as the provider decoded them (not a fallback). */
    @ParameterizedTest
    @EnumSource(value = UserStack.class, names = {"DUBBO_HESSIAN2", "DUBBO_PROTOBUF"})
    void dubboProtocolStacksCarryTheirOwnSerialization(UserStack stack) {
        byte expected = stack == UserStack.DUBBO_PROTOBUF
                ? org.apache.dubbo.common.serialize.Constants.PROTOBUF_SERIALIZATION_ID
                : org.apache.dubbo.common.serialize.Constants.HESSIAN2_SERIALIZATION_ID;

        callEveryMethod(stack, "direct", type -> UserConsumer.direct(type, stack, endpoint(stack).endpoint()));
        assertThat(ServedSerializations.lastOf(stack.key())).as("serialization id, direct URL").isEqualTo(expected);

        callEveryMethod(stack, "registry",
                type -> UserConsumer.viaRegistry(type, stack, "zookeeper://" + provider.registry()));
        assertThat(ServedSerializations.lastOf(stack.key())).as("serialization id, registry").isEqualTo(expected);
    }

    @Test
    void serverStreamingOverTripleSendsThePagesUsersThenCompletes() throws Exception {
        UserStack stack = UserStack.TRI_PROTOBUF;
        io.rpcbench.user.proto.UserService users = (io.rpcbench.user.proto.UserService) service("direct " + stack.key(),
                () -> UserConsumer.direct(io.rpcbench.user.proto.UserService.class, stack, endpoint(stack).endpoint()));
        List<User> received = new CopyOnWriteArrayList<>();
        CompletableFuture<Integer> completed = new CompletableFuture<>();
        users.streamUsers(PageRequest.newBuilder().setPageNo(UserAnswers.PAGE_NO).build(), new StreamObserver<>() {
            @Override
            public void onNext(User user) {
                received.add(user);
            }

            @Override
            public void onError(Throwable failure) {
                completed.completeExceptionally(failure);
            }

            @Override
            public void onCompleted() {
                completed.complete(received.size());
            }
        });

        assertThat(completed.get(30, TimeUnit.SECONDS)).as("users when the stream completed")
                .isEqualTo(UserDesk.PAGE_SIZE);
        assertThat(received).extracting(User::getId).containsExactlyElementsOf(UserAnswers.pageIds());
        received.forEach(user -> UserAnswers.assertUser(user, user.getId()));
    }

    /** Dubbo's own exported URLs name the loopback literal, not "any host", and export the stack's group. */
    @ParameterizedTest
    @EnumSource(UserStack.class)
    void exportedUrlsStayOnLoopbackUnderTheStacksGroup(UserStack stack) {
        DubboEndpoint endpoint = endpoint(stack);
        assertThat(endpoint.exportedUrls()).isNotEmpty().allSatisfy(url -> {
            assertThat(url.getProtocol()).isEqualTo(stack.protocol());
            assertThat(url.getHost()).isEqualTo(LOOPBACK_IN_DUBBO);
            assertThat(url.getPort()).isEqualTo(endpoint.port());
            assertThat(url.getParameter("anyhost")).isNotEqualTo("true");
            assertThat(url.getGroup()).isEqualTo(stack.key());
        });
    }

    /** Each stack's port answers on 127.0.0.1 and on no other address of the machine. */
    @ParameterizedTest
    @EnumSource(UserStack.class)
    void portListensOnLoopbackOnly(UserStack stack) throws IOException {
        int port = endpoint(stack).port();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            assertThat(socket.isConnected()).isTrue();
        }
        for (InetAddress address : otherIpv4Addresses()) {
            assertThatThrownBy(() -> {
                try (Socket socket = new Socket()) {
                    socket.connect(new InetSocketAddress(address, port), 5_000);
                }
            }).as("connecting to %s:%d", address.getHostAddress(), port).isInstanceOf(IOException.class);
        }
    }

    /** Triple + protobuf exports Dubbo's generated stub as itself, under the .proto's service name. */
    @Test
    void tripleProtobufExportsTheGeneratedStub() {
        assertThat(io.rpcbench.user.proto.UserService.class)
                .isAssignableFrom(new io.rpcbench.user.UserProtoDesk().getClass());
        assertThat(new io.rpcbench.user.UserProtoDesk()).isInstanceOf(org.apache.dubbo.rpc.ServerService.class);
        for (URL url : endpoint(UserStack.TRI_PROTOBUF).exportedUrls()) {
            assertThat(url.getPath()).isEqualTo("rpcbench.user.UserService");
            assertThat(url.getParameter("proxy")).isEqualTo("nativestub");
        }
    }

    private static DubboEndpoint endpoint(UserStack stack) {
        return provider.users().orElseThrow().endpoint(stack);
    }

    private static List<InetAddress> otherIpv4Addresses() throws IOException {
        return NetworkInterface.networkInterfaces()
                .flatMap(NetworkInterface::inetAddresses)
                .filter(a -> a instanceof Inet4Address && !a.isLoopbackAddress())
                .toList();
    }
}
