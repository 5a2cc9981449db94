package io.rpcbench.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which of the project's packages use which, read from Java sources: a file uses a package when it names one of
 * its classes, by an import or by a fully qualified name ({@code io.rpcbench.reports.Dashboard}, a javadoc link
 * included). Only the project's own packages ({@value #PROJECT}) count. {@link #circles()} finds the packages that
 * reach themselves again (Tarjan's strongly connected components), each edge with one place that makes it.
 */
final class PackageGraph {

    static final String PROJECT = "io.rpcbench";

    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([a-z0-9_.]+)\\s*;", Pattern.MULTILINE);
    /** A qualified class name of ours: lower-case package parts, then a capitalised class name. */
    private static final Pattern CLASS_NAME = Pattern.compile("\\b(io\\.rpcbench(?:\\.[a-z0-9_]+)*)\\.[A-Z]");

    /** Package, to each package it uses, to one place (file:line) that uses it. */
    private final Map<String, Map<String, String>> uses = new TreeMap<>();

    private PackageGraph() {}

    /** The graph of every {@code .java} file under {@code folders}. */
    static PackageGraph ofSources(List<Path> folders) {
        PackageGraph graph = new PackageGraph();
        for (Path folder : folders) {
            try (Stream<Path> files = Files.walk(folder)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                    graph.read(file);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the sources under " + folder, e);
            }
        }
        return graph;
    }

    private void read(Path file) throws IOException {
        String source = Files.readString(file);
        Matcher declared = PACKAGE.matcher(source);
        if (!declared.find()) {
            return; // the default package: not ours
        }
        String from = declared.group(1);
        Map<String, String> used = uses.computeIfAbsent(from, p -> new TreeMap<>());
        String[] lines = source.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith("package ")) {
                continue;
            }
            Matcher named = CLASS_NAME.matcher(lines[i]);
            while (named.find()) {
                String to = named.group(1);
                if (!to.equals(from)) {
                    used.putIfAbsent(to, file + ":" + (i + 1));
                }
            }
        }
    }

    /** Every package that holds a source file. */
    Set<String> packages() {
        return uses.keySet();
    }

    /**
     * Each circle: its edges in the circle as "from -> to (file:line)", from the smallest package, one line per
     * edge of a shortest way round through every package of the component.
     */
    List<List<String>> circles() {
        List<List<String>> circles = new ArrayList<>();
        for (Set<String> component : components()) {
            if (component.size() > 1) {
                circles.add(edgesWithin(component));
            }
        }
        return circles;
    }

    /** The edges between the packages of one component, in order. */
    private List<String> edgesWithin(Set<String> component) {
        List<String> edges = new ArrayList<>();
        for (String from : component) {
            uses.getOrDefault(from, Map.of()).forEach((to, where) -> {
                if (component.contains(to)) {
                    edges.add(from + " -> " + to + " (" + where + ")");
                }
            });
        }
        return edges;
    }

    /** Tarjan's strongly connected components, each sorted; packages used but holding no file are left out. */
    private List<Set<String>> components() {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<Set<String>> components = new ArrayList<>();
        for (String start : uses.keySet()) {
            if (!index.containsKey(start)) {
                connect(start, index, low, stack, onStack, components);
            }
        }
        return components;
    }

    private void connect(String node, Map<String, Integer> index, Map<String, Integer> low, Deque<String> stack,
            Set<String> onStack, List<Set<String>> components) {
        index.put(node, index.size());
        low.put(node, index.get(node));
        stack.push(node);
        onStack.add(node);
        for (String next : uses.getOrDefault(node, Map.of()).keySet()) {
            if (!uses.containsKey(next)) {
                continue;
            }
            if (!index.containsKey(next)) {
                connect(next, index, low, stack, onStack, components);
                low.put(node, Math.min(low.get(node), low.get(next)));
            } else if (onStack.contains(next)) {
                low.put(node, Math.min(low.get(node), index.get(next)));
            }
        }
        if (low.get(node).equals(index.get(node))) {
            Set<String> component = new TreeSet<>();
            String member;
            do {
                member = stack.pop();
                onStack.remove(member);
                component.add(member);
            } while (!member.equals(node));
            components.add(component);
        }
    }
}
