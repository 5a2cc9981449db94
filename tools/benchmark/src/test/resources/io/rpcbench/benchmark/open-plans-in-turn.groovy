/*
 * PlansOpenInGuiIT's helper, run by JMeter at its start as its jsr223.init.file: opens, in this one JMeter GUI, each
 * plan whose path comes as a line on standard input, in turn, by the steps JMeter's own "jmeter -t PLAN" takes
 * (read the tree with SaveService, set the plan's file, insert the tree), after clearing the plan shown before. A
 * plan that cannot be read is logged at ERROR and shown in JMeter's error dialog, as "-t" does. So one GUI JVM opens
 * every shipped plan, instead of one JVM a plan.
 */
import javax.swing.SwingUtilities
import org.apache.jmeter.gui.GuiPackage
import org.apache.jmeter.gui.action.Load
import org.apache.jmeter.save.SaveService
import org.apache.jmeter.services.FileServer
import org.apache.jmeter.util.JMeterUtils
import org.slf4j.LoggerFactory

def logger = LoggerFactory.getLogger('rpcbench.OpenPlansInTurn')

def open = { File plan ->
    try {
        GuiPackage gui = GuiPackage.getInstance()
        gui.clearTestPlan()
        logger.info('Loading file: {}', plan)
        FileServer.getFileServer().setBaseForScript(plan)
        def tree = SaveService.loadTree(plan)
        gui.setTestPlanFile(plan.absolutePath)
        Load.insertLoadedTree(1, tree)
    } catch (Exception e) {
        logger.error('Failure loading test file {}', plan, e)
        JMeterUtils.reportErrorToUser(e.toString())
    }
}

Thread reader = new Thread({
    def input = new BufferedReader(new InputStreamReader(System.in, 'UTF-8'))
    String line
    while ((line = input.readLine()) != null) {
        if (!line.isBlank()) {
            File plan = new File(line.strip())
            SwingUtilities.invokeLater { open(plan) }
        }
    }
} as Runnable, 'rpcbench-open-plans-in-turn')
reader.daemon = true
reader.start()
logger.info('rpcbench: opening each plan named on standard input')
