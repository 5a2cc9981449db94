package io.rpcbench.sampler.thrift;

import static io.rpcbench.sampler.thrift.InventoryJson.BARE_ITEM;
import static io.rpcbench.sampler.thrift.InventoryJson.BEYOND_DOUBLE;
import static io.rpcbench.sampler.thrift.InventoryJson.FULL_ITEM;
import static io.rpcbench.sampler.thrift.InventoryJson.tree;
import static io.rpcbench.sampler.thrift.InventoryJson.with;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.rpcbench.example.thrift.InventoryService;
import io.rpcbench.example.thrift.Item;
import io.rpcbench.example.thrift.ItemKind;
import io.rpcbench.example.thrift.ItemNotFound;
import io.rpcbench.provider.DelayedEcho;
import io.rpcbench.provider.thrift.ThriftEndpoint;
import io.rpcbench.sampler.LoopbackProviders;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.FailureCategory;
import io.rpcbench.sampler.call.FailureClassifier;
import io.rpcbench.sampler.call.SamplerParameters;
import java.util.HashSet;
import java.util.Set;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TBase;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.transport.TMemoryBuffer;
import org.apache.thrift.transport.TTransportException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The generic Thrift client against the example InventoryService, plain and multiplexed, over loopback. */
class ThriftServiceClientTest {

    private static final String INVENTORY = "io.rpcbench.example.thrift.InventoryService";

    private static ThriftServiceClient client(InventoryServers.Running server, String transport, String protocol,
            String method) {
        return client(server.port(), server.multiplexedService(), transport, protocol, method);
    }

    private static ThriftServiceClient client(int port, String multiplexed, String transport, String protocol,
            String method) {
        return new ThriftServiceClient(new ThriftServiceSettings(
                new ThriftSettings("127.0.0.1", port, transport, protocol, 5000),
                ThriftMethod.resolve(INVENTORY, method, ThriftServiceClientTest.class.getClassLoader()),
                multiplexed, ThriftServiceSettings.DEFAULT_RESPONSE_MAX_BYTES));
    }

    /** One sample: bind the arguments, prepare, call; the response as JSON text. */
    private static String call(ThriftServiceClient client, String arguments) throws Exception {
        client.bind(new SamplerParameters(name -> ThriftServiceSettings.ARGUMENTS.equals(name) ? arguments : null));
        client.prepare();
        return client.responseText(client.call()).text();
    }

    /** A new user's mistake: a plain call to a server that serves only multiplexed services. */
    @Test
    void aPlainCallToAMultiplexedOnlyServerSaysWhatProbablyHappened() throws Exception {
        try (PlainThriftServer server = PlainThriftServer.multiplexedOnly("buffered", "binary", "Inventory");
                ThriftServiceClient plain = client(server.port(), "", "buffered", "binary", "store")) {
            assertThatThrownBy(() -> call(plain, "[" + BARE_ITEM + "]"))
                    .isInstanceOf(TTransportException.class)
                    .hasMessage("Socket is closed by peer. The server closed the connection instead of answering store: "
                            + "if it serves its services multiplexed (TMultiplexedProcessor), set multiplexed_service to "
                            + "the name it registered the service under");
        }
    }

    /** The hint is for a client that never got through: one that was answered meets a server that went away. */
    @Test
    void aServerThatAnsweredAndThenWentAwayIsNotSaidToBeMultiplexed() throws Exception {
        try (PlainThriftServer server = PlainThriftServer.goneAfter(1, "buffered", "binary");
                ThriftServiceClient find = client(server.port(), "", "buffered", "binary", "find")) {
            assertThat(tree(call(find, "[7]")).get("id").longValue()).isEqualTo(7);

            assertThatThrownBy(() -> call(find, "[8]"))
                    .isInstanceOf(TTransportException.class)
                    .hasMessage("Socket is closed by peer.")
                    .satisfies(e -> assertThat(((TTransportException) e).getType())
                            .isEqualTo(TTransportException.END_OF_FILE))
                    .satisfies(e -> assertThat(FailureClassifier.categorize(e, ThriftFailureRules.RULES))
                            .isEqualTo(FailureCategory.CONNECTION));
        }
    }

    /** Until a call is answered, every end of stream carries the hint: the first sample's and the next ones'. */
    @Test
    void aServerThatNeverAnsweredKeepsTheHintOnEveryFailure() throws Exception {
        try (PlainThriftServer server = PlainThriftServer.goneAfter(0, "buffered", "binary");
                ThriftServiceClient find = client(server.port(), "", "buffered", "binary", "find")) {
            for (int sample = 0; sample < 2; sample++) {
                assertThatThrownBy(() -> call(find, "[7]"))
                        .isInstanceOf(TTransportException.class)
                        .hasMessageContaining("set multiplexed_service to the name it registered the service under");
            }
        }
    }

