package io.rpcbench.example;

import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Currency;
import java.util.Date;
import java.util.Locale;
import java.util.UUID;

/**
 * The delivery of an order: the JDK value types that are neither numbers nor {@code java.time} local dates, which
 * a generic invocation cannot make from text on the provider's side (a {@link Locale} given as {@code "zh_CN"}
 * reached older plugins' providers as a String).
 */
public class Delivery implements Serializable {

    private static final long serialVersionUID = 1L;

    private long orderId;
    private Locale locale;
    private Instant requestedAt;
    private OffsetDateTime deliverBy;
    private Duration window;
    private UUID trackingId;
    private Date promisedOn;
    private Currency currency;

    public Delivery() {}

    public long getOrderId() {
        return orderId;
    }

    public void setOrderId(long orderId) {
        this.orderId = orderId;
    }

    public Locale getLocale() {
        return locale;
    }

    public void setLocale(Locale locale) {
        this.locale = locale;
    }

    public Instant getRequestedAt() {
        return requestedAt;
    }

    public void setRequestedAt(Instant requestedAt) {
        this.requestedAt = requestedAt;
    }

    public OffsetDateTime getDeliverBy() {
        return deliverBy;
    }

    public void setDeliverBy(OffsetDateTime deliverBy) {
        this.deliverBy = deliverBy;
    }

    public Duration getWindow() {
        return window;
    }

    public void setWindow(Duration window) {
        this.window = window;
    }

    public UUID getTrackingId() {
        return trackingId;
    }

    public void setTrackingId(UUID trackingId) {
        this.trackingId = trackingId;
    }

    public Date getPromisedOn() {
        return promisedOn;
    }

    public void setPromisedOn(Date promisedOn) {
        this.promisedOn = promisedOn;
    }

    public Currency getCurrency() {
        return currency;
    }

    public void setCurrency(Currency currency) {
        this.currency = currency;
    }
}
