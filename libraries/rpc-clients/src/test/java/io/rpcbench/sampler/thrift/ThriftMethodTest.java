package io.rpcbench.sampler.thrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.sampler.call.BadParameterException;
import org.junit.jupiter.api.Test;

class ThriftMethodTest {

    private static final String INVENTORY = "io.rpcbench.example.thrift.InventoryService";
    private static final ClassLoader LOADER = ThriftMethodTest.class.getClassLoader();

    @Test
    void aMethodIsFoundWithItsArgumentsResultAndDeclaredExceptions() {
        ThriftMethod find = ThriftMethod.resolve(INVENTORY, "find", LOADER);

        assertThat(find.qualifiedName()).isEqualTo("InventoryService.find");
        assertThat(find.arguments().names()).isEqualTo("id");
        assertThat(find.oneway()).isFalse();
        assertThat(find.success().name()).isEqualTo("success");
        assertThat(find.exceptions()).extracting(ThriftStructShape.Field::name).containsExactly("notFound");
    }

    @Test
    void voidHasNoSuccessFieldAndOnewayNoResult() {
        ThriftMethod touch = ThriftMethod.resolve(INVENTORY, "touch", LOADER);
        ThriftMethod forget = ThriftMethod.resolve(INVENTORY, "forget", LOADER);

        assertThat(touch.oneway()).isFalse();
        assertThat(touch.success()).isNull();
        assertThat(touch.render(null)).isEqualTo("null");
        assertThat(forget.oneway()).isTrue();
        assertThat(forget.exceptions()).isEmpty();
    }

    @Test
    void aServiceClassNotOnTheClassPathIsABadParameter() {
        assertThatThrownBy(() -> ThriftMethod.resolve("com.example.NoSuchService", "find", LOADER))
                .isInstanceOf(BadParameterException.class)
                .hasMessageStartingWith("service 'com.example.NoSuchService' is not on JMeter's class path")
                .hasMessageEndingWith("; expected the generated Thrift service class, e.g."
                        + " io.rpcbench.example.thrift.InventoryService, with its jar in JMeter's lib/ext or named by -Juser.classpath=");
    }

    @Test
    void aClassThatIsNoGeneratedServiceIsABadParameter() {
        assertThatThrownBy(() -> ThriftMethod.resolve("io.rpcbench.example.thrift.Item", "find", LOADER))
                .isInstanceOf(BadParameterException.class)
                .hasMessageStartingWith("service 'io.rpcbench.example.thrift.Item' is not a generated Thrift service"
                        + " (it has no nested Iface and Client)");
    }

    @Test
    void anUnknownMethodListsTheServicesMethods() {
        assertThatThrownBy(() -> ThriftMethod.resolve(INVENTORY, "remove", LOADER))
                .isInstanceOf(BadParameterException.class)
                .hasMessage("method 'remove' is not a method of io.rpcbench.example.thrift.InventoryService; expected"
                        + " one of find, forget, shelve, store, totalStock, touch");
    }

    @Test
    void everyInventoryAnswerRendersSoItIsRenderedWhenRead() {
        ClassLoader loader = ThriftMethodTest.class.getClassLoader();
        for (String name : new String[] {"store", "shelve", "find", "totalStock", "touch", "forget"}) {
            assertThat(ThriftMethod.resolve("io.rpcbench.example.thrift.InventoryService", name, loader).renderable())
                    .as(name).isTrue();
        }
    }
}
