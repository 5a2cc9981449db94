package io.rpcbench.elements.browse;

import java.awt.BorderLayout;
import java.awt.Dimension;
import java.awt.FlowLayout;
import java.awt.Window;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.function.UnaryOperator;
import javax.swing.BorderFactory;
import javax.swing.DefaultListModel;
import javax.swing.JButton;
import javax.swing.JComponent;
import javax.swing.JDialog;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JSplitPane;
import javax.swing.JTextArea;
import javax.swing.ListSelectionModel;
import javax.swing.SwingWorker;

/**
 * The Dubbo Request's Browse dialog: the registry's services on the left, the chosen service's methods on the right,
 * the arguments template of the chosen method below, and OK to fill the request with it. The registry is read off
 * Swing's thread ({@link RegistryBrowse#list}); what went wrong is said in the dialog's message, in words.
 *
 * <p>Component names, for tests that drive the GUI: the dialog {@value #NAME}; {@code dubbo.browse.services},
 * {@code dubbo.browse.methods} (lists), {@code dubbo.browse.arguments} (the template, read-only),
 * {@code dubbo.browse.message} (what is read, or what went wrong), {@code dubbo.browse.reload},
 * {@code dubbo.browse.ok} and {@code dubbo.browse.cancel} (buttons).
 *
 * <pre>{@code
 * Optional<Choice> chosen = new BrowseDialog(frame, RegistryBrowse.live(), fields).choose(); // modal
 * }</pre>
 */
public final class BrowseDialog extends JDialog {

    private static final long serialVersionUID = 1L;

    /** The dialog's component name. */
    public static final String NAME = "dubbo.browse.dialog";

    private final transient RegistryBrowse browse;
    private final transient UnaryOperator<String> fields;
    private final DefaultListModel<RegistryBrowse.Offer> services = new DefaultListModel<>();
    private final DefaultListModel<RegistryBrowse.OfferedMethod> methods = new DefaultListModel<>();
    private final JList<RegistryBrowse.Offer> serviceList = new JList<>(services);
    private final JList<RegistryBrowse.OfferedMethod> methodList = new JList<>(methods);
    private final JTextArea arguments = new JTextArea(4, 60);
    private final JTextArea message = new JTextArea(3, 60);
    private final JButton reload = new JButton("Read again");
    private final JButton ok = new JButton("OK");
    private final JButton cancel = new JButton("Cancel");
    private transient RegistryBrowse.Choice chosen;

    /**
     * @param fields the request's value of each field by name, its Dubbo Defaults' where it has none, functions
     *               already run (the registry's address and Nacos access are read from it)
     */
    public BrowseDialog(Window owner, RegistryBrowse browse, UnaryOperator<String> fields) {
        super(owner, "Browse the registry", ModalityType.APPLICATION_MODAL);
        this.browse = browse;
        this.fields = fields;
        setName(NAME);
        setDefaultCloseOperation(DISPOSE_ON_CLOSE);
        named(serviceList, "dubbo.browse.services");
        named(methodList, "dubbo.browse.methods");
        named(arguments, "dubbo.browse.arguments");
        named(message, "dubbo.browse.message");
        named(reload, "dubbo.browse.reload");
        named(ok, "dubbo.browse.ok");
        named(cancel, "dubbo.browse.cancel");
        serviceList.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        methodList.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        serviceList.setToolTipText("The services with a provider running now: interface, version and group");
        methodList.setToolTipText("The chosen service's methods and their parameter types, from its provider's "
                + "metadata");
        arguments.setEditable(false);
        arguments.setLineWrap(true);
        arguments.setToolTipText("The arguments OK writes into the request: the method's parameters typed from the "
                + "metadata, values to fill in");
        message.setEditable(false);
        message.setLineWrap(true);
        message.setWrapStyleWord(true);
        message.setOpaque(false);
        ok.setEnabled(false);
        ok.setToolTipText("Fill interface, method, parameter types, version, group and arguments with the chosen method");
        serviceList.addListSelectionListener(e -> {
            if (!e.getValueIsAdjusting()) {
                showMethods();
            }
        });
        methodList.addListSelectionListener(e -> {
            if (!e.getValueIsAdjusting()) {
                showArguments();
            }
        });
        reload.addActionListener(e -> read());
        ok.addActionListener(e -> {
            chosen = choice().orElse(null);
            dispose();
        });
        cancel.addActionListener(e -> dispose());
        getRootPane().setDefaultButton(ok); // before the layout: the look and feel may draw a default button larger
        layOut();
    }

