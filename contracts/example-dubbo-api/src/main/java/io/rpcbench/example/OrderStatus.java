package io.rpcbench.example;

/** Where an {@link Order} stands. Generic calls carry it by name, e.g. {@code "PAID"}. */
public enum OrderStatus {
    NEW,
    PAID,
    SHIPPED,
    CANCELLED
}
