package io.rpcbench.sampler.dubbo.triple;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.google.protobuf.ByteString;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.ServiceCallParameters;
import io.rpcbench.sampler.call.StreamPace;
import io.rpcbench.sampler.dubbo.DubboServiceRequest;
import io.rpcbench.sampler.dubbo.DubboSettings;
import io.rpcbench.sampler.dubbo.ProtoStub;
import io.rpcbench.sampler.json.ExactJson;
import io.rpcbench.sampler.protobuf.ProtoDescriptorSet;
import io.rpcbench.sampler.protobuf.ProtobufJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A triple or gRPC server's own account of a service, read from its gRPC server reflection service, so that
 * {@code invocation=proto-descriptor} needs no descriptor set file: the {@code .proto} file that defines the service
 * and the files it imports, as the server sends them ({@code file_containing_symbol}), written as a descriptor set to
 * a file of this JVM's temporary folder, once per address and service. Two reflection services are tried, newest
 * first: gRPC's {@code grpc.reflection.v1} (grpc-java's {@code ProtoReflectionServiceV1}) and
 * {@code grpc.reflection.v1alpha} (Dubbo 3.3's built-in one, served with {@code dubbo.tri.builtin.service.init=true},
 * and older gRPC servers').
 *
 * <p>The reflection call is itself a bidirectional stream of the sampler's own client ({@link ProtoStubClient}, from
 * {@link ReflectionProtocol}'s descriptors), played as a ping-pong: the services' list, then the file of the service.
 *
 * <pre>{@code
 * Path set = ServerReflection.descriptorSet("tri://127.0.0.1:50051", "rpcbench.user.UserService", 3000);
 * }</pre>
 */
public final class ServerReflection {

    /** The reflection services' packages, in the order tried. */
    static final List<String> PACKAGES = List.of("grpc.reflection.v1", "grpc.reflection.v1alpha");

    /** The well-known files protobuf-java carries, for a server that sends a file without them. */
    private static final Map<String, FileDescriptorProto> WELL_KNOWN = wellKnown();

    private ServerReflection() {}

    /**
     * The descriptor set of {@code service} (its proto name, or the Java name of Dubbo's generated interface) as the
     * server at {@code address} describes it: a file, read once per address and service in this JVM (a failure is
     * kept for {@value #RETRY_AFTER_MS} ms, so that a run's threads do not each ask again).
     *
     * @throws BadParameterException naming the address, the service, and what each reflection service answered
     */
    public static Path descriptorSet(String address, String service, int timeoutMs) {
        if (!address.startsWith("tri://")) {
            throw BadParameterException.of(DubboSettings.PROTO_DESCRIPTOR_SET, "", "is empty, and reflection is "
                    + "read from one server, which address '" + address + "' does not name", "the path of a "
                    + "descriptor set of the service's .proto (protoc --include_imports --descriptor_set_out=FILE), "
                    + "or a tri://host:port address of a server that serves gRPC reflection");
        }
        try {
            return reflected(address, service, timeoutMs);
        } catch (ReflectionFailure failure) {
            throw BadParameterException.of(DubboSettings.PROTO_DESCRIPTOR_SET, "", "is empty, and "
                    + failure.getMessage(), failure.answered() ? "a service it has, or the path of a descriptor set "
                    + "of the service's .proto" : "the path of a descriptor set of the service's .proto (protoc "
                    + "--include_imports --descriptor_set_out=FILE), or a server with reflection on (" + SWITCHES + ")");
        }
    }

    /** How reflection is turned on, for messages. */
    static final String SWITCHES = "Dubbo: dubbo.tri.builtin.service.init=true; grpc-java: ProtoReflectionServiceV1";

    /** How long a failed read of a server's reflection is kept before it is tried again. */
    static final long RETRY_AFTER_MS = 5000;

    /** A read of one service's file: its result when done, and when it was made. */
    private record Fetch(CompletableFuture<Path> file, long atNanos) {}

    private static final Map<String, Fetch> FETCHES = new ConcurrentHashMap<>();

    /** The file of {@code service} at {@code address}: read by the first thread that asks, waited for by the others. */
    private static Path reflected(String address, String service, int timeoutMs) {
        String key = address + " " + service;
        Fetch mine = new Fetch(new CompletableFuture<>(), System.nanoTime());
        Fetch fetch = FETCHES.compute(key, (k, earlier) -> earlier == null || earlier.file().isCompletedExceptionally()
                && System.nanoTime() - earlier.atNanos() > RETRY_AFTER_MS * 1_000_000 ? mine : earlier);
        if (fetch == mine) {
            try {
                mine.file().complete(write(fetch(address, service, timeoutMs)));
            } catch (RuntimeException | Error failure) {
                mine.file().completeExceptionally(failure);
            }
        }
        try {
            return fetch.file().join();
        } catch (CompletionException failed) {
            if (failed.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw failed;
        }
    }

    /**
     * What a server's reflection describes: the reflection service that answered, and each service it serves (but
     * reflection and health themselves) with its methods, or for a service it would not describe why.
     */
    public record Described(String reflection, List<ReflectedService> services) {

        public Described {
            services = List.copyOf(services);
        }

        /**
         * Each service's methods as {@code rpc name(Input) returns (stream Output)}, or, for a service it would not
         * describe, one line saying why.
         */
        public Map<String, List<String>> methods() {
            Map<String, List<String>> methods = new LinkedHashMap<>();
            services.forEach(service -> methods.put(service.name(), service.problem().isEmpty()
                    ? service.methods().stream().map(ReflectedMethod::described).toList()
                    : List.of("(not described: " + service.problem() + ")")));
            return methods;
        }
    }

    /** A service the server described ({@code problem} empty), or one it named and would not describe (why). */
    public record ReflectedService(String name, List<ReflectedMethod> methods, String problem) {

        public ReflectedService {
            methods = List.copyOf(methods);
        }
    }

    /**
     * A method as a sampler calls it: its name, as {@code rpc name(Input) returns (stream Output)}, and the arguments
     * of a first call: a JSON array of its input message with every field at its default, in protobuf's JSON mapping
     * (one message, also for a method that streams its requests: add more to stream more).
     */
    public record ReflectedMethod(String name, String described, String arguments) {

        static ReflectedMethod of(MethodDescriptor method) {
            return new ReflectedMethod(method.getName(), ProtoStub.describe(method),
                    "[" + ProtobufJson.template(method.getInputType()) + "]");
        }
    }

    /**
     * Every service the server at {@code address} ({@code tri://host:port}) describes through its reflection.
     *
     * @throws ReflectionFailure naming the address and what each reflection service answered, when neither did
     */
    public static Described describe(String address, int timeoutMs) {
        List<String> tried = new ArrayList<>();
        for (String protoPackage : PACKAGES) {
            List<String> services;
            try {
                services = ask(address, protoPackage + "." + ReflectionProtocol.SERVICE, timeoutMs, protoPackage)
                        .services();
            } catch (Exception e) {
                tried.add(protoPackage + "." + ReflectionProtocol.SERVICE + ": " + reason(e));
                continue;
            }
            List<ReflectedService> described = new ArrayList<>();
            for (String service : services) {
                if (service.startsWith("grpc.reflection.") || service.startsWith("grpc.health.")) {
                    continue;
                }
                try {
                    ServiceDescriptor descriptor = ProtoDescriptorSet.read(reflected(address, service, timeoutMs)
                            .toString()).service(service, DubboSettings.INTERFACE);
                    described.add(new ReflectedService(service,
                            descriptor.getMethods().stream().map(ReflectedMethod::of).toList(), ""));
                } catch (RuntimeException notDescribed) {
                    described.add(new ReflectedService(service, List.of(), String.valueOf(notDescribed.getMessage())));
                }
            }
            return new Described(protoPackage + "." + ReflectionProtocol.SERVICE, described);
        }
        throw new ReflectionFailure("the server at " + address + " answered no gRPC reflection ("
                + String.join("; ", tried) + ")", false);
    }

    private static Path write(FileDescriptorSet set) {
        return writeTemporary("rpcbench-reflected-", set);
    }

    /** {@code set} in a file of this JVM's temporary folder, deleted when the JVM exits. */
    static Path writeTemporary(String prefix, FileDescriptorSet set) {
        try {
            Path file = Files.createTempFile(prefix, ".protoset");
            file.toFile().deleteOnExit();
            Files.write(file, set.toByteArray());
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a reflected descriptor set to the temporary folder "
                    + System.getProperty("java.io.tmpdir") + ": " + e.getMessage(), e);
        }
    }

    /** Asks each reflection service in turn; the first that describes the service wins. */
    static FileDescriptorSet fetch(String address, String service, int timeoutMs) {
        List<String> tried = new ArrayList<>();
        for (String protoPackage : PACKAGES) {
            try {
                return fetch(address, service, timeoutMs, protoPackage);
            } catch (ReflectionAnswer answer) { // the service answered: no need to ask the older one
                throw new ReflectionFailure("the server at " + address + " does not describe " + service + " ("
                        + protoPackage + "." + ReflectionProtocol.SERVICE + ": " + answer.getMessage() + ")", true);
            } catch (Exception e) {
                tried.add(protoPackage + "." + ReflectionProtocol.SERVICE + ": " + reason(e));
            }
        }
        throw new ReflectionFailure("the server at " + address + " answered no gRPC reflection ("
                + String.join("; ", tried) + ")", false);
    }

    /** What a failed ask says; an interrupt is kept for the thread (JMeter stopping it) and said. */
    private static String reason(Exception e) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
        return e.getMessage();
    }

    /**
     * A server's reflection could not describe what was asked: none answered ({@link #answered()} false), or one
     * answered without it.
     */
    public static final class ReflectionFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final boolean answered;

        public ReflectionFailure(String message, boolean answered) {
            super(message);
            this.answered = answered;
        }

        /** Whether a reflection service answered (without what was asked). */
        public boolean answered() {
            return answered;
        }
    }

    /**
     * Asks one reflection service for the file of {@code service}; when the server does not know that name but has one
     * service of the same simple name (a Dubbo interface's Java name, {@code io.rpcbench.user.proto.UserService}, for
     * the proto name the server knows, {@code rpcbench.user.UserService}), asks again by the name it knows.
     */
    private static FileDescriptorSet fetch(String address, String service, int timeoutMs, String protoPackage)
            throws Exception {
        Answers answers = ask(address, service, timeoutMs, protoPackage);
        try {
            return descriptorSet(answers.file(), answers.services());
        } catch (ReflectionAnswer notFound) {
            String simpleName = service.substring(service.lastIndexOf('.') + 1);
            List<String> known = answers.services().stream()
                    .filter(name -> name.substring(name.lastIndexOf('.') + 1).equals(simpleName)).toList();
            if (known.size() != 1 || known.get(0).equals(service)) {
                throw notFound;
            }
            return descriptorSet(ask(address, known.get(0), timeoutMs, protoPackage).file(), answers.services());
        }
    }

    /** The server's services and its answer to the file of {@code symbol}. */
    private record Answers(List<String> services, Message file) {}

    private static Answers ask(String address, String symbol, int timeoutMs, String protoPackage) throws Exception {
        Map<String, String> values = Map.of(
                DubboSettings.ADDRESS, address,
                DubboSettings.PROTOCOL, "tri",
                DubboSettings.INTERFACE, protoPackage + "." + ReflectionProtocol.SERVICE,
                DubboSettings.INVOCATION, DubboSettings.PROTO_DESCRIPTOR,
                DubboSettings.PROTO_DESCRIPTOR_SET, ReflectionProtocol.descriptorSetFile(protoPackage).toString(),
                ServiceCallParameters.METHOD, ReflectionProtocol.METHOD,
                ServiceCallParameters.ARGUMENTS, requests(symbol),
                StreamPace.PARAMETER, StreamPace.PING_PONG_TEXT,
                SamplerParameters.TIMEOUT_MS, Integer.toString(timeoutMs));
        SamplerParameters parameters = new SamplerParameters(values::get);
        try (ProtoStubClient client = new ProtoStubClient(DubboServiceRequest.from(parameters))) {
            client.bind(parameters);
            MessageStream answers = (MessageStream) client.call();
            if (answers.count() < 2) {
                throw new IllegalStateException("it answered " + answers.count() + " of 2 requests");
            }
            return new Answers(services((Message) answers.message(0)), (Message) answers.message(1));
        }
    }

    /** The two requests, a JSON array: the services' list, then the file that defines {@code symbol}. */
    private static String requests(String symbol) {
        ArrayNode requests = ExactJson.MAPPER.createArrayNode();
        requests.addObject().put("listServices", "*");
        requests.addObject().put("fileContainingSymbol", symbol);
        return requests.toString();
    }

    /** The service names of a {@code list_services} answer; empty when it is none. */
    private static List<String> services(Message answer) {
        List<String> names = new ArrayList<>();
        if (answer == null) {
            return names;
        }
        Message list = field(answer, "list_services_response");
        if (list == null) {
            return names;
        }
        FieldDescriptor service = list.getDescriptorForType().findFieldByName("service");
        for (Object each : (List<?>) list.getField(service)) {
            Message name = (Message) each;
            names.add((String) name.getField(name.getDescriptorForType().findFieldByName("name")));
        }
        return names;
    }

    /** The files of a {@code file_containing_symbol} answer, the file of the service first; its error otherwise. */
    private static FileDescriptorSet descriptorSet(Message answer, List<String> services)
            throws ReflectionAnswer, InvalidProtocolBufferException {
        Message error = field(answer, "error_response");
        if (error != null) {
            FieldDescriptor code = error.getDescriptorForType().findFieldByName("error_code");
            FieldDescriptor message = error.getDescriptorForType().findFieldByName("error_message");
            throw new ReflectionAnswer("error " + error.getField(code) + ": " + error.getField(message)
                    + (services.isEmpty() ? "" : "; the services it knows: " + String.join(", ", services)));
        }
        Message files = field(answer, "file_descriptor_response");
        if (files == null) {
            throw new ReflectionAnswer("its answer held no file descriptor");
        }
        Map<String, FileDescriptorProto> byName = new LinkedHashMap<>();
        FieldDescriptor protos = files.getDescriptorForType().findFieldByName("file_descriptor_proto");
        for (Object bytes : (List<?>) files.getField(protos)) {
            FileDescriptorProto file = FileDescriptorProto.parseFrom((ByteString) bytes);
            byName.putIfAbsent(file.getName(), file);
        }
        // Imports the server left out that protobuf-java itself carries (google/protobuf/*.proto)
        for (FileDescriptorProto file : List.copyOf(byName.values())) {
            for (String dependency : file.getDependencyList()) {
                if (!byName.containsKey(dependency) && WELL_KNOWN.containsKey(dependency)) {
                    byName.put(dependency, WELL_KNOWN.get(dependency));
                }
            }
        }
        return FileDescriptorSet.newBuilder().addAllFile(byName.values()).build();
    }

    private static Message field(Message message, String name) {
        FieldDescriptor field = message.getDescriptorForType().findFieldByName(name);
        return field != null && message.hasField(field) ? (Message) message.getField(field) : null;
    }

    private static Map<String, FileDescriptorProto> wellKnown() {
        Map<String, FileDescriptorProto> files = new LinkedHashMap<>();
        for (com.google.protobuf.Descriptors.FileDescriptor file : List.of(
                com.google.protobuf.TimestampProto.getDescriptor(), com.google.protobuf.DurationProto.getDescriptor(),
                com.google.protobuf.EmptyProto.getDescriptor(), com.google.protobuf.AnyProto.getDescriptor(),
                com.google.protobuf.StructProto.getDescriptor(), com.google.protobuf.WrappersProto.getDescriptor(),
                com.google.protobuf.FieldMaskProto.getDescriptor())) {
            files.put(file.getName(), file.toProto());
        }
        return files;
    }

    /** The reflection service answered, and not with the service asked for. */
    private static final class ReflectionAnswer extends Exception {
        private static final long serialVersionUID = 1L;

        ReflectionAnswer(String message) {
            super(message);
        }
    }
}
