package io.rpcbench.sampler.protobuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Any;
import com.google.protobuf.AnyProto;
import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Duration;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Option;
import com.google.protobuf.Struct;
import com.google.protobuf.Timestamp;
import com.google.protobuf.TimestampProto;
import com.google.protobuf.Type;
import com.google.protobuf.Value;
import io.rpcbench.user.UserProtoDesk;
import io.rpcbench.user.proto.Page;
import io.rpcbench.user.proto.PageRequest;
import io.rpcbench.user.proto.User;
import io.rpcbench.user.proto.UserProto;
import org.junit.jupiter.api.Test;

class JsonPrintCheckTest {

    /** 10000-01-01T00:00:00Z: one second past the last a Timestamp may hold. */
    private static final long PAST_YEAR_9999 = 253_402_300_800L;

    private static final Page PAGE = new UserProtoDesk().listUser(PageRequest.newBuilder().setPageNo(2).build());

    @Test
    void aPageOfUsersWithTheirTimestampsIsPrintable() {
        assertThat(JsonPrintCheck.printable(PAGE)).isTrue();
        assertThat(JsonPrintCheck.printable(User.getDefaultInstance())).isTrue();
    }

    /** As proto-descriptor has it: types built from a descriptor set, not from generated classes. */
    @Test
    void theSamePageFromADescriptorSetIsPrintable() throws Exception {
        FileDescriptor timestamps = FileDescriptor.buildFrom(TimestampProto.getDescriptor().toProto(),
                new FileDescriptor[0]);
        FileDescriptor users = FileDescriptor.buildFrom(UserProto.getDescriptor().toProto(),
                new FileDescriptor[] {timestamps});
        DynamicMessage page = DynamicMessage.parseFrom(users.findMessageTypeByName("Page"), PAGE.toByteString());
        DynamicMessage badUser = DynamicMessage.parseFrom(users.findMessageTypeByName("User"),
                outOfRange(PAGE.getUsers(0)).toByteString());

        assertThat(JsonPrintCheck.printable(page)).isTrue();
        assertThat(JsonPrintCheck.printable(badUser)).isFalse();
    }

