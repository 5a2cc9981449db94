package io.rpcbench.agent.metric.command;

import io.rpcbench.agent.metric.BadSpecException;
import io.rpcbench.agent.metric.Metric;
import io.rpcbench.agent.metric.MetricSpec;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.Charset;

/**
 * {@code tail:<file>} (only with {@code --allow-tail}): the number on the last non-empty line of a file, e.g. a
 * value another program appends. Only the last {@link #WINDOW_BYTES} bytes are read, however large the file.
 */
public final class TailMetric implements Metric {
    static final int WINDOW_BYTES = 64 * 1024;
    private final String file;

    public TailMetric(MetricSpec spec) {
        if (spec.positional().isEmpty()) {
            throw new BadSpecException(spec, "tail needs a file, e.g. tail:/var/log/app/queue.txt");
        }
        StringBuilder path = new StringBuilder();
        for (String part : spec.positional()) {
            path.append(path.length() == 0 ? "" : ":").append(part);
        }
        this.file = path.toString();
    }

    @Override
    public double read() throws IOException {
        RandomAccessFile in = new RandomAccessFile(file, "r");
        try {
            long start = Math.max(0, in.length() - WINDOW_BYTES);
            byte[] window = new byte[(int) (in.length() - start)];
            in.seek(start);
            in.readFully(window);
            String[] lines = new String(window, Charset.defaultCharset()).split("\r?\n");
            for (int i = lines.length - 1; i >= 0; i--) {
                if (!lines[i].trim().isEmpty()) {
                    return Numbers.parse(lines[i]);
                }
            }
            return Double.NaN;
        } finally {
            in.close();
        }
    }
}
