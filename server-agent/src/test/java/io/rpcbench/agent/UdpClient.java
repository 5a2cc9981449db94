package io.rpcbench.agent;

import java.io.Closeable;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/** A UDP client of the agent protocol, or a receiver of udp-transmitter datagrams when it sends nothing. */
final class UdpClient implements Closeable {
    private final DatagramSocket socket;
    private final InetSocketAddress agent;

    UdpClient(int agentPort) throws IOException {
        socket = new DatagramSocket(0, InetAddress.getByName("127.0.0.1"));
        agent = new InetSocketAddress("127.0.0.1", agentPort);
    }

    int port() {
        return socket.getLocalPort();
    }

    UdpClient send(String line) throws IOException {
        byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
        socket.send(new DatagramPacket(bytes, bytes.length, agent));
        return this;
    }

    /** The text of the next datagram without its final newline, or "TIMEOUT". */
    String receive(long timeoutMillis) throws IOException {
        socket.setSoTimeout((int) timeoutMillis);
        DatagramPacket packet = new DatagramPacket(new byte[65536], 65536);
        try {
            socket.receive(packet);
        } catch (SocketTimeoutException e) {
            return "TIMEOUT";
        }
        String text = new String(packet.getData(), 0, packet.getLength(), StandardCharsets.UTF_8);
        return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    }

    @Override
    public void close() {
        socket.close();
    }
}
