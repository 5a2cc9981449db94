package io.rpcbench.elements.gui;

import java.awt.BorderLayout;
import java.awt.Component;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;
import javax.swing.JComponent;
import javax.swing.JTabbedPane;
import javax.swing.border.Border;

/**
 * An element's fields on tabs, each tab a {@link FieldsPanel} (e.g. "Call" and "Advanced", as HTTP Request has
 * "Basic" and "Advanced"); maps them to and from the element's properties as one. The tabbed pane is named
 * {@code <prefix>.tabs}, each tab's panel {@code <prefix>.tab.<n>} from 1.
 */
final class TabbedFields {

    /** One tab: its title and groups. */
    record Tab(String title, List<FieldGroup> groups) {}

    private final JTabbedPane tabs = new JTabbedPane();
    private final Map<String, FieldsPanel> panelByProperty = new LinkedHashMap<>();
    private final List<FieldsPanel> panels;

    /** @param headers a component shown at the top of the group of that title (e.g. the Browse button) */
    TabbedFields(String prefix, List<Tab> tabs, Map<String, JComponent> headers) {
        this.tabs.setName(prefix + ".tabs");
        this.panels = tabs.stream().map(tab -> new FieldsPanel(prefix, tab.groups(), headers)).toList();
        for (int i = 0; i < tabs.size(); i++) {
            FieldsPanel panel = panels.get(i);
            panel.setName(prefix + ".tab." + (i + 1));
            this.tabs.addTab(tabs.get(i).title(), panel);
            for (FieldGroup group : panel.groups()) {
                group.fields().forEach(field -> panelByProperty.put(field.property(), panel));
            }
        }
    }

    JComponent component() {
        return tabs;
    }

    /**
     * Lays out an element's panel as JMeter's own are: its title panel (name, comments) above, the tabs below.
     *
     * @param border the panel's border ({@code makeBorder()} of JMeter's GUI base classes)
     * @param title  its title panel ({@code makeTitlePanel()})
     */
    void layOut(JComponent gui, Border border, Component title) {
        gui.setLayout(new BorderLayout(0, 5));
        gui.setBorder(border);
        gui.add(title, BorderLayout.NORTH);
        gui.add(component(), BorderLayout.CENTER);
    }

    /** JMeter's Help opens its component reference at this anchor: none there for ours, so the page's top. */
    static String docAnchor(String label) {
        return label.replace(' ', '_');
    }

    String value(String property) {
        return panel(property).value(property);
    }

    void setValue(String property, String value) {
        panel(property).setValue(property, value);
    }

    void configure(UnaryOperator<String> values) {
        panels.forEach(panel -> panel.configure(values));
    }

    void writeTo(BiConsumer<String, String> element) {
        panels.forEach(panel -> panel.writeTo(element));
    }

    void clear() {
        panels.forEach(FieldsPanel::clear);
        tabs.setSelectedIndex(0);
    }

    Map<String, String> problems() {
        Map<String, String> problems = new LinkedHashMap<>();
        panels.forEach(panel -> problems.putAll(panel.problems()));
        return problems;
    }

    private FieldsPanel panel(String property) {
        FieldsPanel panel = panelByProperty.get(property);
        if (panel == null) {
            throw new IllegalArgumentException("no field " + property + "; expected one of " + panelByProperty.keySet());
        }
        return panel;
    }
}
