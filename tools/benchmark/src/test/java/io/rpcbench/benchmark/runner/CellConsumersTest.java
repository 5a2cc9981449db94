package io.rpcbench.benchmark.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellSetup;
import io.rpcbench.benchmark.scenario.ExtraProcess;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A cell of several consumers and providers: how many JMeter runs make its consumers at a site, and its set-up's
 * checks, and which set-ups only add extra processes to the one running.
 */
class CellConsumersTest {

    private final Cell one = Cell.of("row", "column", "plan");
    private final Cell two = one.consumers(2);

    @Test
    void whereARunIsOneConsumerACellOfTwoRunsTwoJMeters() {
        assertThat(PlanRunner.runCount(one, site(1))).isEqualTo(1);
        assertThat(PlanRunner.runCount(two, site(1))).isEqualTo(2);
    }

    @Test
    void inALabOfTwoEnginesACellOfTwoIsOneRunAndACellOfThreeCannotRun() {
        assertThat(PlanRunner.runCount(two, site(2))).isEqualTo(1);
        assertThat(PlanRunner.runCount(one, site(2))).isEqualTo(1);
        assertThat(PlanRunner.runCount(one.consumers(3), site(2))).isEqualTo(-1);
    }

    @Test
    void noConsumersOrProvidersAreRefusedNamingTheCell() {
        assertThatThrownBy(() -> one.consumers(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cell 'plan' has 0 consumers; expected 1 or more");
        assertThatThrownBy(() -> CellSetup.provider().providers(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a cell's set-up has 0 providers; expected 1 or more");
    }

    @Test
    void twoProvidersAreAnotherSetUpAndSaySo() {
        CellSetup pair = CellSetup.provider().providers(2);

        assertThat(pair).isNotEqualTo(CellSetup.DEFAULT);
        assertThat(pair.providers(1)).isEqualTo(CellSetup.DEFAULT);
        assertThat(pair.describe()).isEqualTo("2 provider apps (one registry)");
    }

    @Test
    void aSetUpWithMoreExtrasAddsOnlyThoseToTheOneRunning() {
        ExtraProcess first = new ExtraProcess("first", List.of(), context -> null);
        ExtraProcess second = new ExtraProcess("second", List.of(), context -> null);
        CellSetup service = CellSetup.provider("--user-service");

        assertThat(service.with(first).adds(service)).containsExactly(first);
        assertThat(service.with(first).with(second).adds(service.with(first))).containsExactly(second);
        // another provider, other options, other extras first, nothing running, or nothing more: a restart
        assertThat(service.with(first).adds(service.providers(2))).isEmpty();
        assertThat(service.with(first).adds(CellSetup.DEFAULT)).isEmpty();
        assertThat(service.with(second).with(first).adds(service.with(first))).isEmpty();
        assertThat(service.with(first).adds(null)).isEmpty();
        assertThat(service.adds(service)).isEmpty();
        assertThat(service.adds(service.with(first))).isEmpty();
    }

    /** A site whose JMeter runs are {@code consumersPerRun} consumers each; nothing else of it is used. */
    private static RunSite site(int consumersPerRun) {
        return new RunSite() {
            @Override
            public void prepare(CellSetup setup) {
                throw new UnsupportedOperationException("not used");
            }

            @Override
            public JMeterRun configure(JMeterRun run, Map<String, String> plan) {
                throw new UnsupportedOperationException("not used");
            }

            @Override
            public int consumersPerRun() {
                return consumersPerRun;
            }

            @Override
            public String describe() {
                return "a test site";
            }

            @Override
            public void report(PrintWriter out) {
                throw new UnsupportedOperationException("not used");
            }

            @Override
            public void close() {
                // nothing started
            }
        };
    }
}