    private static void named(JComponent component, String name) {
        component.setName(name);
    }

    private void layOut() {
        JSplitPane lists = new JSplitPane(JSplitPane.HORIZONTAL_SPLIT, titled("Services", serviceList),
                titled("Methods", methodList));
        lists.setResizeWeight(0.4);
        JPanel south = new JPanel(new BorderLayout(0, 4));
        JScrollPane argumentsPane = new JScrollPane(arguments);
        argumentsPane.setBorder(BorderFactory.createTitledBorder("Arguments template"));
        south.add(argumentsPane, BorderLayout.NORTH);
        south.add(message, BorderLayout.CENTER);
        JPanel buttons = new JPanel(new FlowLayout(FlowLayout.RIGHT));
        buttons.add(reload);
        buttons.add(ok);
        buttons.add(cancel);
        south.add(buttons, BorderLayout.SOUTH);
        JPanel content = new JPanel(new BorderLayout(0, 6));
        content.setBorder(BorderFactory.createEmptyBorder(8, 8, 8, 8));
        content.add(new JLabel("Pick a method: OK fills the Dubbo Request with it."), BorderLayout.NORTH);
        content.add(lists, BorderLayout.CENTER);
        content.add(south, BorderLayout.SOUTH);
        setContentPane(content);
        setPreferredSize(new Dimension(900, 560));
        pack();
        setLocationRelativeTo(getOwner());
    }

    private static JScrollPane titled(String title, JComponent list) {
        JScrollPane pane = new JScrollPane(list);
        pane.setBorder(BorderFactory.createTitledBorder(title));
        return pane;
    }

    /** Shows the dialog, reads the registry, and returns the chosen method's fields once it is closed: empty on Cancel. */
    public Optional<RegistryBrowse.Choice> choose() {
        read();
        setVisible(true); // modal: returns once disposed
        return Optional.ofNullable(chosen);
    }

    /** Reads the registry off Swing's thread and shows its services, or what went wrong. */
    private void read() {
        services.clear();
        methods.clear();
        arguments.setText("");
        ok.setEnabled(false);
        reload.setEnabled(false);
        String address = fields.apply("address");
        message.setText("Reading " + (address.isBlank() ? "the registry" : address) + " ...");
        new SwingWorker<RegistryBrowse.Listing, Void>() {
            @Override
            protected RegistryBrowse.Listing doInBackground() {
                return browse.list(fields);
            }

            @Override
            protected void done() {
                reload.setEnabled(true);
                RegistryBrowse.Listing listing;
                try {
                    listing = get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                } catch (ExecutionException e) { // list() says its failures; this is a fault of ours
                    message.setText("The registry could not be read: " + e.getCause());
                    return;
                }
                if (!listing.ok()) {
                    message.setText(listing.problem());
                    return;
                }
                listing.services().forEach(services::addElement);
                message.setText(capitalized(listing.registry()) + " holds " + listing.services().size() + " service"
                        + (listing.services().size() == 1 ? "" : "s") + ". Pick one, then a method.");
                serviceList.setSelectedIndex(0);
            }
        }.execute();
    }

    private void showMethods() {
        methods.clear();
        arguments.setText("");
        RegistryBrowse.Offer service = serviceList.getSelectedValue();
        if (service == null) {
            return;
        }
        service.methods().forEach(methods::addElement);
        if (methods.isEmpty()) {
            message.setText(service.noMethods());
        }
        ok.setEnabled(false);
    }

    private void showArguments() {
        Optional<RegistryBrowse.Choice> choice = choice();
        arguments.setText(choice.map(RegistryBrowse.Choice::arguments).orElse(""));
        ok.setEnabled(choice.isPresent());
    }

    private Optional<RegistryBrowse.Choice> choice() {
        RegistryBrowse.OfferedMethod method = methodList.getSelectedValue();
        return method == null ? Optional.empty() : Optional.of(method.choice());
    }

    private static String capitalized(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
