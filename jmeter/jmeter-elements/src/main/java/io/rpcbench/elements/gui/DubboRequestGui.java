package io.rpcbench.elements.gui;

import io.rpcbench.elements.browse.BrowseDialog;
import io.rpcbench.elements.browse.RegistryBrowse;
import io.rpcbench.elements.model.DubboRequest;
import io.rpcbench.sampler.call.ServiceCallParameters;
import io.rpcbench.sampler.dubbo.DubboSettings;
import java.awt.FlowLayout;
import java.util.List;
import java.util.Map;
import javax.swing.JButton;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.SwingUtilities;

/**
 * The panel of JMeter's <em>Dubbo Request</em> sampler (Add &gt; Sampler &gt; Dubbo Request): the fields of a
 * {@link DubboRequest} on two tabs, "Call" (where, what, results) and "Advanced" (Nacos access, how calls are made),
 * and Browse, which lists the registry's services and methods (or a tri:// server's, from its gRPC reflection) and
 * fills interface, method, parameter types, version, group and an arguments template with the one picked.
 *
 * <p>Component names: {@code dubbo.<field>} (see {@link FieldsPanel}), the button {@value #BROWSE}, the dialog
 * {@value BrowseDialog#NAME}.
 */
public class DubboRequestGui extends RequestGui {

    private static final long serialVersionUID = 1L;

    /** The name in JMeter's Add menu and a new sampler's name. */
    public static final String LABEL = "Dubbo Request";
    /** The Browse button's component name. */
    public static final String BROWSE = "dubbo.browse";

    public DubboRequestGui() {
        super(DubboRequest::new);
        JButton browse = new JButton("Browse...");
        browse.setName(BROWSE);
        browse.setToolTipText("List the services and methods of the registry in Registry or URL (or the Dubbo "
                + "Defaults'), or of a tri:// server's gRPC reflection, and fill this request with the method picked");
        browse.addActionListener(e -> browse());
        JPanel header = new JPanel(new FlowLayout(FlowLayout.LEFT, 0, 0));
        header.add(browse);
        header.add(new JLabel("  the registry's services and methods"));
        show(new TabbedFields("dubbo", List.of(new TabbedFields.Tab("Call", DubboFields.call()),
                new TabbedFields.Tab("Advanced", DubboFields.advanced())), Map.of(DubboFields.WHAT, header)));
    }

    @Override
    public String getStaticLabel() {
        return LABEL;
    }

    /** Not a key of JMeter's messages: {@link #getStaticLabel} gives the label itself. */
    @Override
    public String getLabelResource() {
        return "rpcbench_dubbo_request";
    }

    /** Opens the Browse dialog on the registry this request would call through, and fills the fields picked. */
    private void browse() {
        BrowseDialog dialog = new BrowseDialog(SwingUtilities.getWindowAncestor(this), RegistryBrowse.live(),
                DefaultsInScope.over(fields::value));
        dialog.choose().ifPresent(choice -> {
            fields.setValue(DubboSettings.INTERFACE, choice.interfaceName());
            fields.setValue(ServiceCallParameters.METHOD, choice.method());
            fields.setValue(ServiceCallParameters.PARAMETER_TYPES, choice.parameterTypes());
            fields.setValue(ServiceCallParameters.ARGUMENTS, choice.arguments());
            if (!choice.invocation().isEmpty()) { // a server's reflection: its .proto's service, no API jar
                fields.setValue(DubboSettings.INVOCATION, choice.invocation());
            }
            // The service's own version and group, where a request must name them (a Defaults' may not fit).
            if (!choice.version().isEmpty()) {
                fields.setValue(DubboSettings.VERSION, choice.version());
            }
            if (!choice.group().isEmpty()) {
                fields.setValue(DubboSettings.GROUP, choice.group());
            }
        });
    }
}
