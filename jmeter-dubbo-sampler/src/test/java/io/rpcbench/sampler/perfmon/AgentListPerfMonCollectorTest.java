package io.rpcbench.sampler.perfmon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import kg.apc.jmeter.perfmon.PerfMonCollector;
import org.apache.jmeter.testelement.property.CollectionProperty;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.StringProperty;
import org.junit.jupiter.api.Test;

class AgentListPerfMonCollectorTest {

    @Test
    void rowsAreExpandedPerAgentInTheStockCollectorsShape() {
        AgentListPerfMonCollector collector = collector(
                List.of("10.0.0.5:4445,10.0.0.6", "4444", "CPU", "combined"),
                List.of("", "4444", "CPU", "pid=:percent:label=provider"),
                List.of("127.0.0.1:5555", "4444", "Memory", "pid=42:resident:unit=mb:label=provider"));

        CollectionProperty rows = collector.perAgentRows();

        assertThat(rows.getName()).isEqualTo(PerfMonCollector.DATA_PROPERTY);
        assertThat(cells(rows)).containsExactly(
                List.of("10.0.0.5", "4445", "CPU", "combined"),
                List.of("10.0.0.6", "4444", "CPU", "combined"),
                List.of("127.0.0.1", "5555", "Memory", "pid=42:resident:unit=mb:label=provider"));
        // The stock collector takes a row only when its value is an ArrayList of properties.
        assertThat(rows.get(0).getObjectValue()).isInstanceOf(ArrayList.class);
    }

    @Test
    void rowsSwitchedOffByNoneOrByAMissingProcessIdAreLeftOut() {
        AgentListPerfMonCollector collector = collector(
                List.of("none", "4444", "CPU", "combined"),
                List.of("10.0.0.5", "4444", "CPU", "pid=:percent:label=provider"),
                List.of("10.0.0.5", "4444", "Memory", "pid=none:resident:unit=mb"),
                List.of("10.0.0.5", "4444", "Memory", "usedperc"));

        assertThat(cells(collector.perAgentRows())).containsExactly(List.of("10.0.0.5", "4444", "Memory", "usedperc"));
    }

    @Test
    void theGuiKeepsSeeingTheRowsAsWritten() {
        AgentListPerfMonCollector collector = collector(List.of("a,b", "4444", "CPU", "combined"));

        assertThat(cells((CollectionProperty) collector.getMetricSettings()))
                .containsExactly(List.of("a,b", "4444", "CPU", "combined"));
    }

    @Test
    void aBadAgentListNamesTheRowAndTheCollector() {
        AgentListPerfMonCollector collector = collector(
                List.of("a", "4444", "CPU", "combined"), List.of("a:x", "4444", "Memory", "usedperc"));
        collector.setName("PerfMon Metrics Collector");

        assertThatThrownBy(collector::perAgentRows)
                .hasMessageStartingWith("PerfMon row 2 (Memory usedperc) of 'PerfMon Metrics Collector'")
                .hasMessageContaining("'a:x'");
    }

    private static AgentListPerfMonCollector collector(List<?>... rows) {
        List<JMeterProperty> table = new ArrayList<>();
        for (List<?> row : rows) {
            List<JMeterProperty> cells = new ArrayList<>();
            for (Object cell : row) {
                cells.add(new StringProperty(Integer.toString(cell.hashCode()), (String) cell));
            }
            table.add(new CollectionProperty(Integer.toString(row.get(0).hashCode()), cells));
        }
        AgentListPerfMonCollector collector = new AgentListPerfMonCollector();
        collector.setData(new CollectionProperty(PerfMonCollector.DATA_PROPERTY, table));
        return collector;
    }

    private static List<List<String>> cells(CollectionProperty rows) {
        List<List<String>> all = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            CollectionProperty row = (CollectionProperty) rows.get(i);
            List<String> cells = new ArrayList<>();
            for (int j = 0; j < row.size(); j++) {
                cells.add(row.get(j).getStringValue());
            }
            all.add(cells);
        }
        return all;
    }
}
