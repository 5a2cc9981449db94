package io.rpcbench.elements.gui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.elements.JMeterTestHome;
import io.rpcbench.elements.model.DubboDefaults;
import io.rpcbench.elements.model.DubboRequest;
import io.rpcbench.elements.model.ThriftRequest;
import java.awt.Component;
import java.awt.Container;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.swing.JPasswordField;
import javax.swing.text.JTextComponent;
import org.apache.jmeter.gui.AbstractJMeterGuiComponent;
import org.apache.jmeter.gui.util.MenuFactory;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.NullProperty;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The panels themselves, built in this JVM (headless works: they hold no window; the Browse dialog, a window, is not
 * built here): their names in JMeter's menus, the component names GUI tests find them by, the round trip of an
 * element's fields through a panel, and the marks of a bad value while it is typed.
 */
class PanelsTest {

    @TempDir
    static Path home;

    @BeforeAll
    static void jmeterProperties() throws Exception {
        JMeterTestHome.use(home);
    }

    @Test
    void thePanelsAreInJMetersMenusUnderTheUsersNames() {
        assertThat(new DubboRequestGui().getStaticLabel()).isEqualTo("Dubbo Request");
        assertThat(new DubboRequestGui().getMenuCategories()).containsExactly(MenuFactory.SAMPLERS);
        assertThat(new ThriftRequestGui().getStaticLabel()).isEqualTo("Thrift Request");
        assertThat(new ThriftRequestGui().getMenuCategories()).containsExactly(MenuFactory.SAMPLERS);
        assertThat(new DubboDefaultsGui().getStaticLabel()).isEqualTo("Dubbo Defaults");
        assertThat(new DubboDefaultsGui().getMenuCategories()).containsExactly(MenuFactory.CONFIG_ELEMENTS);
    }

    @Test
    void aNewElementIsOfItsClassNamedAsTheMenuWithItsPanelAndNoFieldSet() {
        TestElement request = new DubboRequestGui().createTestElement();

        assertThat(request).isInstanceOf(DubboRequest.class);
        assertThat(request.getName()).isEqualTo("Dubbo Request");
        assertThat(request.getPropertyAsString(TestElement.GUI_CLASS)).isEqualTo(DubboRequestGui.class.getName());
        assertThat(((DubboRequest) request).fieldNames()).allSatisfy(field ->
                assertThat(request.getProperty(field)).as(field).isInstanceOf(NullProperty.class));
        assertThat(new ThriftRequestGui().createTestElement()).isInstanceOf(ThriftRequest.class);
        assertThat(new DubboDefaultsGui().createTestElement()).isInstanceOf(DubboDefaults.class);
    }

    @Test
    void everyFieldAndTheBrowseButtonHaveAComponentNameOfTheirOwn() {
        DubboRequestGui dubbo = new DubboRequestGui();
        List<String> names = names(dubbo);

        assertThat(names).doesNotHaveDuplicates().contains(DubboRequestGui.BROWSE, "dubbo.tabs", "dubbo.section.where",
                "dubbo.section.what", "dubbo.section.results", "dubbo.section.nacos", "dubbo.section.calls");
        assertThat(new DubboRequest().fieldNames()).allSatisfy(field ->
                assertThat(names).contains("dubbo." + field, "dubbo." + field + ".problem"));
        assertThat(names(new ThriftRequestGui())).doesNotHaveDuplicates();
        assertThat(new ThriftRequest().fieldNames()).allSatisfy(field ->
                assertThat(names(new ThriftRequestGui())).contains("thrift." + field));
        assertThat(names(new DubboDefaultsGui())).doesNotHaveDuplicates()
                .containsAll(DubboDefaults.FIELDS.stream().map(field -> "dubboDefaults." + field).toList());
    }

    @Test
    void aDubboRequestShownAndSavedAgainKeepsItsFieldsAndSavesNoEmptyOnes() {
        DubboRequest saved = new DubboRequest();
        saved.setName("order total");
        Map<String, String> fields = Map.of("interface", "io.rpcbench.example.OrderService", "method", "total",
                "arguments", "[[{\"sku\": \"A-${__threadNum}\", \"quantity\": 3}]]", "protocol", "tri",
                "password", "${__P(dubbo.password)}", "max_in_flight", "50");
        fields.forEach(saved::setField);
        DubboRequestGui gui = new DubboRequestGui();

        gui.configure(saved);
        DubboRequest again = new DubboRequest();
        gui.modifyTestElement(again);

        assertThat(again.getName()).isEqualTo("order total");
        fields.forEach((field, value) -> assertThat(again.field(field)).as(field).isEqualTo(value));
        assertThat(again.getProperty("address")).as("empty: left to the Dubbo Defaults").isInstanceOf(NullProperty.class);
    }

