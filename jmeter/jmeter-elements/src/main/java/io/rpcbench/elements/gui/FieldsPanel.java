package io.rpcbench.elements.gui;

import io.rpcbench.elements.check.FieldCheck;
import java.awt.Color;
import java.awt.Dimension;
import java.awt.GridBagConstraints;
import java.awt.GridBagLayout;
import java.awt.Insets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import javax.swing.BorderFactory;
import javax.swing.JComboBox;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JPasswordField;
import javax.swing.JTextArea;
import javax.swing.JTextField;
import javax.swing.UIManager;
import javax.swing.border.Border;
import javax.swing.event.DocumentEvent;
import javax.swing.event.DocumentListener;
import javax.swing.text.JTextComponent;
import org.apache.jmeter.gui.util.JSyntaxTextArea;
import org.apache.jmeter.gui.util.JTextScrollPane;

/**
 * The fields of one element's panel in titled groups, each a label, its editor and, under it, the problem its
 * {@link FieldCheck} finds while it is edited (red, hidden when there is none). Maps the fields to the element's
 * properties and back; holds no behaviour of the element.
 *
 * <p>Component names, for tests that drive the GUI: each editor is named {@code <prefix>.<property>} (e.g.
 * {@code dubbo.address}; for a drop-down, its text editor too is named {@code <prefix>.<property>.editor}), its
 * problem label {@code <prefix>.<property>.problem}, its label {@code <prefix>.<property>.label}, each group
 * {@code <prefix>.section.<name>} ({@link FieldGroup#name()}).
 */
final class FieldsPanel extends JPanel {

    private static final long serialVersionUID = 1L;
    private static final Color PROBLEM = new Color(0xC0, 0x20, 0x20);
    /** How much of {@link #PROBLEM} a field with a problem takes into its background. */
    private static final float PROBLEM_TINT = 0.2f;

    private final Map<String, Editor> editors = new LinkedHashMap<>();
    private final transient List<FieldGroup> groups;

    /**
     * @param headers a component shown at the top of the group of that title (e.g. the Browse button), or none
     */
    FieldsPanel(String prefix, List<FieldGroup> groups, Map<String, JComponent> headers) {
        super(new GridBagLayout());
        this.groups = List.copyOf(groups);
        int row = 0;
        List<JLabel> labels = new ArrayList<>();
        for (FieldGroup group : groups) {
            JPanel box = new JPanel(new GridBagLayout());
            box.setName(prefix + ".section." + group.name());
            box.setBorder(BorderFactory.createTitledBorder(group.title()));
            int line = 0;
            JComponent header = headers.get(group.title());
            if (header != null) {
                box.add(header, constraints(1, line++, false));
            }
            for (Field field : group.fields()) {
                Editor editor = new Editor(prefix, field);
                editors.put(field.property(), editor);
                JLabel label = new JLabel(field.label());
                label.setName(prefix + "." + field.property() + ".label");
                label.setLabelFor(editor.component);
                label.setToolTipText(field.tooltip());
                labels.add(label);
                GridBagConstraints at = constraints(0, line, false);
                at.anchor = GridBagConstraints.FIRST_LINE_END;
                at.weightx = 0;
                at.fill = GridBagConstraints.NONE;
                box.add(label, at);
                box.add(editor.view, constraints(1, line++, field.kind() == Field.Kind.JSON));
                box.add(editor.problem, constraints(1, line++, false));
            }
            GridBagConstraints at = constraints(0, row++, groupGrows(group));
            at.gridwidth = 2;
            add(box, at);
        }
        // One label width for every group, so that the fields of all groups line up.
        int width = labels.stream().mapToInt(label -> label.getPreferredSize().width).max().orElse(0);
        labels.forEach(label -> label.setPreferredSize(new Dimension(width, label.getPreferredSize().height)));
        if (groups.stream().noneMatch(FieldsPanel::groupGrows)) { // the groups at the top, not centred
            GridBagConstraints rest = constraints(0, row, true);
            add(new JPanel(), rest);
        }
    }

    private static boolean groupGrows(FieldGroup group) {
        return group.fields().stream().anyMatch(field -> field.kind() == Field.Kind.JSON);
    }

    private static GridBagConstraints constraints(int x, int y, boolean grows) {
        GridBagConstraints at = new GridBagConstraints();
        at.gridx = x;
        at.gridy = y;
        at.weightx = 1;
        at.weighty = grows ? 1 : 0;
        at.fill = grows ? GridBagConstraints.BOTH : GridBagConstraints.HORIZONTAL;
        at.anchor = GridBagConstraints.FIRST_LINE_START;
        at.insets = new Insets(2, 4, 2, 4);
        return at;
    }

    /** The field's text as the user left it (a secret's too), empty when none. */
    String value(String property) {
        return editor(property).value();
    }

    /** Sets the field's text and checks it. */
    void setValue(String property, String value) {
        editor(property).setValue(value == null ? "" : value);
    }

    /** Shows the element's properties, {@code values} giving each (empty when unset). */
    void configure(UnaryOperator<String> values) {
        editors.forEach((property, editor) -> editor.setValue(values.apply(property)));
    }

