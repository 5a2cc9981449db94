package io.rpcbench.catalogue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.rpcbench.example.OrderService;
import io.rpcbench.sampler.json.ServiceDefinition;
import java.io.IOException;
import org.apache.dubbo.metadata.definition.ServiceDefinitionBuilder;
import org.apache.dubbo.metadata.definition.TypeDefinitionBuilder;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * The example OrderService's definition as a Dubbo 3.3 provider publishes it: built by Dubbo's own
 * {@code ServiceDefinitionBuilder} from the interface, written as JSON and read back as the registry readers do.
 */
final class OrderServiceDefinition {

    private OrderServiceDefinition() {}

    static synchronized String json() throws IOException {
        // What a provider's start does before it builds a definition: Dubbo's type builders are its extensions.
        if (TypeDefinitionBuilder.BUILDERS == null) {
            TypeDefinitionBuilder.initBuilders(FrameworkModel.defaultModel());
        }
        return new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .writeValueAsString(ServiceDefinitionBuilder.buildFullDefinition(OrderService.class));
    }

    static ServiceDefinition parsed() throws IOException {
        return ServiceDefinition.parse(json());
    }
}