    @Test
    void theDefaultsAndTheThriftRequestRoundTripToo() {
        DubboDefaults defaults = new DubboDefaults();
        defaults.setField("address", "${__P(dubbo.address,zookeeper://127.0.0.1:2181)}");
        defaults.setField("timeout_ms", "900");
        DubboDefaultsGui defaultsGui = new DubboDefaultsGui();
        defaultsGui.configure(defaults);
        DubboDefaults defaultsAgain = new DubboDefaults();
        defaultsGui.modifyTestElement(defaultsAgain);

        ThriftRequest thrift = new ThriftRequest();
        thrift.setField("port", "${__P(thrift.port,9090)}");
        thrift.setField("arguments", "{\"code\": \"A-1\", \"items\": []}");
        ThriftRequestGui thriftGui = new ThriftRequestGui();
        thriftGui.configure(thrift);
        ThriftRequest thriftAgain = new ThriftRequest();
        thriftGui.modifyTestElement(thriftAgain);

        assertThat(defaultsAgain.field("address")).isEqualTo("${__P(dubbo.address,zookeeper://127.0.0.1:2181)}");
        assertThat(defaultsAgain.field("timeout_ms")).isEqualTo("900");
        assertThat(thriftAgain.field("port")).isEqualTo("${__P(thrift.port,9090)}");
        assertThat(thriftAgain.field("arguments")).isEqualTo("{\"code\": \"A-1\", \"items\": []}");
    }

    @Test
    void aBadTimeoutAndBadJsonArgumentsAreMarkedUnderTheirFieldsWhileTypedAndClearedWhenFixed() {
        DubboRequestGui gui = new DubboRequestGui();
        JTextComponent timeout = (JTextComponent) find(gui, "dubbo.timeout_ms");
        JTextComponent arguments = (JTextComponent) find(gui, "dubbo.arguments");

        timeout.setText("5s");
        arguments.setText("[{\"sku\": \"A-1\", }]");

        JTextComponent timeoutProblem = (JTextComponent) find(gui, "dubbo.timeout_ms.problem");
        JTextComponent argumentsProblem = (JTextComponent) find(gui, "dubbo.arguments.problem");
        assertThat(timeoutProblem.isVisible()).isTrue();
        assertThat(timeoutProblem.getText())
                .isEqualTo("timeout_ms '5s' is not a number; expected an integer from 1 to 3600000, or empty for 5000");
        assertThat(argumentsProblem.isVisible()).isTrue();
        assertThat(argumentsProblem.getText()).startsWith("arguments is not valid JSON at line 1, column 17");

        timeout.setText("2500");
        arguments.setText("[{\"sku\": \"A-${__threadNum}\"}]");

        assertThat(timeoutProblem.isVisible()).isFalse();
        assertThat(argumentsProblem.isVisible()).isFalse();
    }

    @Test
    void passwordsAreNeverShownInClear() {
        assertThat(find(new DubboRequestGui(), "dubbo.password")).isInstanceOfSatisfying(JPasswordField.class,
                field -> assertThat(field.getEchoChar()).isNotEqualTo((char) 0));
        assertThat(find(new DubboDefaultsGui(), "dubboDefaults.password")).isInstanceOf(JPasswordField.class);
    }

    private static List<String> names(AbstractJMeterGuiComponent gui) {
        List<String> names = new ArrayList<>();
        collect(gui, component -> {
            if (component.getName() != null && component.getName().contains(".")) { // ours; JMeter's are plain words
                names.add(component.getName());
            }
        });
        return names;
    }

    private static Component find(Container root, String name) {
        List<Component> found = new ArrayList<>();
        collect(root, component -> {
            if (name.equals(component.getName())) {
                found.add(component);
            }
        });
        assertThat(found).as("components named %s", name).hasSize(1);
        return found.get(0);
    }

    private static void collect(Container container, java.util.function.Consumer<Component> each) {
        for (Component component : container.getComponents()) {
            each.accept(component);
            if (component instanceof Container inner) {
                collect(inner, each);
            }
        }
    }
}
