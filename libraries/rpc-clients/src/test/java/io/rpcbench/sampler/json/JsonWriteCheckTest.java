package io.rpcbench.sampler.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.user.UserDesk;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.dubbo.common.utils.PojoUtils;
import org.junit.jupiter.api.Test;

class JsonWriteCheckTest {

    @Test
    void aGenericPageOfUsersIsWritable() {
        assertThat(JsonWriteCheck.writable(PojoUtils.generalize(new UserDesk().listUser(1)))).isTrue();
    }

    @Test
    void aTypedPageOfUsersIsWritable() {
        assertThat(JsonWriteCheck.writable(new UserDesk().listUser(1))).isTrue();
    }

    @Test
    void scalarsAndContainersOfThemAreWritable() {
        Map<Object, Object> map = new LinkedHashMap<>();
        map.put("total", new BigDecimal("12.30"));
        map.put(7, List.of(LocalDateTime.parse("2024-05-06T07:08:09"), Locale.CHINA, new byte[] {1}));
        map.put(true, new Object[] {null, 'c', 1.5f});

        assertThat(JsonWriteCheck.writable(map)).isTrue();
    }

    @Test
    void aMapThatHoldsItselfIsWrittenAtOnce() {
        Map<String, Object> parent = new HashMap<>();
        List<Object> children = new ArrayList<>();
        children.add(Map.of("parent", parent));
        parent.put("children", children);

        assertThat(JsonWriteCheck.writable(parent)).isFalse();
    }

    @Test
    void aValueSharedTwiceWithoutACycleIsWritable() {
        Map<String, Object> shared = Map.of("id", 1);

        assertThat(JsonWriteCheck.writable(List.of(shared, shared, Map.of("again", shared)))).isTrue();
    }

    @Test
    void nestingDeeperThanTheBoundIsWrittenAtOnce() {
        Object deep = "leaf";
        for (int i = 0; i <= JsonWriteCheck.MAX_DEPTH; i++) { // one list more than the bound
            deep = List.of(deep);
        }
        Object shallower = ((List<?>) deep).get(0);

        assertThat(JsonWriteCheck.writable(deep)).isFalse();
        assertThat(JsonWriteCheck.writable(shallower)).isTrue();
    }

    @Test
    void aMapKeyThatIsNotPlainTextIsWrittenAtOnce() {
        Map<Object, Object> keyed = new HashMap<>();
        keyed.put(List.of(1), "x");

        assertThat(JsonWriteCheck.writable(keyed)).isFalse();
    }
}
