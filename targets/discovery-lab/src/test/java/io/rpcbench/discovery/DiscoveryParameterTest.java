package io.rpcbench.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine;

/** The parameters declared once: the commands take each as an option with its default, the shape refuses past it. */
class DiscoveryParameterTest {

    @Test
    void theFarmTakesTheShapeAndTheChurnWithTheirDefaults() {
        CommandSpec farm = parsed(new RegistryFarmCommand(), "--provider-zookeeper", "127.0.0.1:2181");

        for (DiscoveryParameter parameter : List.of(DiscoveryParameter.INSTANCES, DiscoveryParameter.INTERFACES,
                DiscoveryParameter.PROTOCOLS, DiscoveryParameter.INSTANCES_PER_APP, DiscoveryParameter.URL_BYTES,
                DiscoveryParameter.CHURN_PER_MINUTE)) {
            assertThat(valueOf(farm, parameter)).as("%s of the farm", parameter.option())
                    .isEqualTo(parameter.defaultValue());
        }
    }

    @Test
    void theConsumerTakesTheShapeAndTheCallIntervalWithTheirDefaults() {
        CommandSpec consumer = parsed(new DiscoveryConsumerCommand(), "--zookeepers", "127.0.0.1:2181", "--mode",
                "FORCE_INTERFACE");

        for (DiscoveryParameter parameter : List.of(DiscoveryParameter.INSTANCES, DiscoveryParameter.INTERFACES,
                DiscoveryParameter.PROTOCOLS, DiscoveryParameter.INSTANCES_PER_APP, DiscoveryParameter.URL_BYTES,
                DiscoveryParameter.CALL_EVERY_SECONDS)) {
            assertThat(valueOf(consumer, parameter)).as("%s of the consumer", parameter.option())
                    .isEqualTo(parameter.defaultValue());
        }
    }

    @Test
    void theShapeAcceptsEachShapeParametersEndsAndRefusesPastThem() {
        for (DiscoveryParameter parameter : DiscoveryParameter.SHAPE) {
            assertThat(shape(parameter, parameter.min())).as("%s at its minimum", parameter).isNotNull();
            assertThat(shape(parameter, parameter.max())).as("%s at its maximum", parameter).isNotNull();
            assertThatThrownBy(() -> shape(parameter, parameter.min() - 1)).as("%s under its minimum", parameter)
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> shape(parameter, parameter.max() + 1)).as("%s over its maximum", parameter)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aMeaningNamesItsDefault() {
        assertThat(DiscoveryParameter.INSTANCES.meaning())
                .isEqualTo("provider instances (default 50; the seed and --full: 500)");
        assertThat(DiscoveryParameter.CHURN_PER_MINUTE.meaning())
                .isEqualTo("instances leaving (the previous one joining again) per minute (default 12)");
    }

    private static CommandSpec parsed(Object command, String... args) {
        CommandLine line = new CommandLine(command);
        line.parseArgs(args);
        return line.getCommandSpec();
    }

    /** The option's value after parsing without it, as a whole number (the churn is a double). */
    private static int valueOf(CommandSpec spec, DiscoveryParameter parameter) {
        CommandLine.Model.OptionSpec option = spec.findOption(parameter.option());
        assertThat(option).as("option %s", parameter.option()).isNotNull();
        Number value = option.getValue();
        return (int) value.doubleValue();
    }

    /** The seed's shape, with one of its parameters set. */
    private static RegistryShape shape(DiscoveryParameter parameter, int value) {
        RegistryShape seed = RegistryShape.SEED;
        return new RegistryShape(parameter == DiscoveryParameter.INSTANCES ? value : seed.instances(),
                parameter == DiscoveryParameter.INTERFACES ? value : seed.interfaces(),
                parameter == DiscoveryParameter.PROTOCOLS ? value : seed.protocols(),
                parameter == DiscoveryParameter.INSTANCES_PER_APP ? value : seed.instancesPerApp(),
                parameter == DiscoveryParameter.URL_BYTES ? value : seed.urlBytes());
    }
}
