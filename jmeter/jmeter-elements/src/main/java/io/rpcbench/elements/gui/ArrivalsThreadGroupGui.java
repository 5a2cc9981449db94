package io.rpcbench.elements.gui;

import io.rpcbench.elements.arrivals.ArrivalsSettings;
import io.rpcbench.elements.arrivals.ArrivalsThreadGroup;
import io.rpcbench.elements.check.IntegerCheck;
import io.rpcbench.elements.check.ScheduleCheck;
import java.awt.BorderLayout;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.gui.AbstractThreadGroupGui;

/**
 * The panel of rpcbench's <em>Arrivals Thread Group</em> (Add &gt; Threads &gt; Arrivals Thread Group (rpcbench)):
 * the schedule, the pool of threads that serve its arrivals, the engines that share its rate, and the random seed,
 * each checked while it is edited (its problem in red under it). Maps the fields to an {@link ArrivalsThreadGroup}'s
 * properties; holds no behaviour. Component names: {@code arrivals.<property>} (see {@link FieldsPanel}).
 */
public class ArrivalsThreadGroupGui extends AbstractThreadGroupGui {

    private static final long serialVersionUID = 1L;

    /** The name in JMeter's Add menu and a new thread group's name. */
    public static final String LABEL = "Arrivals Thread Group (rpcbench)";

    private final FieldsPanel fields;

    public ArrivalsThreadGroupGui() {
        fields = new FieldsPanel("arrivals", List.of(FieldGroup.of("schedule", "Arrivals",
                Field.text(ArrivalsThreadGroup.SCHEDULE, ArrivalsSettings.SCHEDULE_FIELD,
                        "When calls arrive, whether or not earlier ones were answered, as for the Open Model Thread "
                                + "Group: rate(1000/sec) random_arrivals(1 min), even_arrivals(..), pause(..); "
                                + "a rate(..) after arrivals is the rate they ramp to",
                        new ScheduleCheck(ArrivalsSettings.SCHEDULE_FIELD)),
                Field.text(AbstractThreadGroup.NUM_THREADS, ArrivalsSettings.POOL_FIELD,
                        "Threads started once and reused for every arrival; also the most calls in flight. An arrival "
                                + "that finds them all busy waits, and its wait counts in its time (schedule lag). "
                                + "Empty: " + ArrivalsThreadGroup.DEFAULT_POOL,
                        new IntegerCheck(ArrivalsSettings.POOL_FIELD, 1, ArrivalsSettings.MAX_POOL,
                                String.valueOf(ArrivalsThreadGroup.DEFAULT_POOL))),
                Field.text(ArrivalsThreadGroup.ENGINES, ArrivalsSettings.ENGINES_FIELD,
                        "With JMeter's remote engines: how many run this plan; each makes its share of the rate. "
                                + "Empty: 1",
                        new IntegerCheck(ArrivalsSettings.ENGINES_FIELD, 1, 10_000, "1")),
                Field.text(ArrivalsThreadGroup.RANDOM_SEED, ArrivalsSettings.SEED_FIELD,
                        "The same seed gives the same random arrival times; empty: new times each run",
                        new IntegerCheck(ArrivalsSettings.SEED_FIELD, Long.MIN_VALUE, Long.MAX_VALUE, "a new seed")))),
                Map.of());
        add(fields, BorderLayout.CENTER);
    }

    @Override
    public String getStaticLabel() {
        return LABEL;
    }

    /** Not a key of JMeter's messages: {@link #getStaticLabel} gives the label itself. */
    @Override
    public String getLabelResource() {
        return "rpcbench_arrivals_thread_group";
    }

    /** JMeter's Help opens its component reference at this anchor: none there for ours, so the page's top. */
    @Override
    public String getDocAnchor() {
        return "Arrivals_Thread_Group";
    }

    @Override
    public TestElement createTestElement() {
        ArrivalsThreadGroup group = new ArrivalsThreadGroup();
        modifyTestElement(group);
        return group;
    }

    @Override
    public void modifyTestElement(TestElement element) {
        super.modifyTestElement(element);
        element.removeProperty(ArrivalsThreadGroup.SCHEDULE);
        element.removeProperty(AbstractThreadGroup.NUM_THREADS);
        element.removeProperty(ArrivalsThreadGroup.ENGINES);
        element.removeProperty(ArrivalsThreadGroup.RANDOM_SEED);
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
        fields.setValue(ArrivalsThreadGroup.SCHEDULE, "rate(100/sec) random_arrivals(1 min)");
        fields.setValue(AbstractThreadGroup.NUM_THREADS, String.valueOf(ArrivalsThreadGroup.DEFAULT_POOL));
    }

    /** The problem of each field that has one now, by property (for tests and the run's check). */
    public Map<String, String> problems() {
        return fields.problems();
    }
}
