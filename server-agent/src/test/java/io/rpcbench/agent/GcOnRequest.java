package io.rpcbench.agent;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;

/**
 * The JVM whose GC {@link LocalJvmGcIT} watches through the agent: prints {@code gc-on-request ready <pid>}, then
 * for each line {@code gc <n>} on its standard input runs {@code System.gc()} n times and prints
 * {@code done <n>}. It ends when its input ends (or when the test stops it by its pid).
 */
public final class GcOnRequest {
    private GcOnRequest() {
    }

    public static void main(String[] args) throws IOException {
        // Java 8 has no ProcessHandle: the runtime's name is "<pid>@<host>".
        String pid = ManagementFactory.getRuntimeMXBean().getName().split("@")[0];
        System.out.println("gc-on-request ready " + pid);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.startsWith("gc ")) {
                int collections = Integer.parseInt(line.substring(3).trim());
                for (int i = 0; i < collections; i++) {
                    System.gc();
                }
                System.out.println("done " + collections);
            }
        }
    }
}
