package io.rpcbench.elements.gui;

import io.rpcbench.elements.model.DubboDefaults;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.config.gui.AbstractConfigGui;
import org.apache.jmeter.testelement.TestElement;

/**
 * The panel of JMeter's <em>Dubbo Defaults</em> config element (Add &gt; Config Element &gt; Dubbo Defaults): where
 * every Dubbo Request in its scope calls unless the request says otherwise. Component names:
 * {@code dubboDefaults.<field>} (see {@link FieldsPanel}).
 */
public class DubboDefaultsGui extends AbstractConfigGui {

    private static final long serialVersionUID = 1L;

    /** The name in JMeter's Add menu and a new element's name. */
    public static final String LABEL = "Dubbo Defaults";

    private final TabbedFields fields;

    public DubboDefaultsGui() {
        fields = new TabbedFields("dubboDefaults", List.of(new TabbedFields.Tab("Defaults", DubboFields.defaults())),
                Map.of());
        fields.layOut(this, makeBorder(), makeTitlePanel());
    }

    @Override
    public String getStaticLabel() {
        return LABEL;
    }

    /** Not a key of JMeter's messages: {@link #getStaticLabel} gives the label itself. */
    @Override
    public String getLabelResource() {
        return "rpcbench_dubbo_defaults";
    }

    @Override
    public String getDocAnchor() {
        return TabbedFields.docAnchor(LABEL);
    }

    @Override
    public TestElement createTestElement() {
        DubboDefaults defaults = new DubboDefaults();
        modifyTestElement(defaults);
        return defaults;
    }

    @Override
    public void modifyTestElement(TestElement element) {
        super.modifyTestElement(element);
        fields.writeTo(element::setProperty);
    }

    @Override
    public void configure(TestElement element) {
        super.configure(element);
        fields.configure(element::getPropertyAsString);
    }

    @Override
    public void clearGui() {
        super.clearGui();
        fields.clear();
    }
}
