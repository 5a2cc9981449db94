package io.rpcbench.example;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Currency;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The example service's one implementation, shared by the Dubbo 3 provider app and the Dubbo 2.7 test provider so
 * that both answer alike. Stateless and thread-safe: every answer is made from the arguments.
 */
public final class OrderDesk implements OrderService {

    @Override
    public Result<Order> place(Order order) {
        return Result.ok(order);
    }

    @Override
    public Order build(long id, long customerId, BigDecimal total, LocalDateTime placedAt, OrderStatus status,
            List<OrderLine> lines, Map<String, OrderLine> linesBySku) {
        Order order = new Order();
        order.setId(id);
        order.setCustomerId(customerId);
        order.setTotal(total);
        order.setPlacedAt(placedAt);
        order.setStatus(status);
        order.setLines(lines == null ? new ArrayList<>() : new ArrayList<>(lines));
        order.setLinesBySku(linesBySku == null ? new LinkedHashMap<>() : new LinkedHashMap<>(linesBySku));
        return order;
    }

    @Override
    public Map<String, OrderLine> indexBySku(List<OrderLine> lines) {
        Map<String, OrderLine> bySku = new LinkedHashMap<>();
        for (OrderLine line : lines) {
            bySku.put(line.getSku(), line);
        }
        return bySku;
    }

    @Override
    public BigDecimal total(List<OrderLine> lines) {
        BigDecimal sum = BigDecimal.ZERO;
        for (OrderLine line : lines) {
            sum = sum.add(line.getUnitPrice().multiply(BigDecimal.valueOf(line.getQuantity())));
        }
        return sum;
    }

    @Override
    public Result<Order> confirm(Result<Order> pending) {
        return new Result<>(Result.OK, "confirmed", pending.getData());
    }

    @Override
    public Delivery schedule(long orderId, Locale locale, Instant requestedAt, OffsetDateTime deliverBy,
            Duration window, UUID trackingId, Date promisedOn, Currency currency) {
        Delivery delivery = new Delivery();
        delivery.setOrderId(orderId);
        delivery.setLocale(locale);
        delivery.setRequestedAt(requestedAt);
        delivery.setDeliverBy(deliverBy);
        delivery.setWindow(window);
        delivery.setTrackingId(trackingId);
        delivery.setPromisedOn(promisedOn);
        delivery.setCurrency(currency);
        return delivery;
    }

    @Override
    public Delivery reschedule(Delivery request) {
        if (request.getLocale() == null) {
            request.setLocale(Locale.ROOT);
        }
        return request;
    }

    @Override
    public Order find(long orderId) throws OrderNotFoundException {
        throw new OrderNotFoundException(orderId);
    }
}
