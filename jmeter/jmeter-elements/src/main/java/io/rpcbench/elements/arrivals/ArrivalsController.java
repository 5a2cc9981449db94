package io.rpcbench.elements.arrivals;

import io.rpcbench.sampler.arrival.DueTime;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.JMeterContextService;

/**
 * The main controller of an {@link ArrivalsThreadGroup}: loops over the thread group's children for as long as
 * there are arrivals, and begins each iteration by taking the next arrival and waiting until it is due. The due time
 * is left for the iteration's first rpcbench sample ({@link DueTime}), which measures from it. When there are no
 * arrivals left (the schedule is over, or the run is stopping), the loop is done and the thread ends.
 *
 * <p>JMeter gives each thread its own copy of this controller, so the time the thread's previous arrival began is
 * kept here; the arrivals themselves are the thread group's, shared by its threads.
 */
public class ArrivalsController extends LoopController {

    private static final long serialVersionUID = 1L;

    private transient long busySince = Arrivals.NONE;

    public ArrivalsController() {
        setLoops(LoopController.INFINITE_LOOP_COUNT);
        setContinueForever(true);
    }

    @Override
    protected void fireIterationStart() {
        Arrivals arrivals = arrivals();
        long due = arrivals == null ? Arrivals.NONE : arrivals.await(busySince);
        if (due == Arrivals.NONE) {
            busySince = Arrivals.NONE;
            DueTime.clear();
            setDone(true);
            return;
        }
        long now = System.nanoTime();
        busySince = now;
        DueTime.set(due, System.currentTimeMillis() - (now - due) / 1_000_000);
        super.fireIterationStart();
    }

    /** The arrivals of this thread's group; null outside an {@link ArrivalsThreadGroup}. */
    private static Arrivals arrivals() {
        AbstractThreadGroup group = JMeterContextService.getContext().getThreadGroup();
        return group instanceof ArrivalsThreadGroup arrivalsGroup ? arrivalsGroup.arrivals() : null;
    }

    @Override
    public Object clone() {
        ArrivalsController clone = (ArrivalsController) super.clone();
        clone.busySince = Arrivals.NONE;
        return clone;
    }
}
