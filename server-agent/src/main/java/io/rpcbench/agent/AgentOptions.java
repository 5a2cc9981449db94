package io.rpcbench.agent;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.logging.Level;

/**
 * The command line: the original agent's options plus the safety flags.
 *
 * <pre>
 * --tcp-port N|off   TCP port (default 4444; 0 picks a free port)
 * --udp-port N|off   UDP port (default 4444; 0 picks a free port)
 * --interval S       seconds between lines for clients that send no interval: (default 1)
 * --loglevel L       debug, info, warn or error (default info)
 * --sysinfo          log what this host offers (file systems, disks, interfaces) at start
 * --auto-shutdown    stop when the last client disconnects
 * --bind ADDR        address to listen on (default 127.0.0.1)
 * --allow-clients A,B only these client addresses may talk to the agent (default: anyone who can reach it)
 * --max-clients N    at most N TCP clients at once; the next gets one ERROR line and is closed (default 64)
 * --max-udp-sessions N at most N UDP client addresses at once; datagrams from others are refused (default 64)
 * --udp-idle-timeout S a UDP session whose client sent nothing for S seconds, and for at least 3 of its
 *                    intervals, ends (default 30)
 * --allow-exec, --allow-tail, --allow-shutdown, --allow-udp-transmitter, --allow-jmx-remote
 * </pre>
 *
 * {@link #parse} throws {@link IllegalArgumentException} naming the bad option and what it expects.
 */
final class AgentOptions {
    static final int OFF = -1;

    int tcpPort = 4444;
    int udpPort = 4444;
    int intervalSeconds = 1;
    Level logLevel = Level.INFO;
    boolean sysinfo;
    boolean autoShutdown;
    boolean help;
    String bind = "127.0.0.1";
    List<String> allowClients = Collections.emptyList();
    boolean allowExec;
    boolean allowTail;
    /** jmx: specs may name a JVM on another host, or any service:jmx: URL (off: this host's loopback only). */
    boolean allowJmxRemote;
    boolean allowShutdown;
    boolean allowUdpTransmitter;
    int maxClients = 64;
    int maxUdpSessions = 64;
    int udpIdleTimeoutSeconds = 30;

    static final String USAGE = "usage: startAgent.sh [--tcp-port N|off] [--udp-port N|off] [--interval SECONDS]\n"
            + "         [--loglevel debug|info|warn|error] [--sysinfo] [--auto-shutdown]\n"
            + "         [--bind ADDRESS] [--allow-clients ADDR,ADDR...]\n"
            + "         [--max-clients N] [--max-udp-sessions N] [--udp-idle-timeout SECONDS]\n"
            + "         [--allow-exec] [--allow-tail] [--allow-shutdown] [--allow-udp-transmitter] [--allow-jmx-remote]\n"
            + "Ports default to 4444; 0 picks a free port; off disables that listener. Listens on 127.0.0.1\n"
            + "unless --bind names another address. exec/tail metrics, the shutdown command and udp-transmitter\n"
            + "are refused unless their --allow flag is given.";

    static AgentOptions parse(String... args) {
        AgentOptions options = new AgentOptions();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--tcp-port")) {
                options.tcpPort = port(arg, value(args, ++i, arg));
            } else if (arg.equals("--udp-port")) {
                options.udpPort = port(arg, value(args, ++i, arg));
            } else if (arg.equals("--interval")) {
                options.intervalSeconds = interval(value(args, ++i, arg));
            } else if (arg.equals("--loglevel")) {
                options.logLevel = level(value(args, ++i, arg));
            } else if (arg.equals("--max-clients")) {
                options.maxClients = atLeastOne(arg, value(args, ++i, arg), "clients");
            } else if (arg.equals("--max-udp-sessions")) {
                options.maxUdpSessions = atLeastOne(arg, value(args, ++i, arg), "sessions");
            } else if (arg.equals("--udp-idle-timeout")) {
                options.udpIdleTimeoutSeconds = atLeastOne(arg, value(args, ++i, arg), "seconds");
            } else if (arg.equals("--bind")) {
                options.bind = value(args, ++i, arg);
            } else if (arg.equals("--allow-clients")) {
                options.allowClients = list(value(args, ++i, arg));
            } else if (arg.equals("--sysinfo")) {
                options.sysinfo = true;
            } else if (arg.equals("--auto-shutdown")) {
                options.autoShutdown = true;
            } else if (arg.equals("--allow-exec")) {
                options.allowExec = true;
            } else if (arg.equals("--allow-tail")) {
                options.allowTail = true;
            } else if (arg.equals("--allow-shutdown")) {
                options.allowShutdown = true;
            } else if (arg.equals("--allow-udp-transmitter")) {
                options.allowUdpTransmitter = true;
            } else if (arg.equals("--allow-jmx-remote")) {
                options.allowJmxRemote = true;
            } else if (arg.equals("--no-exec") || arg.equals("--agent-version")) {
                // The original's: exec is off here unless --allow-exec, and the version is in the log; kept so
                // start scripts written for the original still work.
                continue;
            } else if (arg.equals("--help") || arg.equals("-h")) {
                options.help = true;
            } else {
                throw new IllegalArgumentException("unknown option '" + arg + "'");
            }
        }
        if (options.tcpPort == OFF && options.udpPort == OFF) {
            throw new IllegalArgumentException("--tcp-port and --udp-port are both off: nothing to listen on");
        }
        return options;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static int port(String option, String value) {
        if (value.equalsIgnoreCase("off")) {
            return OFF;
        }
        try {
            int port = Integer.parseInt(value);
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below with the expected form
        }
        throw new IllegalArgumentException(option + " expects a port 0-65535 or off, got '" + value + "'");
    }

    private static int interval(String value) {
        try {
            int seconds = Integer.parseInt(value);
            if (seconds >= 1) {
                return seconds;
            }
        } catch (NumberFormatException e) {
            // reported below with the expected form
        }
        throw new IllegalArgumentException("--interval expects whole seconds from 1, got '" + value + "'");
    }

    private static int atLeastOne(String option, String value, String what) {
        try {
            int number = Integer.parseInt(value);
            if (number >= 1) {
                return number;
            }
        } catch (NumberFormatException e) {
            // reported below with the expected form
        }
        throw new IllegalArgumentException(option + " expects a whole number of " + what + " from 1, got '" + value
                + "'");
    }

    private static Level level(String value) {
        String name = value.toLowerCase(Locale.ROOT);
        if (name.equals("debug")) {
            return Level.FINE;
        } else if (name.equals("info")) {
            return Level.INFO;
        } else if (name.equals("warn")) {
            return Level.WARNING;
        } else if (name.equals("error")) {
            return Level.SEVERE;
        }
        throw new IllegalArgumentException("--loglevel expects debug, info, warn or error, got '" + value + "'");
    }

    private static List<String> list(String value) {
        List<String> items = new ArrayList<String>();
        for (String item : value.split(",")) {
            if (!item.trim().isEmpty()) {
                items.add(item.trim());
            }
        }
        if (items.isEmpty()) {
            throw new IllegalArgumentException("--allow-clients expects addresses separated by commas, got '" + value
                    + "'");
        }
        return items;
    }

    Permissions permissions() {
        return new Permissions(allowExec, allowTail, allowShutdown, allowUdpTransmitter);
    }
}
