package io.rpcbench.elements.gui;

import io.rpcbench.elements.model.ThriftRequest;
import java.awt.BorderLayout;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.samplers.gui.AbstractSamplerGui;
import org.apache.jmeter.testelement.TestElement;

/**
 * The panel of JMeter's <em>Thrift Request</em> sampler (Add &gt; Sampler &gt; Thrift Request): the fields of a
 * {@link ThriftRequest} on two tabs, "Call" (where, what, results) and "Advanced". Component names:
 * {@code thrift.<field>} (see {@link FieldsPanel}).
 */
public class ThriftRequestGui extends AbstractSamplerGui {

    private static final long serialVersionUID = 1L;

    /** The name in JMeter's Add menu and a new sampler's name. */
    public static final String LABEL = "Thrift Request";

    private final TabbedFields fields;

    public ThriftRequestGui() {
        fields = new TabbedFields("thrift", List.of(new TabbedFields.Tab("Call", ThriftFields.call()),
                new TabbedFields.Tab("Advanced", ThriftFields.advanced())), Map.of());
        setLayout(new BorderLayout(0, 5));
        setBorder(makeBorder());
        add(makeTitlePanel(), BorderLayout.NORTH);
        add(fields.component(), BorderLayout.CENTER);
    }

    @Override
    public String getStaticLabel() {
        return LABEL;
    }

    /** Not a key of JMeter's messages: {@link #getStaticLabel} gives the label itself. */
    @Override
    public String getLabelResource() {
        return "rpcbench_thrift_request";
    }

    /** JMeter's Help opens its component reference at this anchor: none there for ours, so the page's top. */
    @Override
    public String getDocAnchor() {
        return LABEL.replace(' ', '_');
    }

    @Override
    public TestElement createTestElement() {
        ThriftRequest request = new ThriftRequest();
        modifyTestElement(request);
        return request;
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
