package io.rpcbench.example;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An order: the POJO of the example service. Its fields are the types that break naive JSON mapping: a long id
 * beyond 2^53, an exact {@link BigDecimal}, a {@link LocalDateTime}, an enum, a list and a map of POJOs.
 */
public class Order implements Serializable {

    private static final long serialVersionUID = 1L;

    private long id;
    private long customerId;
    private BigDecimal total;
    private LocalDateTime placedAt;
    private OrderStatus status;
    private List<OrderLine> lines = new ArrayList<>();
    private Map<String, OrderLine> linesBySku = new LinkedHashMap<>();

    public Order() {}

    public long getId() {
        return id;
    }

    public void setId(long id) {
        this.id = id;
    }

    public long getCustomerId() {
        return customerId;
    }

    public void setCustomerId(long customerId) {
        this.customerId = customerId;
    }

    public BigDecimal getTotal() {
        return total;
    }

    public void setTotal(BigDecimal total) {
        this.total = total;
    }

    public LocalDateTime getPlacedAt() {
        return placedAt;
    }

    public void setPlacedAt(LocalDateTime placedAt) {
        this.placedAt = placedAt;
    }

    public OrderStatus getStatus() {
        return status;
    }

    public void setStatus(OrderStatus status) {
        this.status = status;
    }

    public List<OrderLine> getLines() {
        return lines;
    }

    public void setLines(List<OrderLine> lines) {
        this.lines = lines;
    }

    public Map<String, OrderLine> getLinesBySku() {
        return linesBySku;
    }

    public void setLinesBySku(Map<String, OrderLine> linesBySku) {
        this.linesBySku = linesBySku;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Order other && id == other.id && customerId == other.customerId
                && Objects.equals(total, other.total) && Objects.equals(placedAt, other.placedAt)
                && status == other.status && Objects.equals(lines, other.lines)
                && Objects.equals(linesBySku, other.linesBySku);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, customerId, total, placedAt, status, lines, linesBySku);
    }

    @Override
    public String toString() {
        return "Order{id=" + id + ", customerId=" + customerId + ", total=" + total + ", placedAt=" + placedAt
                + ", status=" + status + ", lines=" + lines + ", linesBySku=" + linesBySku + "}";
    }
}
