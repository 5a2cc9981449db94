package io.rpcbench.elements.gui;

import io.rpcbench.elements.check.LiveAddressCheck;
import io.rpcbench.elements.live.LiveFigures;
import java.awt.BorderLayout;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.visualizers.gui.AbstractListenerGui;

/**
 * The panel of rpcbench's <em>Live Figures</em> listener (Add &gt; Listener &gt; Live Figures (rpcbench)): the live
 * dashboard's address, checked while it is edited. Maps the field to a {@link LiveFigures}' property; holds no
 * behaviour. Component name: {@code live.LiveFigures.address} (see {@link FieldsPanel}).
 */
public class LiveFiguresGui extends AbstractListenerGui {

    private static final long serialVersionUID = 1L;

    /** The name in JMeter's Add menu and a new listener's name. */
    public static final String LABEL = "Live Figures (rpcbench)";

    private final FieldsPanel fields;

    public LiveFiguresGui() {
        setLayout(new BorderLayout(0, 5));
        setBorder(makeBorder());
        add(makeTitlePanel(), BorderLayout.NORTH);
        fields = new FieldsPanel("live", List.of(FieldGroup.of("address", "Live dashboard",
                Field.text(LiveFigures.ADDRESS, "address",
                        "Where to send each second's figures: the live dashboard ./run-benchmark serves (it passes "
                                + "live.url); empty: off",
                        new LiveAddressCheck("address")))), Map.of());
        add(fields, BorderLayout.CENTER);
    }

    @Override
    public String getStaticLabel() {
        return LABEL;
    }

    /** Not a key of JMeter's messages: {@link #getStaticLabel} gives the label itself. */
    @Override
    public String getLabelResource() {
        return "rpcbench_live_figures";
    }

    @Override
    public TestElement createTestElement() {
        LiveFigures listener = new LiveFigures();
        modifyTestElement(listener);
        return listener;
    }

    @Override
    public void modifyTestElement(TestElement element) {
        super.modifyTestElement(element);
        element.removeProperty(LiveFigures.ADDRESS);
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
        fields.setValue(LiveFigures.ADDRESS, LiveFigures.DEFAULT_ADDRESS);
    }
}
