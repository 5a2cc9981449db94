package io.rpcbench.reports.jtl;

import java.nio.file.Path;

/** A JTL file that cannot be read as JMeter CSV results; the message names the file and the line. */
public class JtlFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public JtlFormatException(Path file, long line, String problem) {
        super(file + ":" + line + ": " + problem);
    }

    public JtlFormatException(Path file, long line, String problem, Throwable cause) {
        super(file + ":" + line + ": " + problem, cause);
    }
}
