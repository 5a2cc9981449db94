package io.rpcbench.elements.gui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.elements.model.DubboDefaults;
import io.rpcbench.elements.model.DubboRequest;
import io.rpcbench.elements.model.ThriftRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The panels' fields, without Swing (a headless JVM cannot build them): each panel edits every field of its element
 * once, each field explained by a tooltip, grouped as the user reads a call: where, what, results.
 */
class PanelFieldsTest {

    @Test
    void theDubboRequestPanelEditsEveryFieldOfTheElementOnce() {
        assertThat(properties(DubboFields.request()))
                .containsExactlyInAnyOrderElementsOf(new DubboRequest().fieldNames());
    }

    @Test
    void theThriftRequestPanelEditsEveryFieldOfTheElementOnce() {
        List<FieldGroup> groups = new java.util.ArrayList<>(ThriftFields.call());
        groups.addAll(ThriftFields.advanced());
        assertThat(properties(groups)).containsExactlyInAnyOrderElementsOf(new ThriftRequest().fieldNames());
    }

    @Test
    void theDubboDefaultsPanelEditsTheDefaultsFieldsInTheirOrder() {
        assertThat(properties(DubboFields.defaults())).containsExactlyElementsOf(DubboDefaults.FIELDS);
    }

    @Test
    void theCallTabReadsWhereThenWhatThenResults() {
        assertThat(DubboFields.call()).extracting(FieldGroup::title)
                .containsExactly(DubboFields.WHERE, DubboFields.WHAT, DubboFields.RESULTS);
        assertThat(properties(DubboFields.call().subList(0, 1))).containsExactly("address", "protocol",
                "serialization", "timeout_ms", "version", "group");
        assertThat(properties(DubboFields.call().subList(1, 2))).containsExactly("interface", "method",
                "parameter_types", "arguments");
        assertThat(ThriftFields.call()).extracting(FieldGroup::title)
                .containsExactly(ThriftFields.WHERE, ThriftFields.WHAT, ThriftFields.RESULTS);
    }

    @Test
    void everyFieldHasALabelAndATooltipAndThePasswordIsASecret() {
        List<Field> fields = new java.util.ArrayList<>();
        DubboFields.request().forEach(group -> fields.addAll(group.fields()));
        ThriftFields.call().forEach(group -> fields.addAll(group.fields()));
        assertThat(fields).allSatisfy(field -> {
            assertThat(field.label()).as(field.property()).isNotBlank();
            assertThat(field.tooltip()).as(field.property()).hasSizeGreaterThan(20);
        });
        assertThat(fields).filteredOn(field -> field.property().equals("password"))
                .extracting(Field::kind).containsOnly(Field.Kind.PASSWORD);
    }

    @Test
    void theArgumentsAndTimeoutAreCheckedWhileEdited() {
        Field arguments = field(DubboFields.request(), "arguments");
        Field timeout = field(DubboFields.request(), "timeout_ms");

        assertThat(arguments.check().problem("[1, ")).isPresent();
        assertThat(arguments.check().problem("[${id}]")).isEmpty();
        assertThat(timeout.check().problem("soon")).isPresent();
    }

    private static List<String> properties(List<FieldGroup> groups) {
        return groups.stream().flatMap(group -> group.fields().stream()).map(Field::property).toList();
    }

    private static Field field(List<FieldGroup> groups, String property) {
        return groups.stream().flatMap(group -> group.fields().stream())
                .filter(field -> field.property().equals(property)).findFirst().orElseThrow();
    }
}
