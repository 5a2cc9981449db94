package io.rpcbench.benchmark.seeds.extra;

import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.scenario.ExtraProcess;
import io.rpcbench.process.ChildProcess;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Seed 004's user service on a plain grpc-java server (module {@code grpc-provider}: protoc-gen-grpc-java's stub, no
 * Dubbo on its side, reflection on), a JVM of its own on a free loopback port, as the extra process of the cells that
 * call it: ready on its ready line ({@code grpc-user-server ready port=N}). Its plan properties point the seed-004 plan's
 * gRPC thread group at it ({@code grpc.address=grpc://127.0.0.1:N}) and name it as the provider the agent measures
 * ({@code provider.pid}), so that a gRPC cell's provider CPU and GC are the gRPC server's.
 */
public final class GrpcProviderExtra {

    static final String NAME = "grpc-provider";
    static final String READY = "grpc-user-server ready port=";
    private static final Duration READY_DEADLINE = Duration.ofSeconds(60);

    private GrpcProviderExtra() {}

    public static ExtraProcess of() {
        return new ExtraProcess(NAME, List.of(), GrpcProviderExtra::start);
    }

    private static ExtraProcess.Running start(ExtraProcess.Context context) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProjectLayout.javaExecutable().toString()));
        command.addAll(ProjectLayout.childJvmOptions());
        command.addAll(List.of("-jar", context.layout().grpcProviderJar().toString(), "--port", "0"));
        command.addAll(context.options());
        ChildProcess server = ChildProcess.start(NAME, command, Map.of(), context.log());
        try {
            String ready = server.awaitLine(line -> line.startsWith(READY), READY_DEADLINE);
            Map<String, String> properties = Map.of(
                    "grpc.address", "grpc://127.0.0.1:" + ready.substring(READY.length()).strip(),
                    "provider.pid", Long.toString(server.pid()));
            return new ExtraProcess.Running() {
                @Override
                public long pid() {
                    return server.pid();
                }

                @Override
                public Map<String, String> planProperties() {
                    return properties;
                }

                @Override
                public void close() {
                    server.close();
                }
            };
        } catch (RuntimeException | Error e) {
            server.close();
            throw e;
        }
    }
}
