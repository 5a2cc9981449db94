package io.rpcbench.agent;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/** A TCP client of the agent protocol: writes command lines, reads reply lines with a deadline. */
final class LineClient implements Closeable {
    private final Socket socket;
    private final BufferedReader in;
    private final OutputStream out;

    LineClient(int port) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
        in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        out = socket.getOutputStream();
    }

    LineClient send(String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        return this;
    }

    /** Writes text as it is, without adding a newline. */
    LineClient sendRaw(String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
        return this;
    }

    /** The next line, or null when the agent closed the connection; fails after the timeout. */
    String readLine(long timeoutMillis) throws IOException {
        socket.setSoTimeout((int) timeoutMillis);
        return in.readLine();
    }

    /** The next line, or "TIMEOUT" if none came in time. */
    String readLineOrTimeout(long timeoutMillis) throws IOException {
        try {
            return readLine(timeoutMillis);
        } catch (SocketTimeoutException e) {
            return "TIMEOUT";
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
