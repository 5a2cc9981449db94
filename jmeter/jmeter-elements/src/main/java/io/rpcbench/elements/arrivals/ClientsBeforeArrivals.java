package io.rpcbench.elements.arrivals;

import io.rpcbench.elements.model.RpcRequest;
import io.rpcbench.sampler.jmeter.ClientsReady;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.apache.jmeter.config.ConfigTestElement;
import org.apache.jmeter.protocol.java.sampler.JavaSampler;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.HashTreeTraverser;
import org.apache.jorphan.collections.ListedHashTree;

/**
 * Makes the clients of a thread group's rpcbench samplers ready before its first arrival, on the engine's thread: the
 * Dubbo consumer built, a Thrift socket connected. Without it the first arrival builds the consumer (hundreds of ms,
 * seconds on a busy machine) while every arrival due meanwhile waits, and the run's first seconds measure the set-up.
 * Each {@link RpcRequest} element is prepared with the config elements JMeter will merge into it (those in its scope,
 * nearest first); each Java Request of an rpcbench sampler through {@link ClientsReady}. Anything else is left alone,
 * and a sampler that cannot be made ready is logged once and fails its samples as it would have.
 */
final class ClientsBeforeArrivals {

    private ClientsBeforeArrivals() {}

    /** Prepares every rpcbench sampler of {@code threadGroupTree}. */
    static void prepare(ListedHashTree threadGroupTree) {
        threadGroupTree.traverse(new Preparing());
    }

    /**
     * Walks the tree keeping the subtree of each node on the path to the current one (its children; the parent's are
     * the current node's siblings), so a sampler's config elements in scope are known.
     */
    private static final class Preparing implements HashTreeTraverser {
        private final Deque<HashTree> subtrees = new ArrayDeque<>();

        @Override
        public void addNode(Object node, HashTree subTree) {
            subtrees.push(subTree);
            if (node instanceof RpcRequest request) {
                request.prepareClient(configsInScope());
            } else if (node instanceof JavaSampler javaRequest) {
                ClientsReady.prepare(javaRequest);
            }
        }

        /** The config elements beside each node on the path to the current one, nearest first. */
        private List<ConfigTestElement> configsInScope() {
            List<ConfigTestElement> configs = new ArrayList<>();
            for (HashTree level : subtrees) { // the sampler's own children first, then its siblings, then up the path
                for (Object child : level.list()) {
                    if (child instanceof ConfigTestElement config) {
                        configs.add(config);
                    }
                }
            }
            return configs;
        }

        @Override
        public void subtractNode() {
            subtrees.pop();
        }

        @Override
        public void processPath() {
            // nothing at a leaf: each node was handled as it was reached
        }
    }
}
