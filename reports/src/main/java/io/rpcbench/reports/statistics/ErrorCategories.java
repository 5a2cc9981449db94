package io.rpcbench.reports.statistics;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.figures.Figures;
import io.rpcbench.reports.jtl.JtlSample;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Failed samples by category (JMeter's response code; for rpcbench samplers the failure category), with the
 * first message seen as an example. Feed it every sample, then read {@link #categories}. Bounded: after
 * {@link #MAX_CATEGORIES} distinct codes, further codes count under {@link #OTHER}, and examples are cut at
 * {@link #MAX_MESSAGE} characters.
 */
public final class ErrorCategories implements Consumer<JtlSample> {

    static final int MAX_CATEGORIES = 50;
    static final int MAX_MESSAGE = 300;
    static final String OTHER = "(other codes)";

    private final Map<String, Category> categories = new LinkedHashMap<>();
    private long errors;

    private static final class Category {
        long count;
        String label;
        String message;
    }

    @Override
    public void accept(JtlSample sample) {
        if (sample.success()) {
            return;
        }
        errors++;
        String code = categories.containsKey(sample.responseCode()) || categories.size() < MAX_CATEGORIES
                ? sample.responseCode() : OTHER;
        Category category = categories.computeIfAbsent(code, c -> new Category());
        category.count++;
        if (category.message == null || category.message.isEmpty() && !sample.responseMessage().isEmpty()) {
            category.label = sample.label();
            category.message = example(sample.responseMessage());
        }
    }

    /** Categories by descending count, then code; percentages of all errors and of {@code samples}. */
    public List<DashboardData.ErrorCategory> categories(long samples) {
        List<DashboardData.ErrorCategory> result = new ArrayList<>();
        categories.entrySet().stream()
                .sorted(Comparator.<Map.Entry<String, Category>>comparingLong(e -> -e.getValue().count)
                        .thenComparing(Map.Entry::getKey))
                .forEach(e -> result.add(new DashboardData.ErrorCategory(e.getKey(), e.getValue().count,
                        Figures.round(100.0 * e.getValue().count / errors, 2),
                        Figures.round(samples == 0 ? 0 : 100.0 * e.getValue().count / samples, 2),
                        e.getValue().label, e.getValue().message)));
        return result;
    }

    private static String example(String message) {
        return message.length() <= MAX_MESSAGE ? message : message.substring(0, MAX_MESSAGE) + "…";
    }
}
