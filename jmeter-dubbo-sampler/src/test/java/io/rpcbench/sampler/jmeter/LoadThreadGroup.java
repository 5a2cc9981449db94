package io.rpcbench.sampler.jmeter;

import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.threads.ThreadGroup;

/** The thread group the engine tests build their plans around: threads started at once, each looping. */
final class LoadThreadGroup {

    private LoadThreadGroup() {}

    /**
     * A group named "load" of {@code threads} threads, each running its samplers {@code loops} times, or until the
     * test is stopped when {@code loops} is -1.
     */
    static ThreadGroup of(int threads, int loops) {
        LoopController loop = new LoopController();
        loop.setLoops(loops);
        loop.setContinueForever(loops < 0);
        loop.initialize();
        ThreadGroup group = new ThreadGroup();
        group.setName("load");
        group.setNumThreads(threads);
        group.setRampUp(0);
        group.setSamplerController(loop);
        return group;
    }
}
