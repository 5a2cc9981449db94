package io.rpcbench.sampler.live;

import java.awt.BorderLayout;
import javax.swing.Box;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JTextField;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.visualizers.gui.AbstractListenerGui;

/**
 * The panel of rpcbench's <em>Live Figures</em> listener (Add &gt; Listener &gt; Live Figures (rpcbench)): the live
 * dashboard's address. Maps its one field to a {@link LiveFigures}' property; holds no behaviour. It sits with the
 * samplers (not with the elements' panels) so that a plan of Java Requests needs the one plugin: the Plugins
 * Manager's install-for-jmx picks plugins by the plan's element and panel classes.
 */
public class LiveFiguresGui extends AbstractListenerGui {

    private static final long serialVersionUID = 1L;

    /** The name in JMeter's Add menu and a new listener's name. */
    public static final String LABEL = "Live Figures (rpcbench)";

    private final JTextField address = new JTextField(40);

    public LiveFiguresGui() {
        setLayout(new BorderLayout(0, 5));
        setBorder(makeBorder());
        add(makeTitlePanel(), BorderLayout.NORTH);
        address.setName("live.address");
        address.setToolTipText("Where to send each second's figures: the live dashboard ./run-benchmark serves (it "
                + "passes live.url: " + LiveFigures.DEFAULT_ADDRESS + "); http://host:port/path or file:/folder/; "
                + "empty: off");
        JLabel label = new JLabel("Live dashboard address");
        label.setLabelFor(address);
        Box row = Box.createHorizontalBox();
        row.add(label);
        row.add(Box.createHorizontalStrut(8));
        row.add(address);
        JPanel fields = new JPanel(new BorderLayout());
        fields.add(row, BorderLayout.NORTH);
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
        element.setProperty(LiveFigures.ADDRESS, address.getText().strip());
    }

    @Override
    public void configure(TestElement element) {
        super.configure(element);
        address.setText(element.getPropertyAsString(LiveFigures.ADDRESS));
    }

    @Override
    public void clearGui() {
        super.clearGui();
        address.setText(LiveFigures.DEFAULT_ADDRESS);
    }
}
