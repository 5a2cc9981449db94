package io.rpcbench.elements.gui;

import io.rpcbench.elements.model.DubboDefaults;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.function.UnaryOperator;
import javax.swing.tree.TreeNode;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.gui.GuiPackage;
import org.apache.jmeter.gui.tree.JMeterTreeNode;

/**
 * The values Browse reads a registry with, as a run would see them: the request's own field, else the nearest enabled
 * Dubbo Defaults in its scope in JMeter's tree that has it (one among the children of the request, then the siblings
 * of the request or of an ancestor, nearest first), with JMeter's functions run ({@code ${__P(dubbo.address,zookeeper://127.0.0.1:2181)}} gives the property or
 * its default, as in the run).
 */
final class DefaultsInScope {

    private DefaultsInScope() {}

    /** {@code own} (the request's field by name), else the Defaults' in scope of the selected tree node. */
    static UnaryOperator<String> over(UnaryOperator<String> own) {
        List<DubboDefaults> defaults = inScope();
        return name -> {
            String value = own.apply(name);
            for (int i = 0; value.isBlank() && i < defaults.size(); i++) {
                value = defaults.get(i).field(name);
            }
            return evaluated(value);
        };
    }

    /** The enabled Dubbo Defaults in scope of JMeter's selected node, nearest first; none outside JMeter's GUI. */
    private static List<DubboDefaults> inScope() {
        List<DubboDefaults> found = new ArrayList<>();
        GuiPackage gui = GuiPackage.getInstance();
        JMeterTreeNode selected = gui == null ? null : gui.getCurrentNode();
        // From the request's own children up to the plan's, as JMeter's TestCompiler merges them (nearest first).
        for (TreeNode parent = selected; parent != null; parent = parent.getParent()) {
            for (Enumeration<? extends TreeNode> children = parent.children(); children.hasMoreElements(); ) {
                if (children.nextElement() instanceof JMeterTreeNode node && node.isEnabled()
                        && node.getTestElement() instanceof DubboDefaults dubboDefaults) {
                    found.add(dubboDefaults);
                }
            }
        }
        return found;
    }

    /** {@code value} with JMeter's functions and variables replaced; as written when they cannot be run. */
    private static String evaluated(String value) {
        if (!value.contains("${")) {
            return value;
        }
        try {
            return new CompoundVariable(value).execute();
        } catch (RuntimeException e) { // e.g. a function that is not installed
            return value;
        }
    }
}
