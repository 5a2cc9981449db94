/*
 * DubboRequestInGuiIT's eyes inside the JMeter GUI, run by JMeter at its start as its jsr223.init.file: it answers
 * questions about the Swing components on screen, one per line on standard input, and changes nothing. The test's
 * xdotool does every click and key press, at the places this script reports, so they go through X and AWT's event
 * queue as a person's would.
 *
 * A question is "<seq>\t<verb>\t<argument>...", the answer one line "rpcbench-probe <seq> <answer>" on standard output:
 *   component  KEY               the showing component named KEY, or the showing button or menu item whose text is
 *                                KEY: "at X Y WIDTH HEIGHT enabled|disabled" (its visible part, in screen
 *                                pixels), "hidden" when scrolled out of view, or "absent"
 *   menu-item  TEXT              the showing menu or menu item (of a menu bar or popup) whose text is TEXT: as
 *                                component (a panel's button of the same text is not one)
 *   tree-row   NAME              the row of JMeter's tree whose element is named NAME: "at X Y W H selected|unselected"
 *   list-item  LIST TEXT         the first entry of the showing JList named LIST whose text contains TEXT:
 *                                "at X Y W H selected|unselected", or "absent"
 *   char       FIELD SNIPPET     the last character of the first SNIPPET in the text of the showing text component
 *                                named FIELD: "at X Y W H" (the character's box), or "absent"
 *   text       FIELD             the text of the showing text component named FIELD: "text BASE64(UTF-8)", or "absent"
 * A question it cannot read is answered "error <message>".
 */
import java.awt.Component
import java.awt.Container
import java.awt.Point
import java.awt.Rectangle
import java.awt.Toolkit
import java.awt.Window
import javax.swing.AbstractButton
import javax.swing.JList
import javax.swing.SwingUtilities
import javax.swing.text.JTextComponent
import org.apache.jmeter.gui.GuiPackage
import org.slf4j.LoggerFactory

def logger = LoggerFactory.getLogger('rpcbench.SwingProbe')

/** Every showing component of every window, depth first: popup menus' windows and modal dialogs included. */
def showing
showing = { Component component, List<Component> found ->
    if (component.isShowing()) {
        found << component
        if (component instanceof Container) {
            component.components.each { showing(it, found) }
        }
    }
    found
}
def allShowing = {
    List<Component> found = []
    Window.windows.each { showing(it, found) }
    found
}
def find = { String key ->
    allShowing().find { it.name == key || (it instanceof AbstractButton && it.text == key) }
}
/** The part of {@code box} (in the component's coordinates) that is visible, on the screen. */
def onScreen = { Component component, Rectangle area ->
    Rectangle box = component instanceof javax.swing.JComponent ? area.intersection(component.visibleRect) : area
    if (box.isEmpty()) {
        return 'hidden'
    }
    Point corner = new Point(box.x as int, box.y as int)
    SwingUtilities.convertPointToScreen(corner, component)
    "at ${corner.x as int} ${corner.y as int} ${box.width as int} ${box.height as int}"
}

def answer = { String verb, List<String> args ->
    switch (verb) {
        case 'component':
            Component component = find(args[0])
            // Each expression ends its line with an operator: Groovy ends a statement at a line's end.
            return component == null ? 'absent' :
                    onScreen(component, new Rectangle(0, 0, component.width, component.height)) +
                            (component.enabled ? ' enabled' : ' disabled')
        case 'menu-item':
            Component item = allShowing().find { it instanceof javax.swing.JMenuItem && it.text == args[0] }
            return item == null ? 'absent' :
                    onScreen(item, new Rectangle(0, 0, item.width, item.height)) +
                            (item.enabled ? ' enabled' : ' disabled')
        case 'tree-row':
            def tree = GuiPackage.instance.treeListener.JTree
            for (int row = 0; row < tree.rowCount; row++) {
                if (tree.getPathForRow(row).lastPathComponent.name == args[0]) {
                    return onScreen(tree, tree.getRowBounds(row)) +
                            (tree.isRowSelected(row) ? ' selected' : ' unselected')
                }
            }
            return 'absent'
        case 'list-item':
            Component list = find(args[0])
            if (!(list instanceof JList)) {
                return 'absent'
            }
            for (int index = 0; index < list.model.size; index++) {
                if (list.model.getElementAt(index).toString().contains(args[1])) {
                    return onScreen(list, list.getCellBounds(index, index)) +
                            (list.isSelectedIndex(index) ? ' selected' : ' unselected')
                }
            }
            return 'absent'
        case 'char':
            Component field = find(args[0])
            int start = field instanceof JTextComponent ? field.text.indexOf(args[1]) : -1
            if (start < 0) {
                return 'absent'
            }
            int last = start + args[1].length() - 1
            Rectangle before = field.modelToView2D(last).bounds
            Rectangle after = field.modelToView2D(last + 1).bounds
            // Groovy reads a Rectangle's x as getX(), a double.
            return onScreen(field, new Rectangle(before.x as int, before.y as int,
                    Math.max(1, (after.x - before.x) as int), before.height as int))
        case 'text':
            Component field = find(args[0])
            return field instanceof JTextComponent ?
                    'text ' + field.text.getBytes('UTF-8').encodeBase64().toString() : 'absent'
        default:
            return "error unknown question ${verb}"
    }
}

Thread reader = new Thread({
    def input = new BufferedReader(new InputStreamReader(System.in, 'UTF-8'))
    String line
    while ((line = input.readLine()) != null) {
        List<String> parts = line.split('\t') as List
        if (parts.size() < 2) {
            continue
        }
        String reply
        try {
            String result = null
            SwingUtilities.invokeAndWait {
                result = answer(parts[1], parts.drop(2))
                // What was painted before this answer reaches the X server, so a screenshot taken next shows it.
                Toolkit.defaultToolkit.sync()
            }
            reply = result
        } catch (Exception e) {
            logger.warn('rpcbench: cannot answer {}', line, e)
            reply = 'error ' + (e.cause ?: e).toString().replace('\n', ' ')
        }
        System.out.println("rpcbench-probe ${parts[0]} ${reply}")
        System.out.flush()
    }
} as Runnable, 'rpcbench-swing-probe')
reader.daemon = true
reader.start()
logger.info('rpcbench: answering questions about the Swing components on standard input')