    /**
     * Writes every field that has a value into the element ({@code property, value}); an empty field writes nothing,
     * so that a config element in scope or the sampler's default applies to it.
     */
    void writeTo(BiConsumer<String, String> element) {
        editors.forEach((property, editor) -> {
            String value = editor.value();
            if (!value.isEmpty()) {
                element.accept(property, value);
            }
        });
    }

    /** Empties every field, as a new element shows them. */
    void clear() {
        editors.values().forEach(editor -> editor.setValue(""));
    }

    /** The problem of each field that has one now, by property. */
    Map<String, String> problems() {
        Map<String, String> problems = new LinkedHashMap<>();
        editors.forEach((property, editor) -> editor.check().ifPresent(problem -> problems.put(property, problem)));
        return problems;
    }

    List<FieldGroup> groups() {
        return groups;
    }

    private Editor editor(String property) {
        Editor editor = editors.get(property);
        if (editor == null) {
            throw new IllegalArgumentException("no field " + property + " in this panel; expected one of "
                    + editors.keySet());
        }
        return editor;
    }

    /** One field's editor, the component around it (a scroll pane for JSON) and its problem label. */
    private static final class Editor {
        final Field field;
        final JComponent component;
        final JComponent view;
        final JTextComponent text;
        final JTextArea problem = new ProblemText();
        final Border normal;

        Editor(String prefix, Field field) {
            this.field = field;
            String name = prefix + "." + field.property();
            switch (field.kind()) {
                case CHOICE -> {
                    JComboBox<String> combo = new JComboBox<>();
                    combo.addItem("");
                    field.choices().forEach(combo::addItem);
                    combo.setEditable(true);
                    text = (JTextComponent) combo.getEditor().getEditorComponent();
                    text.setName(name + ".editor");
                    component = combo;
                    view = combo;
                }
                case PASSWORD -> {
                    text = new JPasswordField();
                    component = text;
                    view = text;
                }
                case JSON -> {
                    JSyntaxTextArea area = JSyntaxTextArea.getInstance(6, 60);
                    area.setLanguage("json");
                    text = area;
                    component = area;
                    view = JTextScrollPane.getInstance(area);
                }
                default -> {
                    text = new JTextField();
                    component = text;
                    view = text;
                }
            }
            component.setName(name);
            component.setToolTipText(field.tooltip());
            text.setToolTipText(field.tooltip());
            problem.setName(name + ".problem");
            problem.setVisible(false);
            normal = view.getBorder();
            text.getDocument().addDocumentListener(onChange(ignored -> show(check())));
        }

        String value() {
            return text instanceof JPasswordField secret ? new String(secret.getPassword()) : text.getText();
        }

        void setValue(String value) {
            if (text instanceof JSyntaxTextArea area) {
                area.setInitialText(value);
                area.setCaretPosition(0);
            } else {
                text.setText(value);
            }
            show(check());
        }

        Optional<String> check() {
            return field.check().problem(value());
        }

        /** Marks the field and says the problem under it, or clears both. */
        void show(Optional<String> found) {
            problem.setText(found.orElse(""));
            problem.setVisible(found.isPresent());
            problem.revalidate();
            view.setBorder(found.isPresent() ? BorderFactory.createLineBorder(PROBLEM, 2) : normal);
            Color background = UIManager.getColor("TextField.background");
            if (background != null && !(text instanceof JSyntaxTextArea)) {
                text.setBackground(found.isPresent() ? problemBackground(background) : background);
            }
        }
    }

    /**
     * The background of a field with a problem: the look and feel's own field background tinted towards red, so the
     * field's text keeps its contrast on a dark theme (JMeter's default, Darklaf) as on a light one; a fixed light pink
     * left a dark theme's light text unreadable.
     */
    static Color problemBackground(Color background) {
        return new Color(tint(background.getRed(), PROBLEM.getRed()), tint(background.getGreen(), PROBLEM.getGreen()),
                tint(background.getBlue(), PROBLEM.getBlue()));
    }

    private static int tint(int background, int problem) {
        return Math.round(background * (1 - PROBLEM_TINT) + problem * PROBLEM_TINT);
    }

    /**
     * A field's problem under it, wrapped to the field's width: its own width never widens the panel (a long JSON
     * message would push the fields off the screen).
     */
    private static final class ProblemText extends JTextArea {

        private static final long serialVersionUID = 1L;

        ProblemText() {
            setEditable(false);
            setFocusable(false);
            setLineWrap(true);
            setWrapStyleWord(true);
            setOpaque(false);
            setBorder(BorderFactory.createEmptyBorder());
            setForeground(PROBLEM);
        }

        @Override
        public Dimension getPreferredSize() {
            return new Dimension(10, super.getPreferredSize().height);
        }
    }

    private static DocumentListener onChange(Consumer<DocumentEvent> change) {
        return new DocumentListener() {
            @Override
            public void insertUpdate(DocumentEvent e) {
                change.accept(e);
            }

            @Override
            public void removeUpdate(DocumentEvent e) {
                change.accept(e);
            }

            @Override
            public void changedUpdate(DocumentEvent e) {
                change.accept(e);
            }
        };
    }
}
