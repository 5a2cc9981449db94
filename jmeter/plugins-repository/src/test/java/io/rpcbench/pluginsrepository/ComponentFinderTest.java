package io.rpcbench.pluginsrepository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.pluginsrepository.fixture.AbstractFakeSampler;
import io.rpcbench.pluginsrepository.fixture.FakeHelper;
import io.rpcbench.pluginsrepository.fixture.FakeSampler;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComponentFinderTest {

    @TempDir
    Path dir;

    @Test
    void findsThePublicConcreteClassesOfTheTypesOnly() throws Exception {
        Path jar = Jars.withClasses(dir.resolve("plugin.jar"), FakeSampler.class.getName(),
                AbstractFakeSampler.class.getName(), FakeHelper.class.getName(), "io.rpcbench.Broken");

        try (ComponentFinder finder = ComponentFinder.over(List.of(jar), List.of(Runnable.class.getName()))) {
            assertThat(finder.componentsIn(jar)).containsExactly(FakeSampler.class.getName());
        }
    }

    @Test
    void typeOnNoClassPathIsRefused() throws Exception {
        Path jar = Jars.withClasses(dir.resolve("plugin.jar"), FakeSampler.class.getName());

        assertThatThrownBy(() -> ComponentFinder.over(List.of(jar), List.of(ComponentFinder.TEST_ELEMENT)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(ComponentFinder.TEST_ELEMENT + " is not on the class path");
    }
}
