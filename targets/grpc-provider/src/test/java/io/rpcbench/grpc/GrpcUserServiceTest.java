package io.rpcbench.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import io.grpc.reflection.v1.ServerReflectionGrpc;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.grpc.reflection.v1.ServiceResponse;
import io.grpc.stub.StreamObserver;
import io.rpcbench.user.proto.Page;
import io.rpcbench.user.proto.PageRequest;
import io.rpcbench.user.proto.User;
import io.rpcbench.user.proto.UserRequest;
import io.rpcbench.user.proto.UserServiceGrpc;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The plain gRPC server's answers, through grpc-java's own generated client on loopback: every kind of method of
 * {@code rpcbench/user.proto}, and the reflection service naming the user service.
 */
class GrpcUserServiceTest {

    private static Server server;
    private static ManagedChannel channel;

    @BeforeAll
    static void start() throws Exception {
        server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                .addService(new GrpcUserService()).addService(ProtoReflectionServiceV1.newInstance()).build().start();
        channel = NettyChannelBuilder.forAddress("127.0.0.1", server.getPort()).usePlaintext().build();
    }

    @AfterAll
    static void stop() throws Exception {
        if (channel != null) {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
        if (server != null) {
            server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void unaryAndServerStreamingAnswerAsTheTripleStubDoes() {
        UserServiceGrpc.UserServiceBlockingStub users = UserServiceGrpc.newBlockingStub(channel);

        User seven = users.getUser(UserRequest.newBuilder().setId(7).build());
        Page second = users.listUser(PageRequest.newBuilder().setPageNo(2).build());
        List<Long> streamed = new ArrayList<>();
        Iterator<User> stream = users.streamUsers(PageRequest.newBuilder().setPageNo(2).build());
        stream.forEachRemaining(user -> streamed.add(user.getId()));

        assertThat(seven.getName()).isEqualTo("User 7");
        assertThat(seven.getEmail()).isEqualTo("user7@example.com");
        assertThat(second.getUsersList()).extracting(User::getId).hasSize(15).startsWith(30L, 31L);
        assertThat(streamed).isEqualTo(second.getUsersList().stream().map(User::getId).toList());
    }

    @Test
    void clientStreamingAndBidirectionalAnswerTheIdsSent() throws Exception {
        UserServiceGrpc.UserServiceStub users = UserServiceGrpc.newStub(channel);
        Collected<Page> page = new Collected<>();
        Collected<User> chat = new Collected<>();

        StreamObserver<UserRequest> collecting = users.collectUsers(page);
        StreamObserver<UserRequest> chatting = users.chatUsers(chat);
        for (long id : new long[] {7, 8, 9}) {
            collecting.onNext(UserRequest.newBuilder().setId(id).build());
            chatting.onNext(UserRequest.newBuilder().setId(id).build());
        }
        collecting.onCompleted();
        chatting.onCompleted();

        assertThat(page.done.get(10, TimeUnit.SECONDS)).singleElement().satisfies(answer -> {
            assertThat(answer.getTotal()).isEqualTo(3);
            assertThat(answer.getUsersList()).extracting(User::getName).containsExactly("User 7", "User 8", "User 9");
        });
        assertThat(chat.done.get(10, TimeUnit.SECONDS)).extracting(User::getId).containsExactly(7L, 8L, 9L);
    }

    @Test
    void reflectionNamesTheUserService() throws Exception {
        Collected<ServerReflectionResponse> answers = new Collected<>();
        StreamObserver<ServerReflectionRequest> requests = ServerReflectionGrpc.newStub(channel)
                .serverReflectionInfo(answers);

        requests.onNext(ServerReflectionRequest.newBuilder().setListServices("").build());
        requests.onCompleted();

        List<ServerReflectionResponse> responses = answers.done.get(10, TimeUnit.SECONDS);
        assertThat(responses).singleElement().satisfies(response -> assertThat(
                response.getListServicesResponse().getServiceList()).extracting(ServiceResponse::getName)
                .contains("rpcbench.user.UserService"));
    }

    /** Everything a stream answered, complete when it ends (failed when it fails). */
    private static final class Collected<T> implements StreamObserver<T> {
        final List<T> items = new ArrayList<>();
        final CompletableFuture<List<T>> done = new CompletableFuture<>();

        @Override
        public synchronized void onNext(T item) {
            items.add(item);
        }

        @Override
        public void onError(Throwable error) {
            done.completeExceptionally(error);
        }

        @Override
        public synchronized void onCompleted() {
            done.complete(List.copyOf(items));
        }
    }
}
