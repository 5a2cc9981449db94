package io.rpcbench.reports.page;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A chart of curves drawn as SVG in the page, no script: e.g. each plan's p99 against the throughput it reached at each
 * arrival rate of a capacity search, with the SLO's limit as a dashed line. X is linear from 0; Y is logarithmic when
 * the values span more than a factor of 20 (latency past the knee grows by orders of magnitude), else linear from 0.
 *
 * @param id     the section's HTML id (letters, digits, '-' and '_')
 * @param title  its heading
 * @param xTitle the x axis' title, with its unit
 * @param yTitle the y axis' title, with its unit
 * @param curves the curves, each drawn in its own colour, points in the order given
 * @param yLimit a limit drawn as a dashed horizontal line (e.g. the SLO's), if any
 * @param notes  lines under the chart
 */
public record CurveChart(String id, String title, String xTitle, String yTitle, List<Curve> curves,
        OptionalDouble yLimit, List<String> notes) implements PageSection {

    /** A point; {@code held} draws it filled, else hollow (e.g. a step that broke the SLO). */
    public record Point(double x, double y, boolean held) {}

    /** One curve, named in the legend. */
    public record Curve(String name, List<Point> points) {

        public Curve {
            Objects.requireNonNull(name, "name");
            points = List.copyOf(points);
        }
    }

    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"};
    private static final int WIDTH = 760;
    private static final int HEIGHT = 380;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 20;
    private static final int BOTTOM = 50;

    public CurveChart {
        if (id == null || !id.matches("[A-Za-z0-9_-]+")) {
            throw new IllegalArgumentException("chart id '" + id + "' is not usable in a page; expected letters, "
                    + "digits, '-' and '_'");
        }
        Objects.requireNonNull(title, "title");
        curves = List.copyOf(curves);
        notes = List.copyOf(notes);
        for (Curve curve : curves) {
            for (Point point : curve.points()) {
                if (!(point.x() >= 0) || !(point.y() >= 0) || Double.isInfinite(point.x())
                        || Double.isInfinite(point.y())) {
                    throw new IllegalArgumentException("curve '" + curve.name() + "' has the point (" + point.x()
                            + ", " + point.y() + "); expected finite values of 0 or more");
                }
            }
        }
    }

    @Override
    public String html() {
        List<Point> all = curves.stream().flatMap(c -> c.points().stream()).toList();
        double maxX = nice(all.stream().mapToDouble(Point::x).max().orElse(1) * 1.05);
        double maxY = Math.max(all.stream().mapToDouble(Point::y).max().orElse(1), yLimit.orElse(0));
        double minY = Math.min(all.stream().mapToDouble(Point::y).filter(y -> y > 0).min().orElse(maxY),
                yLimit.isPresent() && yLimit.getAsDouble() > 0 ? yLimit.getAsDouble() : Double.MAX_VALUE);
        boolean log = minY > 0 && maxY / minY > 20;
        Axis y = log ? Axis.log(minY, maxY) : Axis.linear(nice(maxY * 1.1));
        int plotWidth = WIDTH - LEFT - RIGHT;
        int plotHeight = HEIGHT - TOP - BOTTOM;

        StringBuilder svg = new StringBuilder();
        svg.append("<section class=\"table-section\" id=\"").append(id).append("\">\n<h2>")
                .append(PageTemplate.escapeHtml(title)).append("</h2>\n");
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" "
                + "width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\" font-family=\"sans-serif\" "
                + "font-size=\"11\">%n", WIDTH, HEIGHT + 20L * curves.size(), WIDTH, HEIGHT + 20L * curves.size(),
                PageTemplate.escapeHtml(title)));
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                + "stroke=\"#999\"/>%n", LEFT, TOP, plotWidth, plotHeight));
        for (int i = 0; i <= 5; i++) {
            double value = maxX * i / 5;
            double px = LEFT + plotWidth * i / 5.0;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>"
                    + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", px, TOP, px, TOP + plotHeight,
                    px, TOP + plotHeight + 15, label(value)));
        }
        for (double value : y.ticks()) {
            double py = TOP + plotHeight * (1 - y.position(value));
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", LEFT, py, LEFT + plotWidth, py,
                    LEFT - 5, py + 4, label(value)));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                LEFT + plotWidth / 2.0, TOP + plotHeight + 35, PageTemplate.escapeHtml(xTitle)));
        svg.append(String.format(Locale.ROOT, "<text transform=\"translate(15 %.1f) rotate(-90)\" "
                + "text-anchor=\"middle\">%s</text>%n", TOP + plotHeight / 2.0, PageTemplate.escapeHtml(yTitle)));
        if (yLimit.isPresent()) {
            double py = TOP + plotHeight * (1 - y.position(yLimit.getAsDouble()));
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#555\" "
                    + "stroke-dasharray=\"6 4\"/>%n", LEFT, py, LEFT + plotWidth, py));
        }
        for (int c = 0; c < curves.size(); c++) {
            Curve curve = curves.get(c);
            String colour = COLOURS[c % COLOURS.length];
            List<String> xy = new ArrayList<>();
            for (Point point : curve.points()) {
                double px = LEFT + plotWidth * point.x() / maxX;
                double py = TOP + plotHeight * (1 - y.position(point.y()));
                xy.add(String.format(Locale.ROOT, "%.1f,%.1f", px, py));
                svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" stroke=\"%s\" "
                        + "fill=\"%s\"><title>%s: %s, %s</title></circle>%n", px, py, colour,
                        point.held() ? colour : "white", PageTemplate.escapeHtml(curve.name()), label(point.x()),
                        label(point.y())));
            }
            if (xy.size() > 1) {
                svg.append("<polyline fill=\"none\" stroke=\"").append(colour).append("\" points=\"")
                        .append(String.join(" ", xy)).append("\"/>\n");
            }
            int legendY = HEIGHT + 20 * c;
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                    + "<text x=\"%d\" y=\"%d\">%s</text>%n", LEFT, legendY, colour, LEFT + 18, legendY + 10,
                    PageTemplate.escapeHtml(curve.name())));
        }
        svg.append("</svg>\n");
        notes.forEach(note -> svg.append("<p class=\"note\">").append(PageTemplate.escapeHtml(note)).append("</p>\n"));
        svg.append("</section>\n");
        return svg.toString();
    }

    /** A round value at or above {@code value}: 1, 2 or 5 times a power of ten. */
    static double nice(double value) {
        if (!(value > 0)) {
            return 1;
        }
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        for (double step : new double[] {1, 2, 5, 10}) {
            if (step * power >= value) {
                return step * power;
            }
        }
        return 10 * power;
    }

    private static String label(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return String.format(Locale.ROOT, "%,d", (long) value);
        }
        return value >= 10 ? String.format(Locale.ROOT, "%,.0f", value)
                : String.format(Locale.ROOT, "%.3g", value);
    }

    /** Where a value sits on the y axis, 0 (bottom) to 1 (top), and the values to mark. */
    private interface Axis {

        double position(double value);

        List<Double> ticks();

        static Axis linear(double max) {
            return new Axis() {
                @Override
                public double position(double value) {
                    return Math.min(1, value / max);
                }

                @Override
                public List<Double> ticks() {
                    List<Double> ticks = new ArrayList<>();
                    for (int i = 0; i <= 5; i++) {
                        ticks.add(max * i / 5);
                    }
                    return ticks;
                }
            };
        }

        static Axis log(double min, double max) {
            double low = Math.floor(Math.log10(min));
            double high = Math.ceil(Math.log10(max));
            double span = Math.max(1, high - low);
            return new Axis() {
                @Override
                public double position(double value) {
                    return value <= 0 ? 0 : Math.max(0, Math.min(1, (Math.log10(value) - low) / span));
                }

                @Override
                public List<Double> ticks() {
                    List<Double> ticks = new ArrayList<>();
                    for (double e = low; e <= low + span; e++) {
                        ticks.add(Math.pow(10, e));
                    }
                    return ticks;
                }
            };
        }
    }
}
