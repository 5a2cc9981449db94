package io.rpcbench.elements.gui;

import java.util.function.Supplier;
import org.apache.jmeter.samplers.gui.AbstractSamplerGui;
import org.apache.jmeter.testelement.TestElement;

/**
 * What the panels of the rpcbench samplers (Dubbo Request, Thrift Request) share: their label, a new element of
 * their kind, and their fields ({@link TabbedFields}) written to and read from the element. A subclass builds its
 * fields in its constructor and hands them to {@link #show}.
 */
public abstract class RequestGui extends AbstractSamplerGui {

    private static final long serialVersionUID = 1L;

    private final String label;
    private final String labelResource;
    private final transient Supplier<TestElement> newElement;
    /** The element's fields on their tabs; set by {@link #show}. */
    protected transient TabbedFields fields;

    /**
     * @param label         the name in JMeter's Add menu and a new element's name
     * @param labelResource not a key of JMeter's messages: {@link #getStaticLabel} gives the label itself
     * @param newElement    a new element of this panel's kind
     */
    protected RequestGui(String label, String labelResource, Supplier<TestElement> newElement) {
        this.label = label;
        this.labelResource = labelResource;
        this.newElement = newElement;
    }

    /** Lays the panel out with {@code fields} under the title. */
    protected final void show(TabbedFields fields) {
        this.fields = fields;
        fields.layOut(this, makeBorder(), makeTitlePanel());
    }

    @Override
    public String getStaticLabel() {
        return label;
    }

    @Override
    public String getLabelResource() {
        return labelResource;
    }

    @Override
    public String getDocAnchor() {
        return TabbedFields.docAnchor(label);
    }

    @Override
    public TestElement createTestElement() {
        TestElement element = newElement.get();
        modifyTestElement(element);
        return element;
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
