package io.rpcbench.elements.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import org.junit.jupiter.api.Test;

class ProblemBackgroundTest {

    @Test
    void aLightThemesFieldTurnsLightPink() {
        Color tinted = FieldsPanel.problemBackground(Color.WHITE);

        assertThat(tinted.getRed()).isGreaterThan(tinted.getGreen()).isGreaterThan(200);
        assertThat(tinted.getGreen()).isEqualTo(tinted.getBlue()).isGreaterThan(180);
    }

    /** Darklaf's field background (JMeter's default theme): its light text must stay readable on the tint. */
    @Test
    void aDarkThemesFieldStaysDarkWithARedCast() {
        Color tinted = FieldsPanel.problemBackground(new Color(69, 73, 74));

        assertThat(tinted.getRed()).isGreaterThan(tinted.getGreen()).isLessThan(110);
        assertThat(tinted.getGreen()).isLessThan(73);
    }
}
