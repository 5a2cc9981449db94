package io.rpcbench.grpc;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * A plain grpc-java server of seed 004's user service ({@link GrpcUserService}), for the samplers and the seed-004
 * scenario to call without Dubbo on the server's side; gRPC server reflection ({@code grpc.reflection.v1}) on unless
 * {@code --no-reflection}. Prints {@value #READY} and the port once it listens, then serves until the JVM is stopped
 * (SIGTERM: it stops taking calls and ends within 5 s).
 *
 * <pre>
 * java -jar targets/grpc-provider/target/rpcbench-grpc-provider.jar --port 0
 * grpc-user-server ready port=41873
 * </pre>
 */
@Command(name = "grpc-user-server", mixinStandardHelpOptions = true,
        description = "Seed 004's user service (rpcbench/user.proto) on a plain grpc-java server.")
public final class GrpcUserServer implements Callable<Integer> {

    /** The start of the line printed once the server listens. */
    public static final String READY = "grpc-user-server ready port=";

    @Option(names = "--bind", defaultValue = "127.0.0.1",
            description = "The address to listen on (default: ${DEFAULT-VALUE}, this machine only).")
    private String bind;

    @Option(names = "--port", defaultValue = "0", description = "The port; 0 (the default) for a free one.")
    private int port;

    @Option(names = "--report-calls",
            description = "Print the open calls and connections at each change (open calls=N connections=M cancelled=K).")
    private boolean reportCalls;

    @Option(names = "--no-reflection",
            description = "Serve no gRPC reflection service (a server whose clients need a descriptor set).")
    private boolean noReflection;

    public static void main(String[] args) {
        System.exit(new CommandLine(new GrpcUserServer()).execute(args));
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        NettyServerBuilder builder = NettyServerBuilder.forAddress(new InetSocketAddress(bind, port))
                .addService(new GrpcUserService());
        if (reportCalls) {
            OpenCalls open = new OpenCalls(System.out);
            builder.intercept(open).addTransportFilter(open.connections());
        }
        if (!noReflection) {
            builder.addService(ProtoReflectionServiceV1.newInstance());
        }
        Server server = builder.build().start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.shutdown();
            try {
                if (!server.awaitTermination(5, TimeUnit.SECONDS)) {
                    server.shutdownNow();
                }
            } catch (InterruptedException e) {
                server.shutdownNow();
            }
        }, "grpc-user-server-stop"));
        System.out.println(READY + server.getPort());
        System.out.flush();
        server.awaitTermination();
        return 0;
    }
}
