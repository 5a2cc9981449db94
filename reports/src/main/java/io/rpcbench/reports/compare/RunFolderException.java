package io.rpcbench.reports.compare;

/**
 * A RUN_DIR that cannot be compared: it does not exist, holds no {@code dashboard.json}, or its JSON is not the
 * dashboard's figures. The message names the path and what was expected; the command exits with 1.
 */
final class RunFolderException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    RunFolderException(String message) {
        super(message);
    }

    RunFolderException(String message, Throwable cause) {
        super(message, cause);
    }
}
