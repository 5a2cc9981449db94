package io.rpcbench.elements.gui;

import java.util.List;

/**
 * Fields shown together under a title, e.g. "Where" (registry, protocol, serialization, timeout, version, group).
 *
 * @param name the group's short name, unique in its panel: its component is named {@code <prefix>.section.<name>}
 */
record FieldGroup(String name, String title, List<Field> fields) {

    FieldGroup {
        fields = List.copyOf(fields);
    }

    static FieldGroup of(String name, String title, Field... fields) {
        return new FieldGroup(name, title, List.of(fields));
    }
}
