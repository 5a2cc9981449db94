package io.rpcbench.elements.gui;

import io.rpcbench.elements.check.FieldCheck;
import java.util.List;

/**
 * One field of a panel: the element's property it edits (the Java Request parameter of that name), its label and
 * tooltip in the user's words, how it is edited and what is checked while it is edited.
 *
 * @param choices the values a {@link Kind#CHOICE} offers (it also takes any text, e.g. a {@code ${__P(..)}})
 */
record Field(String property, String label, String tooltip, Kind kind, List<String> choices, FieldCheck check) {

    /** How a field is edited. */
    enum Kind {
        /** One line of text. */
        TEXT,
        /** An editable drop-down of the usual values, empty first (the default). */
        CHOICE,
        /** A secret: never shown in clear. */
        PASSWORD,
        /** JSON over several lines. */
        JSON
    }

    Field {
        choices = List.copyOf(choices);
    }

    static Field text(String property, String label, String tooltip, FieldCheck check) {
        return new Field(property, label, tooltip, Kind.TEXT, List.of(), check);
    }

    static Field choice(String property, String label, String tooltip, List<String> choices, FieldCheck check) {
        return new Field(property, label, tooltip, Kind.CHOICE, choices, check);
    }

    static Field password(String property, String label, String tooltip) {
        return new Field(property, label, tooltip, Kind.PASSWORD, List.of(), FieldCheck.NONE);
    }

    static Field json(String property, String label, String tooltip, FieldCheck check) {
        return new Field(property, label, tooltip, Kind.JSON, List.of(), check);
    }
}
