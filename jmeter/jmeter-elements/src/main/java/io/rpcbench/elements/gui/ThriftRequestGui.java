package io.rpcbench.elements.gui;

import io.rpcbench.elements.model.ThriftRequest;
import java.util.List;
import java.util.Map;

/**
 * The panel of JMeter's <em>Thrift Request</em> sampler (Add &gt; Sampler &gt; Thrift Request): the fields of a
 * {@link ThriftRequest} on two tabs, "Call" (where, what, results) and "Advanced". Component names:
 * {@code thrift.<field>} (see {@link FieldsPanel}).
 */
public class ThriftRequestGui extends RequestGui {

    private static final long serialVersionUID = 1L;

    /** The name in JMeter's Add menu and a new sampler's name. */
    public static final String LABEL = "Thrift Request";

    public ThriftRequestGui() {
        super(ThriftRequest::new);
        show(new TabbedFields("thrift", List.of(new TabbedFields.Tab("Call", ThriftFields.call()),
                new TabbedFields.Tab("Advanced", ThriftFields.advanced())), Map.of()));
    }

    @Override
    public String getStaticLabel() {
        return LABEL;
    }

    /** Not a key of JMeter's messages: {@link #getStaticLabel} gives the label itself. */
    @Override
    public String getLabelResource() {
        return "rpcbench_thrift_request";
    }
}
