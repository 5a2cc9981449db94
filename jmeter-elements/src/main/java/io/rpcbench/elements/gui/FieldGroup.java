package io.rpcbench.elements.gui;

import java.util.List;

/** Fields shown together under a title, e.g. "Where" (registry, protocol, serialization, timeout, version, group). */
record FieldGroup(String title, List<Field> fields) {

    FieldGroup {
        fields = List.copyOf(fields);
    }

    static FieldGroup of(String title, Field... fields) {
        return new FieldGroup(title, List.of(fields));
    }
}
