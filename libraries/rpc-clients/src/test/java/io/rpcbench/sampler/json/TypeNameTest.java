package io.rpcbench.sampler.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TypeNameTest {

    @Test
    void nestedTypeArgumentsAreParsedAndErased() {
        TypeName type = TypeName.parse("java.util.Map<java.lang.String, java.util.List<com.example.Line>>");

        assertThat(type.raw()).isEqualTo("java.util.Map");
        assertThat(type.argument(1).raw()).isEqualTo("java.util.List");
        assertThat(type.argument(1).element().raw()).isEqualTo("com.example.Line");
        assertThat(type).hasToString("java.util.Map<java.lang.String,java.util.List<com.example.Line>>");
    }

    @Test
    void arraysKeepTheirBracketsAndHaveAnElementType() {
        TypeName type = TypeName.parse("java.lang.String[]");

        assertThat(type.isArray()).isTrue();
        assertThat(type.element().raw()).isEqualTo("java.lang.String");
    }

    @Test
    void listsSplitOnlyAtCommasOutsideAngleBrackets() {
        assertThat(TypeName.splitList("long, java.util.Map<java.lang.String,Foo>,int"))
                .containsExactly("long", "java.util.Map<java.lang.String,Foo>", "int");
    }

    @Test
    void textThatIsNoTypeIsRefused() {
        assertThatThrownBy(() -> TypeName.parse("java.util.List<")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TypeName.parse("1abc")).isInstanceOf(IllegalArgumentException.class);
    }
}
