package io.rpcbench.sampler.jmeter;

import java.sql.Time;
import java.sql.Timestamp;
import java.time.ZonedDateTime;

/**
 * A test service answering with the date and time types a result may hold beyond the example's: each method parses
 * its text argument into its return type, so a test knows exactly what the provider sent; {@link #zonedText} tells
 * what it received.
 */
public interface TimeValues {

    /** @param text e.g. {@code 2024-05-07T18:00+08:00} */
    ZonedDateTime zoned(String text);

    /** The argument's ISO text, as the provider received it. */
    String zonedText(ZonedDateTime value);

    /** @param text e.g. {@code 2024-05-06} */
    java.sql.Date day(String text);

    /** @param text e.g. {@code 07:08:09}, the time of {@link #time} */
    Time time(String text);

    /** @param text an ISO instant, e.g. {@code 2024-05-06T07:08:09.123456789Z} */
    Timestamp stamp(String text);

    /** The text forms above, parsed. */
    final class Parsed implements TimeValues {
        @Override
        public ZonedDateTime zoned(String text) {
            return ZonedDateTime.parse(text);
        }

        @Override
        public String zonedText(ZonedDateTime value) {
            return value.toString();
        }

        @Override
        public java.sql.Date day(String text) {
            return java.sql.Date.valueOf(text);
        }

        @Override
        public Time time(String text) {
            return Time.valueOf(text);
        }

        @Override
        public Timestamp stamp(String text) {
            return Timestamp.from(java.time.Instant.parse(text));
        }
    }
}