    @ParameterizedTest(name = "multiplexed={0} over {1}+{2}")
    @CsvSource({"false, buffered, binary", "false, framed, compact", "true, buffered, binary", "true, framed, compact"})
    void everyValueRoundTrips(boolean multiplexed, String transport, String protocol) throws Exception {
        try (InventoryServers.Running server = InventoryServers.start(multiplexed, transport, protocol);
                ThriftServiceClient store = client(server, transport, protocol, "store")) {
            assertThat(tree(call(store, "[" + FULL_ITEM + "]"))).isEqualTo(tree(FULL_ITEM));
            assertThat(tree(call(store, "{\"item\": " + BARE_ITEM + "}")))
                    .as("unset optional fields stay out; primitive fields travel as Thrift's 0 defaults")
                    .isEqualTo(tree("{\"id\":1,\"name\":\"washer\",\"priceMicros\":0,\"weightKg\":0.0}"));
            assertThat(store.sentBytes()).isPositive();
            assertThat(store.receivedBytes(null)).isPositive();
        }
    }

    @ParameterizedTest(name = "multiplexed={0}")
    @CsvSource({"false", "true"})
    void structsListsMapsSetsAndEnumsComeBackComputed(boolean multiplexed) throws Exception {
        String wrench = with(FULL_ITEM, "priceMicros", Long.toString(BEYOND_DOUBLE));
        // Primitive fields given, since Thrift sends an unset one as 0 (the bare item test shows that).
        String washer = "{\"id\": 1, \"name\": \"washer\", \"kind\": \"PART\", \"priceMicros\": 2, \"weightKg\": 0.01,"
                + " \"stockByWarehouse\": {\"north\": 5, \"east\": 1}}";
        String bolt = "{\"id\": 2, \"name\": \"bolt\", \"kind\": \"PART\", \"priceMicros\": 3, \"weightKg\": 0.02}";
        String items = "[" + wrench + "," + washer + "," + bolt + "]";
        try (InventoryServers.Running server = InventoryServers.start(multiplexed, "buffered", "binary");
                ThriftServiceClient shelve = client(server, "buffered", "binary", "shelve");
                ThriftServiceClient totalStock = client(server, "buffered", "binary", "totalStock")) {
            JsonNode shelf = tree(call(shelve, "[\"A-1\", " + items + "]"));

            assertThat(shelf.get("code").textValue()).isEqualTo("A-1");
            assertThat(shelf.get("items")).isEqualTo(tree(items));
            assertThat(shelf.get("byName").get("torque wrench")).isEqualTo(tree(wrench));
            assertThat(shelf.get("byName").get("bolt")).isEqualTo(tree(bolt));
            assertThat(shelf.get("countByKind")).isEqualTo(tree("{\"PART\":2,\"TOOL\":1}"));
            assertThat(shelf.get("totalPriceMicros").longValue()).isEqualTo(BEYOND_DOUBLE + 2 + 3);
            Set<Long> ids = new HashSet<>();
            shelf.get("ids").forEach(id -> ids.add(id.longValue()));
            assertThat(ids).containsExactlyInAnyOrder(BEYOND_DOUBLE, 1L, 2L);

            assertThat(tree(call(totalStock, "[" + items + "]")))
                    .isEqualTo(tree("{\"east\":1,\"north\":17,\"south\":0}"));
        }
    }

    @ParameterizedTest(name = "multiplexed={0}")
    @CsvSource({"false", "true"})
    void voidAnswersNullAndOnewayIsSentWithoutAnAnswer(boolean multiplexed) throws Exception {
        try (InventoryServers.Running server = InventoryServers.start(multiplexed, "buffered", "binary");
                ThriftServiceClient touch = client(server, "buffered", "binary", "touch");
                ThriftServiceClient forget = client(server, "buffered", "binary", "forget");
                ThriftServiceClient find = client(server, "buffered", "binary", "find")) {
            assertThat(call(touch, "[1]")).isEqualTo("null");
            assertThat(touch.receivedBytes(null)).isPositive();

            assertThat(call(forget, "[1]")).isEqualTo("null");
            assertThat(forget.sentBytes()).isPositive();
            assertThat(forget.receivedBytes(null)).isZero();

            assertThat(tree(call(find, "[7]"))).isEqualTo(tree("{\"id\":7,\"name\":\"item-7\",\"kind\":\"PART\","
                    + "\"priceMicros\":0,\"weightKg\":0.0}"));
        }
    }

    @ParameterizedTest(name = "multiplexed={0}")
    @CsvSource({"false", "true"})
    void aDeclaredExceptionCarriesItsTypeAndFieldsAndKeepsTheConnection(boolean multiplexed) throws Exception {
        try (InventoryServers.Running server = InventoryServers.start(multiplexed, "buffered", "binary");
                ThriftServiceClient find = client(server, "buffered", "binary", "find")) {
            assertThatThrownBy(() -> call(find, "[-1]"))
                    .isInstanceOf(DeclaredThriftException.class)
                    .hasMessage("InventoryService.find threw notFound: io.rpcbench.example.thrift.ItemNotFound"
                            + " {\"id\":-1,\"reason\":\"no item -1: ids start at 0\"}")
                    .hasCauseInstanceOf(ItemNotFound.class)
                    .satisfies(e -> assertThat(FailureClassifier.categorize(e, ThriftFailureRules.RULES))
                            .isEqualTo(FailureCategory.REMOTE_EXCEPTION));
            assertThat(find.connected()).isTrue();
            assertThat(tree(call(find, "[2]")).get("name").textValue()).isEqualTo("item-2");
        }
    }

