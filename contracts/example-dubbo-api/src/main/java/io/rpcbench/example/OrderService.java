package io.rpcbench.example;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.Currency;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The example service: a business interface of the kind users load-test, not the echo. Every method answers from
 * its arguments alone (nothing is stored), so a caller can check that each value came back exactly as sent.
 *
 * <p>The provider app exports it beside the echo service (group and version empty), on the same port and protocol.
 */
public interface OrderService {

    /** Places {@code order} and returns it unchanged inside {@link Result#ok}. */
    Result<Order> place(Order order);

    /**
     * Builds an order from loose arguments: {@code id}, {@code customerId}, {@code total}, {@code placedAt},
     * {@code status}, {@code lines} and {@code linesBySku} become its fields as given.
     */
    Order build(long id, long customerId, BigDecimal total, LocalDateTime placedAt, OrderStatus status,
            List<OrderLine> lines, Map<String, OrderLine> linesBySku);

    /** The lines keyed by their SKU, in the order given (a later line replaces an earlier one of the same SKU). */
    Map<String, OrderLine> indexBySku(List<OrderLine> lines);

    /** The exact sum of quantity times unit price over {@code lines}. */
    BigDecimal total(List<OrderLine> lines);

    /** Confirms a pending result: the same data with code {@link Result#OK} and message {@code confirmed}. */
    Result<Order> confirm(Result<Order> pending);

    /**
     * Schedules an order's delivery from loose arguments, each of a JDK value type that generic invocation must carry
     * as the object itself: the answer holds every argument as given.
     */
    Delivery schedule(long orderId, Locale locale, Instant requestedAt, OffsetDateTime deliverBy, Duration window,
            UUID trackingId, Date promisedOn, Currency currency);

    /** Fills in what a {@code request} left out (its locale is {@link Locale#ROOT} when none), otherwise unchanged. */
    Delivery reschedule(Delivery request);

    /**
     * Fails with the declared exception for every id: the example of a business exception a load test sees.
     *
     * @throws OrderNotFoundException always, naming {@code orderId}
     */
    Order find(long orderId) throws OrderNotFoundException;
}
