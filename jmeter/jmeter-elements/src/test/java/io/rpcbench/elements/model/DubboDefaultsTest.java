package io.rpcbench.elements.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.jmeter.config.ConfigTestElement;
import org.junit.jupiter.api.Test;

/**
 * Dubbo Defaults and the Dubbo Request's fields: what JMeter's TestCompiler does before each sample (the request's
 * {@code applies}, then {@code addTestElement} on the running request) and after it ({@code recoverRunningVersion}).
 */
class DubboDefaultsTest {

    @Test
    void theDubboRequestsFieldsAreTheParametersOfTheJavaRequestDubboServiceSampler() {
        assertThat(new DubboRequest().fieldNames()).containsExactly("address", "protocol", "serialization",
                "interface", "method", "parameter_types", "arguments", "version", "group", "namespace",
                "registry_group", "username", "password", "cluster", "loadbalance", "retries", "connections",
                "attachments", "timeout_ms", "invocation", "proto_descriptor_set", "stream_send", "response_max_bytes",
                "max_in_flight", "property_overrides");
    }

    @Test
    void everyFieldOfTheDefaultsIsAFieldOfTheDubboRequest() {
        assertThat(new DubboRequest().fieldNames()).containsAll(DubboDefaults.FIELDS);
    }

    @Test
    void emptyFieldsOfTheRequestTakeTheDefaultsValuesAndItsOwnValuesWin() {
        DubboRequest request = running(new DubboRequest());
        request.setField("address", "");
        request.setField("protocol", "dubbo");
        request.setField("interface", "io.rpcbench.example.OrderService");
        DubboDefaults defaults = new DubboDefaults();
        defaults.setField("address", "zookeeper://127.0.0.1:2999");
        defaults.setField("protocol", "tri");
        defaults.setField("timeout_ms", "900");
        defaults.setRunningVersion(true);

        assertThat(request.applies(defaults)).isTrue();
        request.addTestElement(defaults);

        assertThat(request.field("address")).as("empty: the defaults'").isEqualTo("zookeeper://127.0.0.1:2999");
        assertThat(request.field("timeout_ms")).as("never set: the defaults'").isEqualTo("900");
        assertThat(request.field("protocol")).as("its own").isEqualTo("dubbo");
        assertThat(request.field("interface")).isEqualTo("io.rpcbench.example.OrderService");
    }

    @Test
    void theDefaultsValuesAreGoneAfterTheSampleSoThatAnotherDefaultsInScopeCanApply() {
        DubboRequest request = running(new DubboRequest());
        request.setField("address", "");
        DubboDefaults defaults = new DubboDefaults();
        defaults.setField("address", "zookeeper://127.0.0.1:2999");
        defaults.setRunningVersion(true);

        request.addTestElement(defaults);
        request.recoverRunningVersion();

        assertThat(request.field("address")).isEmpty();
        assertThat(request.field("timeout_ms")).isEmpty();
    }

    /** JMeter merges the config elements in scope nearest first: the nearest Defaults' value wins where both have one. */
    @Test
    void withTwoDefaultsInScopeTheNearestWinsAndTheOtherFillsWhatItLeavesEmpty() {
        DubboRequest request = running(new DubboRequest());
        DubboDefaults threadGroups = running(new DubboDefaults());
        threadGroups.setField("address", "zookeeper://127.0.0.1:2999");
        DubboDefaults plans = running(new DubboDefaults());
        plans.setField("address", "zookeeper://127.0.0.1:2181");
        plans.setField("serialization", "fastjson2");

        request.addTestElement(threadGroups);
        request.addTestElement(plans);

        assertThat(request.field("address")).isEqualTo("zookeeper://127.0.0.1:2999");
        assertThat(request.field("serialization")).isEqualTo("fastjson2");
    }

    @Test
    void aDubboRequestTakesDubboDefaultsAloneAndAThriftRequestNone() {
        assertThat(new DubboRequest().applies(new DubboDefaults())).isTrue();
        assertThat(new DubboRequest().applies(new ConfigTestElement())).as("e.g. HTTP Request Defaults").isFalse();
        assertThat(new ThriftRequest().applies(new DubboDefaults())).isFalse();
    }

    @Test
    void theThriftRequestsFieldsAreTheParametersOfTheJavaRequestThriftServiceSampler() {
        assertThat(new ThriftRequest().fieldNames()).containsExactly("host", "port", "transport", "protocol",
                "timeout_ms", "service", "method", "arguments", "multiplexed_service", "response_max_bytes",
                "max_in_flight", "property_overrides");
    }

    /** As JMeter's engine has it when the test starts: every element of the plan is its running version. */
    private static <T extends org.apache.jmeter.testelement.TestElement> T running(T element) {
        element.setRunningVersion(true);
        return element;
    }
}