    @Test
    void aMethodTheProviderLacksIsATApplicationExceptionNamingItsType() throws Exception {
        // Plain calls to the provider app's Thrift port reach its default processor, the echo, which has no find.
        try (ThriftEndpoint echo = LoopbackProviders.thrift("buffered", "binary", new DelayedEcho(0));
                ThriftServiceClient find = client(echo.port(), "", "buffered", "binary", "find")) {
            assertThatThrownBy(() -> call(find, "[7]"))
                    .isInstanceOf(TApplicationException.class)
                    .hasMessage("UNKNOWN_METHOD: Invalid method name: 'find'")
                    .satisfies(e -> assertThat(((TApplicationException) e).getType())
                            .isEqualTo(TApplicationException.UNKNOWN_METHOD))
                    .satisfies(e -> assertThat(FailureClassifier.categorize(e, ThriftFailureRules.RULES))
                            .isEqualTo(FailureCategory.REMOTE_EXCEPTION));
            assertThat(find.connected()).isTrue();
        }
    }

    @Test
    void aServiceNameTheMultiplexerDoesNotKnowLosesTheConnection() throws Exception {
        // Thrift's TMultiplexedProcessor answers an unknown service name by closing the connection.
        try (ThriftEndpoint endpoint = LoopbackProviders.thrift("buffered", "binary", new DelayedEcho(0));
                ThriftServiceClient find = client(endpoint.port(), "Warehouse", "buffered", "binary", "find")) {
            assertThatThrownBy(() -> call(find, "[7]"))
                    .satisfies(e -> assertThat(FailureClassifier.categorize(e, ThriftFailureRules.RULES))
                            .isEqualTo(FailureCategory.CONNECTION));
            assertThat(find.connected()).isFalse();
        }
    }

    @Test
    void sentAndReceivedBytesAreExactlyTheMessages() throws Exception {
        try (InventoryServers.Running server = InventoryServers.start(false, "buffered", "binary");
                ThriftServiceClient find = client(server, "buffered", "binary", "find")) {
            call(find, "[7]");

            Item item = new Item().setId(7).setName("item-7").setKind(ItemKind.PART);
            assertThat(find.sentBytes()).isEqualTo(messageBytes("find", TMessageType.CALL,
                    new InventoryService.find_args(7)));
            assertThat(find.receivedBytes(null)).isEqualTo(messageBytes("find", TMessageType.REPLY,
                    new InventoryService.find_result().setSuccess(item)));
        }
    }

    @Test
    void argumentsAreReadPerSampleAndABadOneFailsOnlyItsSample() throws Exception {
        try (InventoryServers.Running server = InventoryServers.start(false, "buffered", "binary");
                ThriftServiceClient find = client(server, "buffered", "binary", "find")) {
            assertThat(tree(call(find, "[1]")).get("id").longValue()).isEqualTo(1);
            assertThat(tree(call(find, "{\"id\": 2}")).get("id").longValue()).isEqualTo(2);
            assertThatThrownBy(() -> call(find, "[\"two\"]"))
                    .isInstanceOf(BadParameterException.class)
                    .hasMessageStartingWith("arguments '\"two\"' at id is not an integer;");
            assertThat(tree(call(find, "[3]")).get("id").longValue()).isEqualTo(3);
        }
    }

    @Test
    void aLongResponseIsCutAtResponseMaxBytes() throws Exception {
        try (InventoryServers.Running server = InventoryServers.start(false, "buffered", "binary");
                ThriftServiceClient store = new ThriftServiceClient(new ThriftServiceSettings(
                        new ThriftSettings("127.0.0.1", server.port(), "buffered", "binary", 5000),
                        ThriftMethod.resolve(INVENTORY, "store", getClass().getClassLoader()), "", 16))) {
            assertThat(call(store, "[" + BARE_ITEM + "]"))
                    .isEqualTo("{\"id\":1,\"name\":\" ... [response cut: first 16 of 55 bytes]");
        }
    }

    /** The bytes a strict binary protocol writes for one message with sequence id 1: what goes over the socket. */
    @SuppressWarnings("rawtypes")
    private static long messageBytes(String name, byte type, TBase body) throws Exception {
        TMemoryBuffer buffer = new TMemoryBuffer(256);
        TBinaryProtocol protocol = new TBinaryProtocol(buffer);
        protocol.writeMessageBegin(new TMessage(name, type, 1));
        body.write(protocol);
        protocol.writeMessageEnd();
        return buffer.length();
    }
}
