package io.rpcbench.elements.gui;

import java.util.function.Supplier;
import org.apache.jmeter.samplers.gui.AbstractSamplerGui;
import org.apache.jmeter.testelement.TestElement;

/**
 * What the panels of the rpcbench samplers (Dubbo Request, Thrift Request) share: a new element of their kind, and
 * their fields ({@link TabbedFields}) written to and read from the element. A subclass names its label (and its
 * label resource), builds its fields in its constructor and hands them to {@link #show}.
 */
public abstract class RequestGui extends AbstractSamplerGui {

    private static final long serialVersionUID = 1L;

    private final transient Supplier<TestElement> newElement;
    /** The element's fields on their tabs; set by {@link #show}. */
    protected transient TabbedFields fields;

    /**
     * @param newElement a new element of this panel's kind
     */
    protected RequestGui(Supplier<TestElement> newElement) {
        this.newElement = newElement;
    }

    /** Lays the panel out with {@code fields} under the title. */
    protected final void show(TabbedFields fields) {
        this.fields = fields;
        fields.layOut(this, makeBorder(), makeTitlePanel());
    }

    /**
     * The name in JMeter's Add menu and a new element's name: a constant of the subclass, since JMeter's base class
     * asks for it while it is constructed, before this class's fields are set.
     */
    @Override
    public abstract String getStaticLabel();

    @Override
    public String getDocAnchor() {
        return TabbedFields.docAnchor(getStaticLabel());
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