    @Test
    void aTimestampOutOfRangeIsNotPrintableAndPrintingItFails() {
        User user = outOfRange(PAGE.getUsers(3));
        Page page = PAGE.toBuilder().setUsers(3, user).build();

        assertThat(JsonPrintCheck.printable(user)).isFalse();
        assertThat(JsonPrintCheck.printable(page)).isFalse();
        assertThatThrownBy(() -> ProtobufJson.print(page)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Timestamp is not valid");
    }

    @Test
    void aDurationOutOfRangeIsNotPrintable() {
        Duration tenThousandYears = Duration.newBuilder().setSeconds(315_576_000_000L).build();

        assertThat(JsonPrintCheck.printable(tenThousandYears)).isTrue();
        assertThat(JsonPrintCheck.printable(tenThousandYears.toBuilder().setSeconds(315_576_000_001L).build()))
                .isFalse();
        assertThat(JsonPrintCheck.printable(Duration.newBuilder().setSeconds(1).setNanos(-1).build())).isFalse();
    }

    /** Struct, Value and ListValue hold each other: the check follows the cycle, and a map's values. */
    @Test
    void aValueOfNanInAStructIsNotPrintableAndPrintingItFails() {
        Struct finite = Struct.newBuilder().putFields("n", Value.newBuilder().setNumberValue(1.5).build()).build();
        Struct nan = Struct.newBuilder().putFields("nested", Value.newBuilder().setStructValue(
                Struct.newBuilder().putFields("n", Value.newBuilder().setNumberValue(Double.NaN).build())).build())
                .build();

        assertThat(JsonPrintCheck.printable(finite)).isTrue();
        assertThat(JsonPrintCheck.printable(nan)).isFalse();
        assertThatThrownBy(() -> ProtobufJson.print(nan)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("infinity or nan");
    }

    @Test
    void aTypeThatCanHoldAnAnyIsNeverPrintableEvenWithoutOne() {
        Option withAny = Option.newBuilder().setName("x").setValue(Any.pack(Timestamp.getDefaultInstance())).build();

        assertThat(JsonPrintCheck.printable(Type.getDefaultInstance())).isFalse(); // Any two levels down
        assertThat(JsonPrintCheck.printable(Option.getDefaultInstance())).isFalse();
        assertThat(JsonPrintCheck.printable(withAny)).isFalse();
        assertThatThrownBy(() -> ProtobufJson.print(withAny)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("google.protobuf.Option cannot be written as JSON");
    }

    /** DescriptorProto holds DescriptorProtos (its nested types), and nothing the printer refuses. */
    @Test
    void aRecursiveTypeWithNothingRefusableIsPrintable() {
        DescriptorProto nested = DescriptorProto.newBuilder().setName("Outer")
                .addNestedType(DescriptorProto.newBuilder().setName("Inner")).build();

        assertThat(JsonPrintCheck.printable(nested)).isTrue();
    }

    /**
     * As proto-descriptor has it: every JMeter thread reads the descriptor set anew, so its types are other objects of
     * the same content. They share what is remembered of them, and each is checked against its own fields.
     */
    @Test
    void typesReadAnewFromTheSameDescriptorSetShareTheirRememberedShapes() throws Exception {
        JsonPrintCheck.forget();
        DynamicMessage firstThreads = DynamicMessage.parseFrom(usersFromADescriptorSet().findMessageTypeByName("Page"),
                PAGE.toByteString());
        assertThat(JsonPrintCheck.printable(firstThreads)).isTrue();
        int remembered = JsonPrintCheck.rememberedTypes();

        for (int thread = 0; thread < 3; thread++) {
            FileDescriptor users = usersFromADescriptorSet();
            DynamicMessage page = DynamicMessage.parseFrom(users.findMessageTypeByName("Page"), PAGE.toByteString());
            DynamicMessage badUser = DynamicMessage.parseFrom(users.findMessageTypeByName("User"),
                    outOfRange(PAGE.getUsers(0)).toByteString());

            assertThat(JsonPrintCheck.printable(page)).isTrue();
            assertThat(JsonPrintCheck.printable(badUser)).isFalse();
        }
        assertThat(remembered).as("Page, User and the Timestamp").isGreaterThanOrEqualTo(3);
        assertThat(JsonPrintCheck.rememberedTypes()).as("types remembered after three more reads of the set")
                .isEqualTo(remembered);
    }

    /** Two runs in one GUI JVM may load two versions of a .proto, with the same names: each is checked as it is. */
    @Test
    void anotherVersionOfATypeOfTheSameNameIsCheckedAsItIs() throws Exception {
        DynamicMessage withTimestamp = DynamicMessage.getDefaultInstance(
                holder("google.protobuf.Timestamp", TimestampProto.getDescriptor()));
        DynamicMessage withAny = DynamicMessage.getDefaultInstance(
                holder("google.protobuf.Any", AnyProto.getDescriptor()));

        assertThat(withAny.getDescriptorForType().getFullName())
                .isEqualTo(withTimestamp.getDescriptorForType().getFullName());
        assertThat(JsonPrintCheck.printable(withTimestamp)).isTrue();
        assertThat(JsonPrintCheck.printable(withAny)).as("the version that can hold an Any").isFalse();
        assertThat(JsonPrintCheck.printable(withTimestamp)).isTrue();
    }

    /** What the release of the samplers' last Dubbo consumer does: nothing of a run is kept for the next. */
    @Test
    void forgetDropsEveryRememberedType() {
        assertThat(JsonPrintCheck.printable(PAGE)).isTrue();
        assertThat(JsonPrintCheck.rememberedTypes()).isPositive();

        JsonPrintCheck.forget();

        assertThat(JsonPrintCheck.rememberedTypes()).isZero();
        assertThat(JsonPrintCheck.printable(PAGE)).as("found again").isTrue();
    }

    /** The user service's types parsed and built anew, as a read of a descriptor set gives them: new objects. */
    private static FileDescriptor usersFromADescriptorSet() throws Exception {
        FileDescriptor timestamps = FileDescriptor.buildFrom(
                FileDescriptorProto.parseFrom(TimestampProto.getDescriptor().toProto().toByteString()),
                new FileDescriptor[0]);
        return FileDescriptor.buildFrom(
                FileDescriptorProto.parseFrom(UserProto.getDescriptor().toProto().toByteString()),
                new FileDescriptor[] {timestamps});
    }

    /** {@code demo.Holder}, whose one field is of {@code fieldType}, declared in {@code dependency}. */
    private static Descriptor holder(String fieldType, FileDescriptor dependency) throws DescriptorValidationException {
        FileDescriptorProto file = FileDescriptorProto.newBuilder().setName("holder.proto").setPackage("demo")
                .setSyntax("proto3").addDependency(dependency.getName())
                .addMessageType(DescriptorProto.newBuilder().setName("Holder").addField(
                        FieldDescriptorProto.newBuilder().setName("value").setNumber(1)
                                .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL)
                                .setType(FieldDescriptorProto.Type.TYPE_MESSAGE).setTypeName("." + fieldType)))
                .build();
        return FileDescriptor.buildFrom(file, new FileDescriptor[] {dependency}).findMessageTypeByName("Holder");
    }

    private static User outOfRange(User user) {
        return user.toBuilder().setUpdateTime(Timestamp.newBuilder().setSeconds(PAST_YEAR_9999)).build();
    }
}
