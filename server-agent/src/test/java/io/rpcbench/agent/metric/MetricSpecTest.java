package io.rpcbench.agent.metric;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MetricSpecTest {

    @Test
    void typeAloneMeansTheFamilysDefaultField() {
        MetricSpec spec = MetricSpec.parse("cpu");
        assertThat(spec.type()).isEqualTo("cpu");
        assertThat(spec.field()).isEmpty();
        assertThat(spec.namesProcess()).isFalse();
    }

    @Test
    void collectorsTrailingColonAndUpperCaseAreAccepted() {
        MetricSpec spec = MetricSpec.parse("CPU:");
        assertThat(spec.type()).isEqualTo("cpu");
        assertThat(spec.field()).isEmpty();
    }

    @Test
    void guiTypeNamesAreCutAtTheFirstSpace() {
        assertThat(MetricSpec.parse("disks i/o:reads").type()).isEqualTo("disks");
        assertThat(MetricSpec.parse("network i/o:bytesrecv").type()).isEqualTo("network");
    }

    @Test
    void namedParametersFillTheirFieldsAndTheLastPlainTokenIsTheField() {
        MetricSpec spec = MetricSpec.parse("memory:pid=42:name=java#1:core=3:fs=/data:iface=eth0:unit=mb:label=x:resident");
        assertThat(spec.pid()).isEqualTo("42");
        assertThat(spec.name()).isEqualTo("java#1");
        assertThat(spec.core()).isEqualTo("3");
        assertThat(spec.fs()).isEqualTo("/data");
        assertThat(spec.iface()).isEqualTo("eth0");
        assertThat(spec.unit()).isEqualTo("mb");
        assertThat(spec.label()).isEqualTo("x");
        assertThat(spec.field()).isEqualTo("resident");
        assertThat(spec.namesProcess()).isTrue();
    }

    @Test
    void escapedColonsStayInsideOneParameter() {
        MetricSpec spec = MetricSpec.parse("jmx:url=localhost\\:4711:gc-time");
        assertThat(spec.option("url")).isEqualTo("localhost:4711");
        assertThat(spec.field()).isEqualTo("gc-time");
    }

    @Test
    void optionsAreNotTakenForTheField() {
        MetricSpec spec = MetricSpec.parse("jmx:gc-time:url=localhost\\:4711");
        assertThat(spec.field()).isEqualTo("gc-time");
    }

    @Test
    void execKeepsEveryPositionalParameterInOrder() {
        MetricSpec spec = MetricSpec.parse("exec:/bin/sh:-c:echo 1");
        assertThat(spec.positional()).containsExactly("/bin/sh", "-c", "echo 1");
    }
}
