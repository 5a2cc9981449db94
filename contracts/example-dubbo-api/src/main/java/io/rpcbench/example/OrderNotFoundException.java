package io.rpcbench.example;

/** Declared by {@link OrderService#find}: no order has the id asked for. */
public class OrderNotFoundException extends Exception {

    private static final long serialVersionUID = 1L;

    private long orderId;

    public OrderNotFoundException() {}

    public OrderNotFoundException(long orderId) {
        super("no order " + orderId);
        this.orderId = orderId;
    }

    public long getOrderId() {
        return orderId;
    }
}
